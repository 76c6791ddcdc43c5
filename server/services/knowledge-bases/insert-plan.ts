import type { VectorStore } from '../../engines/vector-store';
import { ValidationError } from '../../errors';
import { cell, rowsToDocuments, type DocumentSpec, type InputRow } from './documents';

/** Ids asked about per look-up of stored ids (`kb_skip_existing`). */
const LOOKUP_CHUNK = 1000;

/** Orders values as SQL would: numbers by value, other values by their text; nulls last. */
function compareCells(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return Number(aNull) - Number(bNull);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * `track_column`: the rows in that column's order (MindsDB sorts by it before it splits the rows into batches).
 * The column must be one the rows have.
 */
export function orderByTrackColumn(rows: readonly InputRow[], column: string): readonly InputRow[] {
  if (rows.length === 0) return rows;
  if (cell(rows[0], column) === undefined) {
    const columns = Object.keys(rows[0]).join(', ');
    throw new ValidationError(
      `track_column '${column}' is not a column of the query (it returns: ${columns})`,
      'track_column',
    );
  }
  return rows
    .map((row, index) => ({ row, index, key: cell(row, column) }))
    .sort((a, b) => compareCells(a.key, b.key) || a.index - b.index)
    .map((entry) => entry.row);
}

/**
 * `kb_skip_existing`: the rows whose documents are not stored yet. A row is left out when every document it
 * makes (one per content column) has an id the table already holds; nothing of it is embedded again.
 */
export async function withoutStoredRows(
  rows: readonly InputRow[],
  spec: DocumentSpec,
  store: VectorStore,
  table: string,
): Promise<InputRow[]> {
  const docs = rowsToDocuments(rows, spec);
  const ids = [...new Set(docs.map((d) => d.id))];
  const stored = new Set<string>();
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const slice = ids.slice(i, i + LOOKUP_CHUNK);
    // The label is given: without one the store reads the table's name, which the native binding refuses
    // while a background index build holds the table.
    const chunks = await store.scan(table, {
      filters: [{ column: 'id', op: 'in', value: slice }],
      label: `table ${table}`,
    });
    for (const c of chunks) stored.add(c.docId);
  }
  const rowsWithNewDocs = new Set(docs.filter((d) => !stored.has(d.id)).map((d) => d.rowIndex));
  return rows.filter((_, index) => rowsWithNewDocs.has(index));
}
