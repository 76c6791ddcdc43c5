import type { Expr } from '../dialect/ast';
import { DATA_SOURCES } from '../domain/system-databases';
import { tokenize } from '../dialect/tokenizer';
import type { DuckDb, JsonValue } from '../engines/duckdb';
import type { CatalogDb } from '../engines/catalog-db';
import { NotFoundError, TooManyRowsError, ValidationError } from '../errors';
import type { KnowledgeBaseService } from '../services/knowledge-bases/service';
import { KB_SEARCH_COLUMNS, type KbSearchRow } from '../domain/knowledge-bases';
import { KbCatalog } from '../store/knowledge-bases';
import { rowsQuery } from '../services/views/rows-query';
import { type EngineSelect } from './engine-select';
import { toEngineDialect } from '../dialect/engine-dialect';
import { kbUses, mentionsSteering, type KbUse, type TextEdit } from './kb-table-refs';
import { searchFromWhere } from './kb-where';
import type { SqlRouter } from './router';
import { readUserSelect, StatementParseError, type UserSelect } from '../engines/table-references';
import type { SqlSession } from '../domain/sql';

/**
 * Most rows of one knowledge base a larger SELECT may read: they stand in the query as constants. A search
 * (`content = ...`) brings its LIMIT (10 by default); a scan without one brings every matching chunk, up to this.
 */
export const MAX_KB_TABLE_ROWS = 10_000;

const isName = (kind: string) => kind === 'ident' || kind === 'quoted_ident';

/** A SELECT the knowledge-base handler answers alone: one KB, its own columns, no reshaping. */
function answeredByKbHandler(items: { expr: Expr }[]): boolean {
  return items.every(
    (i) =>
      i.expr.type === 'star' ||
      (i.expr.type === 'column' &&
        (KB_SEARCH_COLUMNS as readonly string[]).includes(i.expr.name.toLowerCase())),
  );
}

const and = (terms: Expr[]): Expr | undefined =>
  terms.reduce<Expr | undefined>(
    (acc, e) => (acc ? { type: 'and', left: acc, right: e, offset: 0 } : e),
    undefined,
  );

/** The search a KB's use asks for: the conditions that went to it, and its SELECT's LIMIT. */
function searchOf(use: KbUse) {
  for (const p of use.pushed) {
    // A condition the search cannot take is kept for the engine, unless it steers the search (content = ...):
    // the engine could not read that one either, and the search's own message says what is wrong with it.
    try {
      searchFromWhere(p.expr);
    } catch (err) {
      if (!(err instanceof ValidationError) || mentionsSteering(p.expr)) throw err;
      p.span = { ...p.span, text: '' };
    }
  }
  const taken = use.pushed.filter((p) => p.span.text !== '');
  return { taken, search: searchFromWhere(and(taken.map((p) => p.expr))) };
}

/** The KB's rows as a table: its search columns, then one column per metadata field. */
function asTable(rows: KbSearchRow[], declared: string[] | null): { columns: string[]; data: JsonValue[][] } {
  const base = new Set<string>(KB_SEARCH_COLUMNS);
  const metadata = (declared ?? [...new Set(rows.flatMap((r) => Object.keys(r.metadata ?? {})))]).filter(
    (c) => !base.has(c.toLowerCase()),
  );
  const columns = [...KB_SEARCH_COLUMNS, ...metadata];
  const data = rows.map((r) => [
    ...KB_SEARCH_COLUMNS.map((c) => r[c] as JsonValue),
    ...metadata.map((m) => r.metadata?.[m] ?? null),
  ]);
  return { columns, data };
}

/**
 * A knowledge base used like a table inside a larger SELECT (joined, grouped, in a subquery or a CTE): its
 * part runs as a search on the vector store (the WHERE terms on the KB, and the LIMIT when its SELECT is a
 * plain read of it), and its rows then stand in the query as constants, so the rest runs on the SQL engine
 * behind the same table check as any user's SELECT.
 */
export function registerKbTableHandlers(
  router: SqlRouter,
  deps: { kbs: KnowledgeBaseService; engine: EngineSelect; catalog: CatalogDb; data: DuckDb },
): void {
  const { kbs, engine } = deps;
  const kbRows = new KbCatalog(deps.catalog);

  router.register('select', async (s, session, { signal, caller }) => {
    if (s.simple && answeredByKbHandler(s.simple.items)) return undefined;
    const names = await kbRows.names();
    if (names.size === 0) return undefined;
    const rewritten = await rewrite(s.sql, session, names);
    if (rewritten === undefined) return undefined;
    return engine.run({ kind: 'select', sql: rewritten }, session, { signal, caller });
  });

  async function rewrite(sql: string, session: SqlSession, names: Set<string>): Promise<string | undefined> {
    if (!tokenize(sql).some((t) => isName(t.kind) && names.has(t.value.toLowerCase()))) return undefined;
    const engineSql = toEngineDialect(sql);
    let read: UserSelect;
    try {
      read = await readUserSelect(deps.data, engineSql);
    } catch (err) {
      if (err instanceof StatementParseError) return undefined;
      throw err;
    }
    const { ast } = read;
    const refs = [];
    for (const ref of read.tables) {
      if (ref.catalog || !names.has(ref.table.toLowerCase())) continue;
      const project = ref.schema || session.db;
      if (DATA_SOURCES.some((d) => d.name === project)) continue;
      const kb = await kbs.get(project, ref.table).catch((err: unknown) => {
        if (err instanceof NotFoundError) return undefined;
        throw err;
      });
      if (kb) refs.push({ ref, project, kb });
    }
    if (refs.length === 0) return undefined;
    const uses = kbUses(
      sql,
      ast,
      engineSql.length,
      refs.map((r) => r.ref),
    );
    const edits: TextEdit[] = [];
    for (const use of uses) {
      const { project, kb } = refs.find((r) => r.ref === use.ref)!;
      const { taken, search } = searchOf(use);
      const limit = use.limit ?? (search.query ? undefined : MAX_KB_TABLE_ROWS + 1);
      const rows = await kbs.search(project, kb.name, { ...search, limit });
      if (rows.length > MAX_KB_TABLE_ROWS) {
        throw new TooManyRowsError(
          `Knowledge base '${kb.name}' gives more than ${MAX_KB_TABLE_ROWS.toLocaleString('en-US')} rows to this ` +
            `query, the most a query may join or group: add a content condition, a filter or a LIMIT`,
        );
      }
      const { columns, data } = asTable(rows, kb.metadata_columns);
      const alias = use.nameSpan.aliased ? '' : ` AS \`${use.alias.replace(/`/g, '``')}\``;
      edits.push({
        from: use.nameSpan.from,
        to: use.nameSpan.to,
        text: `(${rowsQuery(columns, data)})${alias}`,
      });
      edits.push(...taken.map((p) => p.span));
    }
    let out = sql;
    for (const e of edits.sort((a, b) => b.from - a.from))
      out = out.slice(0, e.from) + e.text + out.slice(e.to);
    return out;
  }
}
