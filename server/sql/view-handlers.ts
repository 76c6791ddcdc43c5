import type { StatementOf } from '../dialect/ast';
import { NotFoundError } from '../errors';
import type { ViewExpander } from '../services/views/expand';
import type { ViewService } from '../services/views/service';
import { objectInProject } from './object-name';
import type { SqlRouter } from './router';
import { ok, type SqlSession, type StatementRun } from '../domain/sql';

/** CREATE / ALTER / DROP VIEW, and SELECTs that read views (rewritten, then run like any other SELECT). */
export function registerViewHandlers(
  router: SqlRouter,
  deps: { views: ViewService; expander: ViewExpander },
): void {
  const { views, expander } = deps;

  router.register('create_view', async (s, session) => {
    const t = objectInProject(s.name, session, 'view');
    const made = await views.create(t.project, t.name, s.query, {
      orReplace: s.orReplace,
      ifNotExists: s.ifNotExists,
    });
    return ok(made ? 1 : 0);
  });

  // ALTER VIEW changes the query of a view that exists (MindsDB's `View v does not exist in p` otherwise).
  router.register('alter_view', async (s, session) => {
    const t = objectInProject(s.name, session, 'view');
    if (!(await views.find(t.project, t.name)))
      throw new NotFoundError(`View ${t.name} does not exist in ${t.project}`);
    await views.update(t.project, t.name, s.query);
    return ok(1);
  });

  // DROP VIEW a, b: each in turn, as MindsDB; one missing (without IF EXISTS) stops there with its error.
  router.register('drop_view', async (s, session) => {
    let dropped = 0;
    for (const name of s.names) {
      const t = objectInProject(name, session, 'view');
      if (await views.drop(t.project, t.name, { ifExists: s.ifExists })) dropped++;
    }
    return ok(dropped);
  });

  // MindsDB's JS SDK deletes a view with DROP MODEL; no models are trained here, so that is all it can drop.
  router.register('drop_model', async (s, session) => {
    const t = objectInProject(s.name, session, 'view');
    if (await views.find(t.project, t.name)) return ok((await views.drop(t.project, t.name)) ? 1 : 0);
    if (s.ifExists) return ok(0);
    throw new NotFoundError(
      `Model '${t.name}' does not exist in project '${t.project}' (this server trains no models)`,
    );
  });

  // INSERT INTO kb SELECT ... FROM view: the view's query stands in the SELECT, which the next handler runs.
  router.register('insert', async (s, session) => {
    if (s.selectSql === undefined) return undefined;
    s.selectSql = (await expander.expand(s.selectSql, session.db)) ?? s.selectSql;
    return undefined;
  });

  // Not a fallback: it must see the SELECT before the engine, whose table check knows no views.
  router.register('select', async (s, session, run) => selectFromViews(s, session, run));

  async function selectFromViews(s: StatementOf<'select'>, session: SqlSession, run: StatementRun) {
    const simple = s.simple;
    // `SELECT * FROM v` alone is the view's own query, run as its project would: this also serves views whose
    // query only a knowledge base or an agent can answer.
    if (simple && isBareStar(s)) {
      const project = simple.from.parts.length === 2 ? simple.from.parts[0] : session.db;
      const view =
        simple.from.parts.length <= 2 ? await views.find(project, simple.from.parts.at(-1)!) : undefined;
      if (view) return delegate(view.query, { ...session, db: project }, run);
    }
    const expanded = await expander.expand(s.sql, session.db);
    return expanded === undefined ? undefined : delegate(expanded, session, run);
  }

  async function delegate(sql: string, session: SqlSession, run: StatementRun) {
    const result = await router.answer(sql, session, run);
    if (result.type === 'table')
      return { type: 'table' as const, column_names: result.column_names, data: result.data };
    return { type: 'ok' as const, affected_rows: result.affected_rows };
  }
}

function isBareStar(s: StatementOf<'select'>): boolean {
  const q = s.simple!;
  return (
    q.items.length === 1 &&
    q.items[0].expr.type === 'star' &&
    !q.where &&
    q.orderBy.length === 0 &&
    q.limit === undefined &&
    q.offset === undefined
  );
}
