import type { FastifyInstance } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import { createViewBodySchema, updateViewBodySchema, type View } from '../../protocol/api/views';
import type { ViewInfo } from '../services/views/service';
import type { AppDeps } from './app-deps';
import { parseBody } from '../http/problem';

/** A view as MindsDB's REST API answers it. */
const presentView = (v: ViewInfo) => ({ id: v.id, name: v.name, query: v.query }) satisfies Declared<View>;

type ViewParams = { Params: { project: string; name: string } };

/** MindsDB's REST routes for views: list, create, get, update (or create), delete. */
export function registerViewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { views } = deps;

  app.get<{ Params: { project: string } }>('/api/projects/:project/views', async (request) =>
    (await views.list(request.params.project)).map(presentView),
  );

  app.post<{ Params: { project: string } }>('/api/projects/:project/views', async (request, reply) => {
    const { view } = parseBody(createViewBodySchema, request.body);
    const made = await views.create(request.params.project, view.name, view.query);
    return reply.code(201).send(presentView(made!.view));
  });

  app.get<ViewParams>('/api/projects/:project/views/:name', async (request) =>
    presentView(await views.get(request.params.project, request.params.name)),
  );

  app.put<ViewParams>('/api/projects/:project/views/:name', async (request, reply) => {
    const { view } = parseBody(updateViewBodySchema, request.body);
    const { project, name } = request.params;
    if (await views.find(project, name)) {
      return presentView(
        view.query === undefined
          ? await views.get(project, name)
          : await views.update(project, name, view.query),
      );
    }
    // As MindsDB: a PUT of an unknown view creates it, and then needs its query.
    const made = await views.create(project, name, view.query);
    return reply.code(201).send(presentView(made!.view));
  });

  app.delete<ViewParams>('/api/projects/:project/views/:name', async (request, reply) => {
    await views.drop(request.params.project, request.params.name);
    return reply.code(204).send();
  });
}
