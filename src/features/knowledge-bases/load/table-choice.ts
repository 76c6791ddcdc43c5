import type { TableRef } from '../../../api/knowledge-bases/sql';

/**
 * The table a load reads, kept as one string in the picker: a table of files by its bare name (as links to
 * `?table=` give it), a data source's table as `db/schema/table` in JSON, so that any name survives.
 */
export function choiceKey(ref: TableRef): string {
  return ref.db === 'files' ? ref.table : JSON.stringify([ref.db, ref.schema ?? '', ref.table]);
}

export function choiceOf(key: string): TableRef | null {
  if (!key) return null;
  if (!key.startsWith('[')) return { db: 'files', table: key };
  try {
    const [db, schema, table] = JSON.parse(key) as [string, string, string];
    return { db, table, ...(schema ? { schema } : {}) };
  } catch {
    return { db: 'files', table: key };
  }
}

/** The table as a user reads it: `files.notes`, `shop.sales.leads`. */
export const choiceLabel = (ref: TableRef) => [ref.db, ref.schema, ref.table].filter(Boolean).join('.');
