import type { FastifyInstance } from 'fastify';
import { createViewBodySchema, updateViewBodySchema } from '../../protocol/api/views';
import type { AppDeps } from '../app-deps';
import { parseBody } from './problem';

type ViewParams = { Params: { project: string; name: string } };

/** MindsDB's REST routes for views: list, create, get, update (or create), delete. */
export function registerViewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { views } = deps;

  app.get<{ Params: { project: string } }>('/api/projects/:project/views', async (request) =>
    views.list(request.params.project),
  );

  app.post<{ Params: { project: string } }>('/api/projects/:project/views', async (request, reply) => {
    const { view } = parseBody(createViewBodySchema, request.body);
    const made = await views.create(request.params.project, view.name, view.query);
    return reply.code(201).send(made!.view);
  });

  app.get<ViewParams>('/api/projects/:project/views/:name', async (request) =>
    views.get(request.params.project, request.params.name),
  );

  app.put<ViewParams>('/api/projects/:project/views/:name', async (request, reply) => {
    const { view } = parseBody(updateViewBodySchema, request.body);
    const { project, name } = request.params;
    if (await views.find(project, name)) {
      return view.query === undefined ? views.get(project, name) : views.update(project, name, view.query);
    }
    // As MindsDB: a PUT of an unknown view creates it, and then needs its query.
    const made = await views.create(project, name, view.query);
    return reply.code(201).send(made!.view);
  });

  app.delete<ViewParams>('/api/projects/:project/views/:name', async (request, reply) => {
    await views.drop(request.params.project, request.params.name);
    return reply.code(204).send();
  });
}
