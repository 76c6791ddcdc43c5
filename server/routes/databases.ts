import type { FastifyInstance } from 'fastify';
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
import type { AppDeps } from '../app-deps';
import type { SourceView } from '../services/data-sources/service';
import { createSourceTable, dropSourceTable, findSourceTable } from '../services/data-sources/tables';
import { NotFoundError, ValidationError } from '../errors';
import { DATA_SOURCES } from '../services/projects';
import type { Literal } from '../dialect/ast';
import { parseBody } from './problem';

type DbParams = { Params: { db: string } };
type TableParams = { Params: { db: string; table: string } };

/** A connected source as MindsDB answers an integration: its parameters as `connection_data`, masked. */
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

const summary = (name: string, type: 'project' | 'data', id: number | null, engine: string | null) =>
  ({ name, type, id, engine }) satisfies Declared<DatabaseSummary>;

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
  const requireSource = async (db: string) => {
    if (await sources.find(db)) return;
    if (DATA_SOURCES.some((d) => d.name === db) || (await deps.projects.find(db))) {
      throw new ValidationError(`Database '${db}' is not a connected data source`);
    }
    await sources.get(db); // 404 naming it
  };

  app.get('/api/databases/', async () => [
    ...(await deps.projects.list()).map((p) => summary(p.name, 'project', p.id, null)),
    ...DATA_SOURCES.map((d) => summary(d.name, 'data', null, d.engine)),
    ...(await sources.list()).map((s) => summary(s.name, 'data', s.id, s.engine)),
  ]);

  app.post('/api/databases/', async (request, reply) => {
    const body = parseBody(createDatabaseBodySchema, request.body);
    const { name, engine } = body.database;
    const params = (body.database.parameters ?? {}) as Record<string, Literal>;
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
    await sources.create(name, engine, params);
    return reply.code(201).send(integration(await sources.get(name)));
  });

  // Ours (the console's "Test connection"): tries the parameters without saving anything, and answers the
  // outcome as MindsDB's `connection_status`.
  app.post('/api/databases/check_connection', async (request) => {
    const body = parseBody(checkConnectionBodySchema, request.body);
    try {
      await sources.test(body.engine, (body.parameters ?? {}) as Record<string, Literal>);
      return { success: true, error_message: null } satisfies Declared<ConnectionStatus>;
    } catch (err) {
      if (err instanceof ValidationError) {
        return { success: false, error_message: err.message } satisfies Declared<ConnectionStatus>;
      }
      throw err;
    }
  });

  app.get<DbParams>('/api/databases/:db', async (request) => {
    const { db } = request.params;
    const project = await deps.projects.find(db);
    if (project) return summary(db, 'project', project.id, null);
    const builtIn = DATA_SOURCES.find((d) => d.name === db);
    if (builtIn) return summary(db, 'data', null, builtIn.engine);
    return integration(await sources.get(db));
  });

  app.put<DbParams>('/api/databases/:db', async (request, reply) => {
    const body = parseBody(updateDatabaseBodySchema, request.body);
    const { db } = request.params;
    const params = (body.database.parameters ?? {}) as Record<string, Literal>;
    if (!(await sources.find(db))) {
      if (!body.database.engine) {
        throw new ValidationError('Missing "engine" field for new database', 'database.engine');
      }
      await sources.create(db, body.database.engine, params);
      return reply.code(201).send(integration(await sources.get(db)));
    }
    return integration(await sources.alter(db, params));
  });

  app.delete<DbParams>('/api/databases/:db', async (request, reply) => {
    const { db } = request.params;
    if (!(await sources.find(db)) && (await deps.projects.find(db))) await deps.projects.drop(db);
    else if (DATA_SOURCES.some((d) => d.name === db)) {
      throw new ValidationError(`Database '${db}' is built in and cannot be deleted`);
    } else await sources.drop(db);
    return reply.code(204).send();
  });

  app.get<DbParams>('/api/databases/:db/tables', async (request) => {
    await requireSource(request.params.db);
    return (await sources.tables(request.params.db)).map(sourceTable);
  });

  app.get<TableParams>('/api/databases/:db/tables/:table', async (request) => {
    const { db, table } = request.params;
    await requireSource(db);
    const found = await findSourceTable(sources, db, table);
    if (!found) throw new NotFoundError(`Table with name ${table} not found`);
    return sourceTable(found);
  });

  app.post<DbParams>('/api/databases/:db/tables', async (request, reply) => {
    const { db } = request.params;
    const body = parseBody(createSourceTableBodySchema, request.body);
    await requireSource(db);
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
    await requireSource(db);
    await dropSourceTable(sources, db, table, timeoutMs);
    return reply.code(204).send();
  });
}
