import type { Declared } from '../../protocol/api/answers';
import type { DatabaseTable } from '../../protocol/api/databases';
import type { AppDeps } from './app-deps';
import { DATA_SOURCES } from '../domain/system-databases';
import type { ProjectObjectType } from '../services/projects';
import { systemDatabaseTables } from '../sql/information-schema';

/**
 * What MindsDB's table listing calls each kind of project object: its `TABLE_TYPE` in lower case, a base
 * table being `data`.
 */
const PROJECT_TABLE_TYPES: Record<ProjectObjectType, string> = {
  view: 'view',
  agent: 'agent',
  knowledge_base: 'knowledge base',
};

const entry = (name: string, type: string) => ({ name, type }) satisfies Declared<DatabaseTable>;

/**
 * The tables of any database, as `GET /api/databases/{db}/tables` lists them (`{name, type}`): a system
 * database's views, the uploaded files, a project's `models` table (always there, and empty: this server
 * trains no models) and objects, or a connected source's tables (with their schema, ours). Undefined when
 * no database has that name. Names are looked up in any case, as everywhere else.
 */
export async function databaseTables(
  deps: AppDeps,
  db: string,
): Promise<Declared<DatabaseTable>[] | undefined> {
  const lower = db.toLowerCase();
  const system = systemDatabaseTables(lower);
  if (system) return system.map((name) => entry(name, 'system view'));
  if (DATA_SOURCES.some((d) => d.name === lower)) {
    return (await deps.files.list()).map((f) => entry(f.name, 'data'));
  }
  if (await deps.dataSources.find(db)) {
    return (await deps.dataSources.tables(db)).map((t) => ({
      ...entry(t.name, t.type === 'VIEW' ? 'view' : 'data'),
      schema: t.schema ?? null,
    }));
  }
  if (!(await deps.projects.find(db))) return undefined;
  return [
    entry('models', 'data'),
    ...(await deps.projects.objects(db)).map((o) => entry(o.name, PROJECT_TABLE_TYPES[o.type])),
  ];
}

/** One table of `tables` by name: exact first, then in any case (project objects' names are case-insensitive). */
export function pickTable<T extends { name: string }>(tables: T[], name: string): T | undefined {
  return (
    tables.find((t) => t.name === name) ?? tables.find((t) => t.name.toLowerCase() === name.toLowerCase())
  );
}
