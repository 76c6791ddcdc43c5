import type { FastifyInstance } from 'fastify';
import { DATA_SOURCES, SYSTEM_DATABASES } from '../domain/system-databases';
import type { Declared } from '../../protocol/api/answers';
import type { Project } from '../../protocol/api/projects';
import type { TreeDatabase, TreeObject } from '../../protocol/api/tree';
import type { AppDeps } from './app-deps';
import { sourceTree } from '../services/data-sources/tree';
import { systemDatabaseTables } from '../sql/information-schema';
import { HttpProblem } from '../http/problem';

/** Every project holds MindsDB's `models` table; this server trains no models, so it is always empty. */
const MODELS_TABLE = {
  name: 'models',
  class: 'table',
  type: 'table',
  engine: null,
  deletable: false,
  schema: null,
} satisfies Declared<TreeObject>;

const presentProject = (p: { name: string }) => ({ name: p.name }) satisfies Declared<Project>;

export function registerProjectRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/projects', async () => (await deps.projects.list()).map(presentProject));

  app.get<{ Params: { name: string } }>('/api/projects/:name', async (request) => {
    const project = await deps.projects.find(request.params.name);
    if (!project) {
      // MindsDB's title and words for a missing project.
      throw new HttpProblem(404, 'Project not exists', `Project name ${request.params.name} does not exist`);
    }
    return presentProject(project);
  });

  // The object browser: databases first (as MindsDB lists them: system, projects, data), then what each holds.
  app.get('/api/tree/', async (): Promise<Declared<TreeDatabase>[]> => [
    ...SYSTEM_DATABASES.map((name) => ({
      name,
      class: 'db',
      type: 'system',
      engine: null,
      deletable: false,
      visible: true,
    })),
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
    ...(await deps.dataSources.list()).map((d) => ({
      name: d.name,
      class: 'db',
      type: 'data',
      engine: d.engine,
      deletable: true,
      visible: true,
    })),
  ]);

  app.get<{ Params: { db: string } }>('/api/tree/:db', async (request): Promise<Declared<TreeObject>[]> => {
    // MindsDB looks databases up in lower case.
    const db = request.params.db.toLowerCase();
    const system = systemDatabaseTables(db);
    if (system) {
      return system.map((name) => ({
        name,
        class: 'table',
        type: 'system view',
        engine: null,
        deletable: false,
      }));
    }
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
    if (await deps.dataSources.find(db)) return sourceTree(deps.dataSources, db);
    if (!(await deps.projects.find(db))) {
      // MindsDB answers an unknown database with 400 and these words.
      throw new HttpProblem(400, 'Error', `There is no element with name '${db}'`);
    }
    return [
      MODELS_TABLE,
      ...(await deps.projects.objects(db)).map((o) => ({
        name: o.name,
        class: 'table',
        type: o.type,
        engine: null,
        deletable: true,
        schema: null,
      })),
    ];
  });
}
