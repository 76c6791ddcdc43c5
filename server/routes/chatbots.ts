import type { FastifyInstance } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import type { Chatbots } from '../../protocol/api/projects';
import type { AppDeps } from './app-deps';
import { HttpProblem } from '../http/problem';

type ProjectParams = { Params: { project: string } };
type ChatbotParams = { Params: { project: string; name: string } };

/** Why no chatbot can be made here: MindsDB's chatbots live in chat apps this server does not connect to. */
const NOT_OFFERED =
  'Chatbots are not offered by this server: they answer in chat apps (Slack, Teams, Telegram) through ' +
  'integrations it does not have. Agents answer over this API (/api/projects/{project}/agents).';

/**
 * MindsDB's chatbot routes, for a server that has none: the list of a project is empty, a chatbot is never
 * found, and creating or updating one is refused with the reason. A missing project is MindsDB's 404.
 */
export function registerChatbotRoutes(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/projects/:project/chatbots';
  const requireProject = async (project: string) => {
    if (!(await deps.projects.find(project))) {
      throw new HttpProblem(404, 'Project not found', `Project with name ${project} does not exist`);
    }
  };
  const notFound = (name: string) =>
    new HttpProblem(404, 'Chatbot not found', `Chatbot with name ${name} does not exist`);

  app.get<ProjectParams>(base, async (request) => {
    await requireProject(request.params.project);
    return [] satisfies Declared<Chatbots>;
  });
  app.post<ProjectParams>(base, async (request) => {
    await requireProject(request.params.project);
    throw new HttpProblem(400, 'Chatbots are not offered', NOT_OFFERED);
  });
  app.get<ChatbotParams>(`${base}/:name`, async (request) => {
    await requireProject(request.params.project);
    throw notFound(request.params.name);
  });
  app.put<ChatbotParams>(`${base}/:name`, async (request) => {
    await requireProject(request.params.project);
    throw new HttpProblem(400, 'Chatbots are not offered', NOT_OFFERED);
  });
  app.delete<ChatbotParams>(`${base}/:name`, async (request) => {
    await requireProject(request.params.project);
    throw notFound(request.params.name);
  });
}
