import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { refuseSystemTableChange, systemDatabase } from '../domain/system-databases';
import { toMysqlReading } from '../dialect/mysql-dialect';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { FileService } from '../services/files';
import type { ProjectService } from '../services/projects';
import { type EngineSelect } from './engine-select';
import { toEngineDialect } from '../dialect/engine-dialect';
import {
  readsInformationSchema,
  runInformationSchemaSelect,
  type CatalogSources,
} from './information-schema';
import type { SqlRouter } from './router';
import { MODELS_COLUMNS } from './show-listings';
import { ok, table } from '../domain/sql';
import type { UserVariables } from './user-variables';

/**
 * Whether a CREATE or DROP TABLE names a table of `files`, which this file's handlers answer. Any other system
 * database is refused here: its tables are not the users' to create or drop.
 */
function isFilesTable(db: string, parts: string[]): boolean {
  refuseSystemTableChange(db);
  return systemDatabase(db) === 'files' && parts.length <= 2;
}

/**
 * What MySQL clients send besides queries (SHOW listings, SET), DROP TABLE and CREATE TABLE on `files`, and
 * SELECTs on information_schema.
 */
export function registerMysqlHandlers(
  router: SqlRouter,
  deps: {
    projects: ProjectService;
    files: FileService;
    engine: EngineSelect;
    userVariables: UserVariables;
  } & Pick<CatalogSources, 'views' | 'jobs' | 'knowledgeBases'>,
): void {
  const { projects, files, engine, views, jobs, knowledgeBases } = deps;

  // MindsDB accepts SET and keeps none of MySQL's settings (the session's database is changed with USE); it
  // keeps user variables given constants, for `@name` in later statements.
  router.register('set', async (s) => {
    for (const { name, value } of s.variables) deps.userVariables.set(name, value);
    return ok();
  });
  // Each statement is applied when it runs: a transaction's bounds have nothing to do (as in MindsDB).
  router.register('transaction', async () => ok());
  // A dump's DISABLE KEYS / ENABLE KEYS around its inserts: no index here to suspend (as in MindsDB).
  router.register('alter_table_keys', async () => ok());
  // A dump's LOCK TABLES / UNLOCK TABLES, a SAVEPOINT: each statement is applied when it runs, nothing to hold.
  router.register('mysql_no_op', async () => ok());

  router.register('drop_table', async (s, session) => {
    const [db, name] = s.name.parts.length > 1 ? s.name.parts : [session.db, s.name.parts[0]];
    if (!isFilesTable(db, s.name.parts)) return undefined;
    if (!(await files.exists(name))) {
      if (s.ifExists) return ok(0);
      throw new NotFoundError(`Table '${name}' does not exist in 'files'`);
    }
    await files.remove(name);
    return ok(1);
  });

  router.register('create_table', async (s, session, run) => {
    const [db, name] = s.name.parts.length > 1 ? s.name.parts : [session.db, s.name.parts[0]];
    if (!isFilesTable(db, s.name.parts)) return undefined;
    files.validateName(name);
    if (s.selectSql === undefined) {
      throw new ValidationError(
        `A file table is made from rows: CREATE TABLE files.${name} (SELECT ...), or an upload; column definitions alone make no file`,
      );
    }
    if (!s.replace && (await files.exists(name))) {
      if (s.ifNotExists) return ok(0);
      throw new ConflictError(`Table '${name}' already exists`);
    }
    const result = await engine.run({ kind: 'select', sql: toMysqlReading(s.selectSql) }, session, run);
    if (result.type !== 'table') throw new ValidationError('The query of CREATE TABLE returns no rows');
    if (result.data.length === 0) {
      throw new ValidationError('The query of CREATE TABLE returns no rows: a file table needs at least one');
    }
    // The rows become a file table through the same import as an upload, so the table is what an upload of
    // the same rows would be.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-create-table-'));
    try {
      const file = path.join(dir, 'rows.json');
      const objects = result.data.map((row) =>
        Object.fromEntries(result.column_names.map((c, i) => [c, row[i]])),
      );
      await fs.writeFile(file, JSON.stringify(objects));
      await files.importFile(name, file, 'rows.json', { replace: true });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    return ok(result.data.length);
  });

  router.register('select', async (s, session, { signal }) => {
    if (readsInformationSchema(s.sql, session)) {
      return runInformationSchemaSelect(
        toEngineDialect(s.sql),
        session,
        { projects, files, views, jobs, knowledgeBases },
        { signal },
      );
    }
    // Every project's `models` table (listed in the tree), empty: this server trains no models.
    const from = s.simple?.from.parts;
    if (from && from.at(-1) === 'models' && from.length <= 2) {
      const project = from.length === 2 ? from[0] : session.db;
      // A knowledge base or agent of that name (one made before this table existed) keeps answering.
      const taken = async () => (await projects.objects(project)).some((o) => o.name === 'models');
      if ((await projects.find(project)) && !(await taken())) {
        const columns = s.simple!.items.some((i) => i.expr.type === 'star')
          ? MODELS_COLUMNS
          : s.simple!.items.map((i) => i.alias ?? (i.expr.type === 'column' ? i.expr.name : '?'));
        return table(columns, []);
      }
    }
    return undefined;
  });
}
