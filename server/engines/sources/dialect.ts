import { tokenize, type Token } from '../../dialect/tokenizer';
import type { SourceDialect } from './types';

/**
 * A statement of our dialect, written against `source.table` or `source.schema.table`, as the source's own SQL:
 * - the source's name is dropped from every dotted name that starts with it (tables and qualified columns),
 *   so `shop.public.orders` becomes `public.orders`;
 * - on PostgreSQL, backticked names become double-quoted ones and every string is written anew from its value
 *   (our dialect reads `"text"` and backslash escapes as MySQL does; PostgreSQL would read a name and a
 *   literal backslash), so quoting written by the user stays quoting on the source: statements go as the simple
 *   protocol, where a string that ended early could start a second statement;
 * - comments are dropped (`#` starts one in our dialect, and is an operator on PostgreSQL).
 * Values are not touched otherwise: the statement is the user's own, on a source they connected.
 */
export function renderForSource(
  sql: string,
  source: string,
  dialect: SourceDialect,
  read: readonly Token[] = tokenize(sql),
): string {
  const tokens = read.filter((t) => t.kind !== 'eof');
  while (
    tokens.length &&
    tokens[tokens.length - 1].kind === 'op' &&
    tokens[tokens.length - 1].value === ';'
  ) {
    tokens.pop();
  }
  let out = '';
  let previousEnd = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const gap = previousEnd < 0 ? '' : sql.slice(previousEnd, t.offset);
    previousEnd = t.offset + t.text.length;
    if (namesSource(tokens, i, source)) {
      i++; // the `.` after the source's name
      previousEnd = tokens[i].offset + tokens[i].text.length;
      out += gap.trim() === '' ? gap : ' ';
      continue;
    }
    // A prefix glued to a string (`E'...'`, `B'...'`) would change how the source reads the string we write.
    const glued = gap === '' && t.kind === 'string' && i > 0 && tokens[i - 1].kind !== 'op';
    out += (gap.trim() === '' ? gap : ' ') + (glued ? ' ' : '') + renderToken(t, dialect);
  }
  return out;
}

/** A `source .` at the start of a dotted name (not in the middle of one: `x.shop.t` is not the source). */
function namesSource(tokens: readonly Token[], i: number, source: string): boolean {
  const t = tokens[i];
  const next = tokens[i + 1];
  if (!next || next.kind !== 'op' || next.value !== '.') return false;
  const previous = tokens[i - 1];
  if (previous && previous.kind === 'op' && previous.value === '.') return false;
  if (t.kind === 'ident') return t.value.toLowerCase() === source;
  return t.kind === 'quoted_ident' && t.value === source;
}

function renderToken(t: Token, dialect: SourceDialect): string {
  if (dialect !== 'postgres') return t.text;
  if (t.kind === 'quoted_ident') return `"${t.value.replace(/"/g, '""')}"`;
  if (t.kind === 'string') {
    // With a backslash, an escape string: read the same whatever the server's standard_conforming_strings.
    const doubled = t.value.replace(/'/g, "''");
    return t.value.includes('\\') ? `E'${doubled.replace(/\\/g, '\\\\')}'` : `'${doubled}'`;
  }
  return t.text;
}

/** Whether the statement already ends with its own LIMIT at the top level (not one inside a subquery). */
export function hasTopLevelLimit(sql: string | readonly Token[]): boolean {
  let depth = 0;
  for (const t of typeof sql === 'string' ? tokenize(sql) : sql) {
    if (t.kind === 'op' && t.value === '(') depth++;
    else if (t.kind === 'op' && t.value === ')') depth--;
    else if (depth === 0 && t.kind === 'ident' && t.value.toLowerCase() === 'limit') return true;
  }
  return false;
}

/**
 * The rendered SELECT with a row bound the source applies itself, so that a huge table is never read whole:
 * one row more than we answer, so that "too many rows" can be told from "exactly enough". A statement with its
 * own top-level LIMIT keeps it.
 */
export function withRowBound(
  rendered: string,
  maxRows: number,
  limited = hasTopLevelLimit(rendered),
): string {
  if (limited) return rendered;
  return `${rendered}\nLIMIT ${maxRows + 1}`;
}

/** A name quoted for the source: backticks on MySQL, double quotes on PostgreSQL. */
export function quoteSourceIdent(name: string, dialect: SourceDialect): string {
  return dialect === 'postgres' ? `"${name.replace(/"/g, '""')}"` : `\`${name.replace(/`/g, '``')}\``;
}
