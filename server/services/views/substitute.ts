import type { DuckDb } from '../../engines/duckdb';
import { tokenize, type Token } from '../../dialect/tokenizer';
import { toEngineDialect } from '../../dialect/engine-dialect';
import {
  readUserSelect,
  StatementParseError,
  type TableReference,
  type UserSelect,
} from '../../engines/table-references';

/** Words that may follow a table name in FROM without being its alias. */
const NOT_AN_ALIAS = new Set(
  (
    'where join inner left right full cross natural on using group order limit offset having union except ' +
    'intersect window qualify fetch lateral positional asof anti semi outer pivot unpivot tablesample'
  ).split(' '),
);

/**
 * Replaces tables a SELECT reads by subqueries: `resolve` gives the SELECT standing for a table (a view's
 * query, the rows of a listing), or undefined to leave it. The tables are found by the engine's own parse, as
 * the sandbox finds them, so a name in a string or a column is never taken for one. `names` (lowercase) is a
 * quick filter: a query with none of these words is left alone without a parse. Returns undefined when nothing
 * was replaced (or the engine cannot parse the query: it then reports the error itself).
 */
export async function substituteTables(
  data: DuckDb,
  sql: string,
  names: ReadonlySet<string>,
  resolve: (ref: TableReference) => Promise<string | undefined>,
): Promise<string | undefined> {
  const tokens = tokenize(sql);
  if (!tokens.some((t) => isName(t) && names.has(t.value.toLowerCase()))) return undefined;
  let read: UserSelect;
  try {
    read = await readUserSelect(data, toEngineDialect(sql));
  } catch (err) {
    if (err instanceof StatementParseError) return undefined;
    throw err;
  }
  const replacements: { from: number; to: number; text: string }[] = [];
  for (const ref of read.tables) {
    if (ref.catalog || !names.has(ref.table.toLowerCase())) continue;
    const query = await resolve(ref);
    if (query === undefined) continue;
    const offset = sourceOffset(tokens, ref.location);
    const start = tokens.findIndex((t) => t.offset === offset);
    if (start === -1) continue;
    let end = start;
    while (tokens[end + 1]?.value === '.' && isName(tokens[end + 2])) end += 2;
    const last = tokens[end];
    const after = tokens[end + 1];
    const aliased =
      after &&
      (after.kind === 'quoted_ident' ||
        (after.kind === 'ident' && !NOT_AN_ALIAS.has(after.value.toLowerCase())));
    // Without an alias of its own the subquery takes the table's name, so `v.column` still binds.
    const alias = aliased ? '' : ` AS ${last.kind === 'quoted_ident' ? last.text : `\`${last.value}\``}`;
    replacements.push({
      from: tokens[start].offset,
      to: last.offset + last.text.length,
      text: `(${query})${alias}`,
    });
  }
  if (replacements.length === 0) return undefined;
  let out = sql;
  for (const r of replacements.sort((a, b) => b.from - a.from))
    out = out.slice(0, r.from) + r.text + out.slice(r.to);
  return out;
}

const isName = (t: Token | undefined): boolean => t?.kind === 'ident' || t?.kind === 'quoted_ident';

/**
 * The offset in our dialect's text of an offset the engine gives in its dialect (see toEngineDialect): quoted
 * names keep their length unless they hold a quote, strings with backslash escapes change theirs.
 */
export function sourceOffset(tokens: readonly Token[], engineOffset: number): number {
  let delta = 0;
  for (const t of tokens) {
    const engineStart = t.offset + delta;
    if (engineOffset <= engineStart) break;
    let length = t.text.length;
    if (t.kind === 'quoted_ident') length = t.value.replace(/"/g, '""').length + 2;
    else if (t.kind === 'string' && t.text.startsWith("'") && t.text.includes('\\'))
      length = t.value.replace(/'/g, "''").length + 2;
    if (engineOffset < engineStart + length) return t.offset;
    delta += length - t.text.length;
  }
  return engineOffset - delta;
}
