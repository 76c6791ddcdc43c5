import { TOOL, TOOL_INPUT_KEY, sqlName, sqlString } from '../tool-protocol';
import type { ToolCall } from '../types';
import { expandQuery } from './synonyms';
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
    // Then once more with the question's synonyms, for passages that say it in other words.
    const expanded = expandQuery(t.searchText);
    const searched = kbs.filter(
      (kb) => done(TOOL.kbQuery, kbQuerySql(kb, t.searchText)) && !failed.includes(kb),
    );
    const more = expanded
      ? searched.map((kb) => kbQuerySql(kb, expanded)).filter((q) => !done(TOOL.kbQuery, q))
      : [];
    if (more.length) return more.map((q) => call(TOOL.kbQuery, q));
  }

  const kind = asksForRows(t.question);
  if (kind && available.has(TOOL.listTables) && available.has(TOOL.query)) {
    const [listed] = made(TOOL.listTables);
    if (!listed) return [call(TOOL.listTables)];
    const tables = relevantTables(parseNameList(listed.observation, false), t.question);
    const queries = tables.map((table) => tableQuerySql(table, kind)).filter((q) => !done(TOOL.query, q));
    if (queries.length) return queries.map((q) => call(TOOL.query, q));
  }
  return [];
}
