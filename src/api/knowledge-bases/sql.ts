/**
 * The SQL the console sends for knowledge bases. Built here, beside the API calls, so that the statement a
 * user sees in the search panel is exactly the one that ran, and quoting is done in one tested place.
 */

import { qualifiedName, quoteName, sqlString } from '../../lib/sql-text';
import { optionConditions, type SearchOptions } from './search-options';

const kbRef = (project: string, kb: string) => `${quoteName(project)}.${quoteName(kb)}`;

export const DEFAULT_SEARCH_LIMIT = 10;

/** A search: the server ranks chunks by relevance to `query`, in the mode and with the filters given. */
export function searchSql(
  project: string,
  kb: string,
  query: string,
  limit = DEFAULT_SEARCH_LIMIT,
  options?: SearchOptions,
): string {
  const conditions = options ? optionConditions(options) : '';
  return `SELECT * FROM ${kbRef(project, kb)} WHERE content = ${sqlString(query)}${conditions} LIMIT ${Math.max(1, Math.floor(limit))}`;
}

/** Whether a KB holds any chunk: one row is enough, so this stays cheap on a large KB. */
export function probeVectorsSql(project: string, kb: string): string {
  return `SELECT id FROM ${kbRef(project, kb)} LIMIT 1`;
}

/** One column of the INSERT's SELECT: a source column, renamed to the KB column it feeds when they differ. */
export interface ColumnFeed {
  source: string;
  target: string;
}

export interface TableRef {
  db: string;
  table: string;
  /** A data source's schema (PostgreSQL), when the table is not in its default one. */
  schema?: string;
}

/** `INSERT INTO kb SELECT ... FROM db.table`: the server embeds the rows as it reads them. */
export function insertFromTableSql(
  project: string,
  kb: string,
  from: TableRef,
  columns: ColumnFeed[],
): string {
  if (columns.length === 0) throw new Error('Choose at least one column to load');
  const list = columns
    .map(({ source, target }) =>
      source === target ? quoteName(source) : `${quoteName(source)} AS ${quoteName(target)}`,
    )
    .join(', ');
  return `INSERT INTO ${kbRef(project, kb)} SELECT ${list} FROM ${from.schema ? qualifiedName(from.db, from.schema, from.table) : qualifiedName(from.db, from.table)}`;
}
