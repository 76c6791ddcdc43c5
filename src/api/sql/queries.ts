import { queryOptions } from '@tanstack/react-query';
import { sqlKeys } from './keys';
import { qualifiedName } from '../../lib/sql-text';
import { runSql } from './run-sql';

/**
 * The columns of a table, read with `SELECT * ... LIMIT 0`: it works for every data source (uploaded files
 * and external databases alike), returns no rows, and needs no statement the server might not have.
 * Only for tables: on an agent the same SELECT would ask its model a question.
 */
export const tableColumnsQuery = (db: string, table: string, schema?: string) =>
  queryOptions({
    queryKey: schema ? [...sqlKeys.columns(db, table), schema] : sqlKeys.columns(db, table),
    queryFn: async ({ signal }) => {
      const result = await runSql({
        query: `SELECT * FROM ${schema ? qualifiedName(db, schema, table) : qualifiedName(db, table)} LIMIT 0`,
        context: { db },
        signal,
      });
      return result.type === 'table' ? result.column_names : [];
    },
    // Schemas change rarely; the worksheet refreshes them after DDL it runs itself.
    staleTime: 5 * 60_000,
  });

/** `metadata_columns` as servers send it: a list, or (some versions) the list as text. */
export function metadataColumnNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value !== 'string' || !value.trim()) return [];
  try {
    return metadataColumnNames(JSON.parse(value));
  } catch {
    return value
      .replace(/[[\]'"]/g, '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  }
}

/** The metadata columns of a knowledge base, from `DESCRIBE KNOWLEDGE_BASE`. */
export const knowledgeBaseMetadataQuery = (db: string, kb: string) =>
  queryOptions({
    queryKey: sqlKeys.kbMetadata(db, kb),
    queryFn: async ({ signal }) => {
      const result = await runSql({
        query: `DESCRIBE KNOWLEDGE_BASE ${qualifiedName(db, kb)}`,
        context: { db },
        signal,
      });
      if (result.type !== 'table' || result.data.length === 0) return [];
      const index = result.column_names.findIndex((c) => c.toLowerCase() === 'metadata_columns');
      return index < 0 ? [] : metadataColumnNames(result.data[0][index]);
    },
    staleTime: 5 * 60_000,
  });
