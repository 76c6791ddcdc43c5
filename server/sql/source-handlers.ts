import { insertIntoKbFromSource } from '../services/data-sources/kb-insert';
import type { DataSourceService } from '../services/data-sources/service';
import type { SourceSelect } from '../services/data-sources/source-select';
import { ConflictError, ValidationError } from '../errors';
import type { KnowledgeBaseService } from '../services/knowledge-bases/service';
import type { ProjectService } from '../services/projects';
import type { SqlRouter } from './router';
import { ok, table } from '../domain/sql';

/**
 * CREATE / ALTER / DROP DATABASE for connected sources, SHOW TABLES and DESCRIBE of one, USE of a source, and
 * SELECTs that read one. Registered before the core handlers: each answers only for a source and hands
 * anything else on (undefined), so projects and files keep their own handlers. (SHOW DATABASES, which lists
 * sources among the rest, is the core handlers'.)
 */
export function registerSourceHandlers(
  router: SqlRouter,
  deps: {
    sources: DataSourceService;
    projects: ProjectService;
    select: SourceSelect;
    knowledgeBases: KnowledgeBaseService;
  },
): void {
  const { sources, projects, select } = deps;

  router.register('create_database', async (s) => {
    if (!s.orReplace)
      return ok((await sources.create(s.name, s.engine, s.params, { ifNotExists: s.ifNotExists })) ? 1 : 0);
    await sources.replace(s.name, s.engine, s.params);
    return ok(1);
  });
  router.register('alter_database', async (s) => {
    await sources.alter(s.name, s.params);
    return ok(1);
  });
  // DROP DATABASE names a project or a source: a source is dropped here, a project by the core handler.
  router.register('drop_project', async (s) =>
    (await sources.find(s.name)) ? ok((await sources.drop(s.name)) ? 1 : 0) : undefined,
  );
  router.register('create_project', async (s) => {
    if (await sources.find(s.name)) throw new ConflictError(`'${s.name}' is already a data source`);
    return undefined;
  });
  // A project's new name must not be a source's; a source keeps its name (MindsDB's words for both).
  router.register('rename_project', async (s) => {
    if (await sources.find(s.name))
      throw new ValidationError("Only the 'parameters' field can be updated for integrations.");
    if (await sources.find(s.newName)) throw new ConflictError(`'${s.newName}' is already a data source`);
    return undefined;
  });

  router.register('show_tables', async (s, session) => {
    const db = s.from ?? session.db;
    if (!(await sources.find(db))) return undefined;
    const rows = (await sources.tables(db)).map((t) => [`${t.name}`, t.type, t.schema]);
    const column = `Tables_in_${db}`;
    return s.full
      ? table([column, 'Table_type', 'Table_schema'], rows)
      : table(
          [column],
          rows.map((r) => [r[0]]),
        );
  });

  // DESCRIBE shop: the source's engine and parameters, secrets masked. A knowledge base or agent of the
  // same name in the current project keeps its own DESCRIBE.
  router.register('describe', async (s, session) => {
    if (s.objectType || s.name.parts.length !== 1) return undefined;
    const source = await sources.find(s.name.parts[0]);
    if (!source || (await projects.objects(session.db).catch(() => [])).some((o) => o.name === source.name)) {
      return undefined;
    }
    return table(
      ['NAME', 'TYPE', 'ENGINE', 'PARAMETERS', 'CREATED_AT'],
      [[source.name, 'data', source.engine, source.parameters, source.created_at]],
    );
  });

  router.register('use', async (s, session) => {
    if (!(await sources.find(s.name))) return undefined;
    session.db = s.name;
    return ok();
  });

  router.register('select', (s, session, { signal }) => select.run(s, session, { signal }));
  router.register('insert', (s, session, run) => insertIntoKbFromSource(s, session, deps, run));
}
