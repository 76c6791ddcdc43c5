import { sqlIdent, sqlName, sqlString } from '../tool-protocol';
import { parseRows } from '../../../../protocol/tool-observation';
import { stem, terms } from './text';

/**
 * A count question answered by SQL with the WHERE it implies, or not at all. "How many products are in the
 * kitchen category?" names a table (products), a column (category) and a value (kitchen): the count is
 * `SELECT count(*) ... WHERE lower(category) = 'kitchen'`, not the table's size. The steps, each a query:
 *
 * 1. one row of the table (`sampleSql`), for its columns and which of them hold text;
 * 2. for the question's words that name neither the table nor a column (its values), how many rows of each
 *    text column hold each word as their whole value (`probeSql`);
 * 3. the count with one condition per value word (`aggregateSql`), when every such word was found in one
 *    column (the column the question names, if it names one that holds it). A sum or an average ("the total
 *    price of kitchen products") is the same with the number column the question names.
 *
 * A word found in no column, or in several the question does not choose between, stops the plan: the answer
 * then says nothing of the count rather than a number that counts other rows.
 */

/** Words of a count question that ask for the count rather than say which rows (stemmed as terms are). */
const COUNT_WORDS = new Set(
  [
    'many',
    'number',
    'count',
    'total',
    'row',
    'record',
    'entry',
    'entries',
    'item',
    'table',
    'there',
    'exist',
  ].map(stem),
);
/** Value words looked for at most: a longer question is not a filter a few equalities can express. */
export const MAX_VALUE_WORDS = 3;
/** A sample value that is a number, a boolean or a date: its column is not compared with words. */
const NOT_TEXT = /^(?:-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|true|false|\d{4}-\d{2}-\d{2}.*)$/i;
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;
const WORD = /[\p{L}\p{N}]+/gu;

const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[_\W]+/)
    .filter(Boolean)
    .map(stem);

export const sampleSql = (table: string) => `SELECT * FROM ${sqlName(table)} LIMIT 1`;

/** What a sample row says of a table's columns. */
export interface Sampled {
  columns: string[];
  /** Columns holding text, compared with the question's value words. */
  text: string[];
  /** Columns holding numbers, which a sum or an average adds up. */
  numeric: string[];
}

/** Columns of a sample observation and which of them hold text or numbers (null: not a sample's observation). */
export function readSample(observation: string | undefined): Sampled | null {
  const rows = observation ? parseRows(observation) : null;
  if (!rows || rows.length === 0) return null;
  const columns = Object.keys(rows[0]);
  const value = (c: string) => (rows[0][c] ?? '').trim();
  const text = columns.filter((c) => value(c) !== '' && !NOT_TEXT.test(value(c)));
  const numeric = columns.filter((c) => NUMBER.test(value(c)));
  return { columns, text, numeric };
}

/** The aggregate a question asks for: a count, or the sum or average of the one number column it names. */
export type Aggregate = { fn: 'count' } | { fn: 'sum' | 'avg'; column: string };

/** Null when it asks for a sum or an average without naming exactly one number column. */
export function aggregateOf(question: string, sampled: Sampled): Aggregate | null {
  const q = question.toLowerCase();
  const fn = /\b(?:average|mean)\b/.test(q) ? 'avg' : /\b(?:sum|total)\b/.test(q) ? 'sum' : 'count';
  if (fn === 'count') return { fn };
  const named = namedColumns(question, sampled.numeric);
  // "the total number of ..." is a count; "the total price" a sum.
  if (named.length === 0 && fn === 'sum' && /\b(?:how many|number of|count)\b/.test(q))
    return { fn: 'count' };
  return named.length === 1 ? { fn, column: named[0] } : null;
}

/** The question's words that name neither the table, a column, nor the count itself: the values asked about. */
export function valueWords(question: string, table: string, columns: readonly string[]): string[] {
  const named = new Set([...nameWords(table), ...columns.flatMap(nameWords)]);
  const words = [...question.toLowerCase().matchAll(WORD)].map((m) => m[0]);
  // terms() drops the words that carry no content (how, are, in, the, ...).
  const asking = (w: string) => terms(w).length === 0 || COUNT_WORDS.has(stem(w)) || named.has(stem(w));
  return [...new Set(words.filter((w) => !asking(w)))];
}

/** The columns the question names ("category" in "... in the kitchen category"). */
export function namedColumns(question: string, columns: readonly string[]): string[] {
  const asked = new Set([...question.toLowerCase().matchAll(WORD)].map((m) => stem(m[0])));
  return columns.filter((c) => nameWords(c).some((w) => asked.has(w)));
}

const probeAlias = (i: number) => `m${i}`;
const equals = (column: string, word: string) => `lower(${sqlIdent(column)}) = ${sqlString(word)}`;

/** How many rows of each text column hold each word as their whole value, case aside: one query. */
export function probeSql(table: string, text: readonly string[], words: readonly string[]): string {
  const sums = words.flatMap((w, i) =>
    text.map(
      (c, j) => `sum(CASE WHEN ${equals(c, w)} THEN 1 ELSE 0 END) AS ${probeAlias(i * text.length + j)}`,
    ),
  );
  return `SELECT ${sums.join(', ')} FROM ${sqlName(table)}`;
}

/** Whether a query is one of the plan's lookups (a sample or a probe), which the answer does not show. */
export const isLookupSql = (sql: string) => / LIMIT 1$/.test(sql) || /^SELECT sum\(CASE WHEN /.test(sql);

/**
 * The column each value word is in, from the probe's observation; null when some word is in no text column,
 * or in several and the question names none of them.
 */
export function conditions(
  observation: string | undefined,
  text: readonly string[],
  words: readonly string[],
  named: readonly string[],
): [column: string, word: string][] | null {
  const row = observation ? parseRows(observation)?.[0] : undefined;
  if (!row) return null;
  const out: [string, string][] = [];
  for (const [i, word] of words.entries()) {
    const holding = text.filter((_, j) => Number(row[probeAlias(i * text.length + j)] || 0) > 0);
    const chosen = holding.length > 1 ? holding.filter((c) => named.includes(c)) : holding;
    if (chosen.length !== 1) return null;
    out.push([chosen[0], word]);
  }
  return out;
}

/** The aggregate's select list: `count(*) AS count`, `sum(price) AS sum`, `avg(price) AS avg`. */
const selected = (a: Aggregate) =>
  a.fn === 'count' ? 'count(*) AS count' : `${a.fn}(${sqlIdent(a.column)}) AS ${a.fn}`;

/** The aggregate over the table, with one condition per value word (none: over every row). */
export function aggregateSql(table: string, a: Aggregate, where: readonly [string, string][]): string {
  const condition = where.length ? ` WHERE ${where.map(([c, w]) => equals(c, w)).join(' AND ')}` : '';
  return `SELECT ${selected(a)} FROM ${sqlName(table)}${condition}`;
}
