import { TOOL, TOOL_INPUT_KEY, sqlName, sqlString } from '../tool-protocol';
import type { ToolCall } from '../types';
import {
  aggregateOf,
  aggregateSql,
  conditions,
  MAX_VALUE_WORDS,
  namedColumns,
  probeSql,
  readSample,
  sampleSql,
  valueWords,
} from './count-plan';
import { asksForRows, stem, termSet } from './text';
import type { Transcript } from './transcript';

/** Knowledge bases queried per question at most: beyond that, the ones whose names match come first. */
export const MAX_KBS = 5;
/** Chunks asked of each knowledge base: a few more than are quoted, for the answer to choose from. */
export const KB_LIMIT = 10;
/** Rows shown when a question asks for a list. */
export const LIST_LIMIT = 20;

type Planned = Omit<ToolCall, 'id'>;

const call = (name: string, input?: string): Planned => {
  const key = TOOL_INPUT_KEY[name];
  return { name, arguments: key && input !== undefined ? { [key]: input } : {} };
};

const nameTerms = (qualified: string) => (qualified.split('.').at(-1) ?? '').split(/[_\W]+/).map(stem);

/** Knowledge bases to search: all of them up to MAX_KBS, those whose name shares a word with the question first. */
export function relevantKbs(names: string[], searchText: string): string[] {
  const words = termSet(searchText);
  const score = (n: string) => nameTerms(n).filter((t) => words.has(t)).length;
  return names
    .map((name, i) => ({ name, i, s: score(name) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, MAX_KBS)
    .map((k) => k.name);
}

/**
 * Tables a count or list question is about: those it names; or the only table there is, when the question
 * speaks of rows or records without naming anything ("how many rows are there?").
 */
export function relevantTables(tables: string[], question: string): string[] {
  const words = termSet(question);
  const named = tables.filter((t) => nameTerms(t).some((w) => w && words.has(w)));
  if (named.length > 0) return named.slice(0, 3);
  const generic = /\b(rows?|records?|entries|items|tables?)\b/i.test(question);
  return generic && tables.length === 1 ? tables : [];
}

/**
 * The search the local model runs: hybrid, because its own sense of language is lexical, so exact words
 * (a flag, an error code, a title) should count as much as the vector's sense of similarity.
 */
export const kbQuerySql = (kb: string, text: string, hybrid = true) =>
  `SELECT * FROM ${sqlName(kb)} WHERE content = ${sqlString(text)}${hybrid ? ' AND hybrid_search = true' : ''} LIMIT ${KB_LIMIT}`;

export const tableQuerySql = (table: string, kind: 'count' | 'list') =>
  kind === 'count'
    ? `SELECT count(*) AS count FROM ${sqlName(table)}`
    : `SELECT * FROM ${sqlName(table)} LIMIT ${LIST_LIMIT}`;

function parseNameList(observation: string | undefined, json: boolean): string[] {
  if (!observation) return [];
  if (json) {
    try {
      const value: unknown = JSON.parse(observation);
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  }
  return observation
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[^\s]+\.[^\s]+$/.test(s));
}

/**
 * The next tool calls, from what has been done so far: list the knowledge bases, search the relevant ones with
 * the question; when the question asks for a count or a list, list the tables and query the ones it names.
 * An empty result means: everything useful has been looked up, time to answer.
 */
export function planNextCalls(t: Transcript, available: ReadonlySet<string>): Planned[] {
  const made = (name: string) => t.calls.filter((c) => c.name === name);
  const done = (name: string, input: string) => t.calls.some((c) => c.name === name && c.input === input);

  if (available.has(TOOL.kbList) && available.has(TOOL.kbQuery)) {
    const [listed] = made(TOOL.kbList);
    if (!listed) return [call(TOOL.kbList)];
    const kbs = relevantKbs(parseNameList(listed.observation, true), t.searchText);
    const queries = kbs.map((kb) => kbQuerySql(kb, t.searchText)).filter((q) => !done(TOOL.kbQuery, q));
    // A knowledge base that cannot search hybrid (an error observation) is asked again, semantically only.
    const failed = kbs.filter((kb) =>
      t.calls.some((c) => c.input === kbQuerySql(kb, t.searchText) && c.observation?.startsWith('Error:')),
    );
    queries.push(
      ...failed.map((kb) => kbQuerySql(kb, t.searchText, false)).filter((q) => !done(TOOL.kbQuery, q)),
    );
    if (queries.length) return queries.map((q) => call(TOOL.kbQuery, q));
  }

  const kind = asksForRows(t.question);
  if (kind && available.has(TOOL.listTables) && available.has(TOOL.query)) {
    const [listed] = made(TOOL.listTables);
    if (!listed) return [call(TOOL.listTables)];
    const tables = relevantTables(parseNameList(listed.observation, false), t.question);
    const next = (table: string) =>
      kind === 'count' ? nextCountQuery(t, table) : tableQuerySql(table, kind);
    const queries = tables.map(next).filter((q): q is string => q !== null && !done(TOOL.query, q));
    if (queries.length) return queries.map((q) => call(TOOL.query, q));
  }
  return [];
}

/**
 * The next query that answers a count (or sum, or average) question about `table` (count-plan.ts): a sample
 * row, a probe of the columns for the question's values, then the aggregate with their WHERE; over every row
 * when the question names no value. Null when the plan stops (a value found in no column, or in several): then no count is
 * given, rather than one of other rows.
 */
function nextCountQuery(t: Transcript, table: string): string | null {
  const observed = (sql: string) => t.calls.find((c) => c.name === TOOL.query && c.input === sql);
  const sample = sampleSql(table);
  const sampled = observed(sample);
  if (!sampled) return sample;
  const columns = readSample(sampled.observation);
  // An empty table (or one that cannot be read) answers the plain count: 0 rows, or the error.
  if (!columns) return tableQuerySql(table, 'count');
  const aggregate = aggregateOf(t.question, columns);
  if (!aggregate) return null;
  const words = valueWords(t.question, table, columns.columns);
  if (words.length === 0) return aggregateSql(table, aggregate, []);
  if (words.length > MAX_VALUE_WORDS || columns.text.length === 0) return null;
  const probe = probeSql(table, columns.text, words);
  const probed = observed(probe);
  if (!probed) return probe;
  const where = conditions(
    probed.observation,
    columns.text,
    words,
    namedColumns(t.question, columns.columns),
  );
  return where ? aggregateSql(table, aggregate, where) : null;
}
