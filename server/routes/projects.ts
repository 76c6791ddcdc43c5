import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { DATA_SOURCES } from '../services/projects';

export function registerProjectRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/projects', async () => (await deps.projects.list()).map((p) => ({ name: p.name, id: p.id })));

  // The object browser: databases first, then what each holds.
  app.get('/api/tree/', async () => [
    ...(await deps.projects.list()).map((p) => ({
      name: p.name,
      class: 'db', // as MindsDB answers: every database is class 'db'; `type` tells projects from data
      type: 'project',
      engine: null,
      deletable: p.name !== 'mindsdb',
      visible: true,
    })),
    ...DATA_SOURCES.map((d) => ({
      name: d.name,
      class: 'db',
      type: 'data',
      engine: d.engine,
      deletable: false,
      visible: true,
    })),
  ]);

  app.get<{ Params: { db: string } }>('/api/tree/:db', async (request) => {
    const { db } = request.params;
    if (DATA_SOURCES.some((d) => d.name === db)) {
      return (await deps.files.list()).map((f) => ({
        name: f.name,
        class: 'table',
        type: 'table',
        engine: null,
        deletable: true,
        schema: null,
      }));
    }
    return (await deps.projects.objects(db)).map((o) => ({
      name: o.name,
      class: 'table',
      type: o.type,
      engine: null,
      deletable: true,
      schema: null,
    }));
  });
}
