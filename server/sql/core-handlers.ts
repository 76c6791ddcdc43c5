import { type ProjectObjectType, type ProjectService } from '../services/projects';
import { DATA_SOURCES, SYSTEM_DATABASES, systemDatabase } from '../domain/system-databases';
import type { FileService } from '../services/files';
import { NotFoundError } from '../errors';
import type { DataSourceService } from '../services/data-sources/service';
import { systemDatabaseTables } from './information-schema';
import type { SqlRouter } from './router';
import { ok, table } from '../domain/sql';

/** MindsDB's order of a project's objects in SHOW TABLES, and their types there. */
const OBJECT_ORDER: ProjectObjectType[] = ['view', 'agent', 'knowledge_base'];
const TABLE_TYPES: Record<ProjectObjectType, string> = {
  view: 'VIEW',
  agent: 'AGENT',
  knowledge_base: 'KNOWLEDGE BASE',
};

/** Projects, SHOW DATABASES / PROJECTS / TABLES and USE. */
export function registerCoreHandlers(
  router: SqlRouter,
  deps: { projects: ProjectService; files: FileService; sources: Pick<DataSourceService, 'list'> },
): void {
  const { projects, files, sources } = deps;

  router.register('create_project', async (s) => {
    const created = await projects.create(s.name, { ifNotExists: s.ifNotExists });
    return ok(created ? 1 : 0);
  });
  router.register('drop_project', async (s) =>
    ok((await projects.drop(s.name, { ifExists: s.ifExists })) ? 1 : 0),
  );
  router.register('rename_project', async (s) => {
    await projects.rename(s.name, s.newName);
    return ok(1);
  });
  router.register('show_projects', async () =>
    table(
      ['name'],
      (await projects.list()).map((p) => [p.name]),
    ),
  );

  // Every database, as MindsDB lists them: the system ones, the projects, `files`, the connected sources.
  router.register('show_databases', async (s) => {
    const rows = [
      ...SYSTEM_DATABASES.map((name) => [name, 'system', null]),
      ...(await projects.list()).map((p) => [p.name, 'project', 'mindsdb']),
      ...DATA_SOURCES.map((d) => [d.name, 'data', d.engine]),
      ...(await sources.list()).map((d) => [d.name, 'data', d.engine]),
    ];
    return s.full
      ? table(['Database', 'TYPE', 'ENGINE'], rows)
      : table(
          ['Database'],
          rows.map((r) => [r[0]]),
        );
  });

  // As MindsDB lists a project's tables: `models` first, then the project's objects (views, agents, knowledge
  // bases), with the types of information_schema.TABLES.
  router.register('show_tables', async (s, session) => {
    const db = s.from ?? session.db;
    let rows: string[][];
    const systemTables = systemDatabaseTables(db);
    if (systemTables) {
      rows = systemTables.map((name) => [name, 'SYSTEM VIEW']);
    } else if (DATA_SOURCES.some((d) => d.name === db)) {
      rows = (await files.list()).map((f) => [f.name, 'BASE TABLE']);
    } else {
      const objects = await projects.objects(db);
      const ordered = OBJECT_ORDER.flatMap((type) => objects.filter((o) => o.type === type));
      rows = [['models', 'BASE TABLE'], ...ordered.map((o) => [o.name, TABLE_TYPES[o.type]])];
    }
    const column = `Tables_in_${db}`;
    return s.full
      ? table([column, 'Table_type'], rows)
      : table(
          [column],
          rows.map((r) => [r[0]]),
        );
  });

  router.register('use', async (s, session) => {
    if (!systemDatabase(s.name) && !(await projects.find(s.name))) {
      throw new NotFoundError(`Database '${s.name}' does not exist`);
    }
    session.db = s.name;
    return ok();
  });
}
