import type { FastifyInstance } from 'fastify';
import { createJobBodySchema } from '../../protocol/api/jobs';
import type { AppDeps } from '../app-deps';
import { parseBody } from './problem';

type JobParams = { Params: { project: string; name: string } };

/**
 * MindsDB's REST routes for jobs: list, create, get, delete, and a job's run history. Also starts the
 * scheduler with the app and stops it (waiting for a run in progress) when the app closes.
 */
export function registerJobRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { jobs } = deps;
  app.addHook('onReady', async () => deps.jobScheduler.start());
  app.addHook('onClose', async () => deps.jobScheduler.stop());

  app.get<{ Params: { project: string } }>('/api/projects/:project/jobs', async (request) =>
    jobs.list(request.params.project),
  );

  app.post<{ Params: { project: string } }>('/api/projects/:project/jobs', async (request, reply) => {
    const { job } = parseBody(createJobBodySchema, request.body);
    // MindsDB answers a created job with 200 and the job.
    return reply.code(200).send(await jobs.createFromBody(request.params.project, job));
  });

  app.get<JobParams>('/api/projects/:project/jobs/:name', async (request) =>
    jobs.get(request.params.project, request.params.name),
  );

  app.delete<JobParams>('/api/projects/:project/jobs/:name', async (request, reply) => {
    await jobs.drop(request.params.project, request.params.name);
    return reply.code(204).send();
  });

  app.get<JobParams>('/api/projects/:project/jobs/:name/history', async (request) =>
    jobs.history(request.params.project, request.params.name),
  );
}
