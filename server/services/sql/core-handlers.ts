import { DATA_SOURCES, type ProjectService } from '../projects';
import type { FileService } from '../files';
import { NotFoundError } from '../../errors';
import type { EngineSelect } from './engine-select';
import { SYSTEM_DATABASES, systemDatabaseTables } from './information-schema';
import { registerMysqlHandlers } from './mysql-handlers';
import type { SqlRouter } from './router';
import { ok, table } from './types';

/** Projects, SHOW, USE and the fallback of plain SELECTs to the SQL engine. */
export function registerCoreHandlers(
  router: SqlRouter,
  deps: { projects: ProjectService; files: FileService; engine: EngineSelect },
): void {
  const { projects, files, engine } = deps;
  registerMysqlHandlers(router, deps);

  router.register('create_project', async (s) => {
    const created = await projects.create(s.name, { ifNotExists: s.ifNotExists });
    return ok(created ? 1 : 0);
  });
  router.register('drop_project', async (s) =>
    ok((await projects.drop(s.name, { ifExists: s.ifExists })) ? 1 : 0),
  );
  router.register('show_projects', async () =>
    table(
      ['name'],
      (await projects.list()).map((p) => [p.name]),
    ),
  );

  router.register('show_databases', async (s) => {
    const rows = [
      ...(await projects.list()).map((p) => [p.name, 'project', 'mindsdb']),
      ...DATA_SOURCES.map((d) => [d.name, 'data', d.engine]),
    ];
    return s.full
      ? table(['Database', 'TYPE', 'ENGINE'], rows)
      : table(
          ['Database'],
          rows.map((r) => [r[0]]),
        );
  });

  router.register('show_tables', async (s, session) => {
    const db = s.from ?? session.db;
    let rows: string[][];
    const systemTables = systemDatabaseTables(db);
    if (systemTables) {
      rows = systemTables.map((name) => [name, 'SYSTEM VIEW']);
    } else if (DATA_SOURCES.some((d) => d.name === db)) {
      rows = (await files.list()).map((f) => [f.name, 'BASE TABLE']);
    } else {
      rows = (await projects.objects(db)).map((o) => [o.name, o.type.toUpperCase()]);
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
    const system = (SYSTEM_DATABASES as readonly string[]).includes(s.name);
    if (!system && !(await projects.find(s.name)) && !DATA_SOURCES.some((d) => d.name === s.name)) {
      throw new NotFoundError(`Database '${s.name}' does not exist`);
    }
    session.db = s.name;
    return ok();
  });

  router.register('select', (s, session, { signal }) => engine.run(s, session, { signal }), {
    fallback: true,
  });
}
