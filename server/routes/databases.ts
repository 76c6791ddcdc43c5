import type { FastifyInstance } from 'fastify';
import {
  DATA_SOURCES,
  SYSTEM_DATABASES,
  refuseSystemChange,
  refuseSystemTableChange,
} from '../domain/system-databases';
import type { Declared } from '../../protocol/api/answers';
import {
  checkConnectionBodySchema,
  createDatabaseBodySchema,
  createSourceTableBodySchema,
  updateDatabaseBodySchema,
  type ConnectionStatus,
  type DatabaseSummary,
  type Integration,
} from '../../protocol/api/databases';
import type { AppDeps } from './app-deps';
import type { SourceParameters, SourceView } from '../services/data-sources/service';
import { createSourceTable, dropSourceTable, findSourceTable } from '../services/data-sources/tables';
import { ValidationError } from '../errors';
import { databaseTables, pickTable } from './database-tables';
import { HttpProblem, parseBody } from '../http/problem';

type DbParams = { Params: { db: string } };

type TableParams = { Params: { db: string; table: string } };

/** A connected source as MindsDB answers an integration: its parameters as `connection_data`, as presented. */
const integration = (s: SourceView) =>
  ({
    id: s.id,
    name: s.name,
    type: 'data',
    engine: s.engine,
    class_type: 'sql',
    connection_data: s.parameters,
    date_last_update: s.updated_at,
  }) satisfies Declared<Integration>;

const summary = (
  name: string,
  type: 'system' | 'project' | 'data',
  id: number | null,
  engine: string | null,
) => ({ name, type, id, engine }) satisfies Declared<DatabaseSummary>;

/** MindsDB's answers for a database or table that is not there. */
const databaseNotFound = (db: string) =>
  new HttpProblem(404, 'Database not found', `Database with name ${db} does not exist.`);
const tableNotFound = (table: string) =>
  new HttpProblem(404, 'Table not found', `Table with name ${table} not found`);

/** MindsDB's refusal to delete a database that is not a project or a connected source, with its cause. */
const cannotDelete = (db: string, cause: string) =>
  new HttpProblem(
    400,
    'Error',
    `Cannot delete database ${db}. This is most likely a system database, a permanent integration, or an ML ` +
      `engine with active models. Full error: ${cause}. Please check the name and try again.`,
  );

/**
 * A create or update whose connection fails is MindsDB's 400 `Connection error` (the cause in the detail,
 * secrets masked by the source's errors); other refusals keep their own answer.
 */
async function orConnectionError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ValidationError && err.field === 'parameters') {
      throw new HttpProblem(400, 'Connection error', err.message, 'parameters');
    }
    throw err;
  }
}

/** MindsDB's refusal to create or drop a table of a project over this route. */
const projectTableRefusal = (db: string, table: string, verb: 'create' | 'delete') =>
  new HttpProblem(
    400,
    'Error',
    `Database ${db} is a project. If you want to ${verb} a model or view, use the ` +
      `projects/${db}/models/${table} or projects/${db}/views/${table} endpoints instead.`,
  );

/** A table of a connected source as MindsDB lists one. */
const sourceTable = (t: { name: string; type: string; schema?: string | null }) => ({
  name: t.name,
  type: t.type === 'VIEW' ? 'view' : 'data',
  schema: t.schema ?? null,
});

/**
 * Databases over REST as MindsDB serves them: list/create/get/update/delete, and a source's tables (list,
 * get, create from a query, delete). Parameters are masked in every answer.
 */
export function registerDatabaseRoutes(app: FastifyInstance, deps: AppDeps): void {
  const sources = deps.dataSources;
  const timeoutMs = sources.timeoutMs;
  /** Creating or dropping a table is done in a connected source only. */
  const requireSource = async (db: string, table: string, verb: 'create' | 'delete') => {
    if (await sources.find(db)) return;
    if (await deps.projects.find(db)) throw projectTableRefusal(db, table, verb);
    if ((await databaseTables(deps, db)) !== undefined) {
      throw new ValidationError(
        `Database '${db}' is not a connected data source: its tables are not changed here`,
      );
    }
    throw databaseNotFound(db);
  };

  app.get('/api/databases/', async () => [
    ...SYSTEM_DATABASES.map((name) => summary(name, 'system', null, null)),
    ...(await deps.projects.list()).map((p) => summary(p.name, 'project', p.id, null)),
    ...DATA_SOURCES.map((d) => summary(d.name, 'data', null, d.engine)),
    ...(await sources.list()).map((s) => summary(s.name, 'data', s.id, s.engine)),
  ]);

  app.post('/api/databases/', async (request, reply) => {
    const body = parseBody(createDatabaseBodySchema, request.body);
    const { name, engine } = body.database;
    const params = (body.database.parameters ?? {}) as SourceParameters;
    if (body.check_connection) {
      // MindsDB's answer to a failed check: 200 with the cause, nothing created.
      try {
        await sources.test(engine, params);
      } catch (err) {
        if (err instanceof ValidationError && err.field === 'parameters') {
          return { status: 'connection_error', detail: err.message };
        }
        throw err;
      }
    }
    await orConnectionError(() => sources.create(name, engine, params));
    return reply.code(201).send(integration(await sources.get(name)));
  });

  const savedConnectionStatus = async (db: string): Promise<Declared<ConnectionStatus>> => {
    try {
      await sources.testChanges(db, {});
      return { success: true, error_message: null };
    } catch (err) {
      if (err instanceof ValidationError) return { success: false, error_message: err.message };
      throw err;
    }
  };

  // Ours (the console's "Test connection"): tries the parameters without saving anything, and answers the
  // outcome as MindsDB's `connection_status`.
  app.post('/api/databases/check_connection', async (request) => {
    const body = parseBody(checkConnectionBodySchema, request.body);
    const params = (body.parameters ?? {}) as SourceParameters;
    const { engine, name } = body;
    if (name === undefined && engine === undefined) {
      throw new ValidationError('Give the engine, or the name of a saved source', 'engine');
    }
    try {
      if (name !== undefined) await sources.testChanges(name, params);
      else if (engine !== undefined) await sources.test(engine, params);
      return { success: true, error_message: null } satisfies Declared<ConnectionStatus>;
    } catch (err) {
      if (err instanceof ValidationError) {
        return { success: false, error_message: err.message } satisfies Declared<ConnectionStatus>;
      }
      throw err;
    }
  });

  app.get<DbParams & { Querystring: { check_connection?: string } }>(
    '/api/databases/:db',
    async (request) => {
      const { db } = request.params;
      // MindsDB's `?check_connection=true`: a connected source also says whether its saved parameters work now.
      const checking = ['1', 'true'].includes(String(request.query.check_connection ?? '').toLowerCase());
      const project = await deps.projects.find(db);
      if (project) return summary(db, 'project', project.id, null);
      const builtIn = DATA_SOURCES.find((d) => d.name === db);
      if (builtIn) return summary(db, 'data', null, builtIn.engine);
      const source = await sources.find(db);
      if (!source) throw databaseNotFound(db);
      if (!checking) return integration(source);
      return { ...integration(source), connection_status: await savedConnectionStatus(db) };
    },
  );

  app.put<DbParams>('/api/databases/:db', async (request, reply) => {
    const body = parseBody(updateDatabaseBodySchema, request.body);
    const { db } = request.params;
    refuseSystemChange(db, 'altered');
    const params = (body.database.parameters ?? {}) as SourceParameters;
    if (!(await sources.find(db))) {
      if (!body.database.engine) {
        throw new ValidationError('Missing "engine" field for new database', 'database.engine');
      }
      const engine = body.database.engine;
      await orConnectionError(() => sources.create(db, engine, params));
      return reply.code(201).send(integration(await sources.get(db)));
    }
    return integration(await orConnectionError(() => sources.alter(db, params)));
  });

  app.delete<DbParams>('/api/databases/:db', async (request, reply) => {
    const { db } = request.params;
    // The rule is domain/system-databases.ts's; the words around its refusal are MindsDB's.
    try {
      refuseSystemChange(db, 'dropped');
    } catch (err) {
      throw cannotDelete(db, (err as Error).message);
    }
    if (await sources.find(db)) await sources.drop(db);
    else if (await deps.projects.find(db)) await deps.projects.drop(db);
    else throw databaseNotFound(db);
    return reply.code(204).send();
  });

  app.get<DbParams>('/api/databases/:db/tables', async (request) => {
    const tables = await databaseTables(deps, request.params.db);
    if (!tables) throw databaseNotFound(request.params.db);
    return tables;
  });

  app.get<TableParams>('/api/databases/:db/tables/:table', async (request) => {
    const { db, table } = request.params;
    if (await sources.find(db)) {
      const found = await findSourceTable(sources, db, table);
      if (!found) throw tableNotFound(table);
      return sourceTable(found);
    }
    const tables = await databaseTables(deps, db);
    if (!tables) throw databaseNotFound(db);
    const found = pickTable(tables, table);
    if (!found) throw tableNotFound(table);
    return found;
  });

  app.post<DbParams>('/api/databases/:db/tables', async (request, reply) => {
    const { db } = request.params;
    const body = parseBody(createSourceTableBodySchema, request.body);
    refuseSystemTableChange(db);
    await requireSource(db, body.table.name, 'create');
    const created = await createSourceTable(
      sources,
      db,
      { name: body.table.name, select: body.table.select, replace: body.table.replace ?? false },
      timeoutMs,
    );
    return reply.code(201).send(sourceTable(created));
  });

  app.delete<TableParams>('/api/databases/:db/tables/:table', async (request, reply) => {
    const { db, table } = request.params;
    refuseSystemTableChange(db);
    await requireSource(db, table, 'delete');
    await dropSourceTable(sources, db, table, timeoutMs);
    return reply.code(204).send();
  });
}
