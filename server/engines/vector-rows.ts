import type { Table } from '@lancedb/lancedb';
import type { JsonValue } from './duckdb';
import { docIdsWhere } from './vector-filter';

/** A chunk read back from the store. */
export interface StoredChunk {
  chunkId: string;
  docId: string;
  content: string;
  metadata: Record<string, JsonValue>;
  /** Cosine distance to the query vector; null without one. */
  distance: number | null;
  /** Full-text (BM25) score; null unless the row came from a text search. */
  score: number | null;
}

export interface RawRow {
  id: string;
  doc_id: string;
  content: string;
  metadata: string;
  _distance?: number;
  _score?: number;
  /** An Arrow vector: iterable, not indexable. */
  vector?: Iterable<number> & { toArray?: () => ArrayLike<number> };
}

export function toChunk(row: RawRow): StoredChunk {
  return {
    chunkId: row.id,
    docId: row.doc_id,
    content: row.content,
    metadata: JSON.parse(row.metadata) as Record<string, JsonValue>,
    distance: typeof row._distance === 'number' ? row._distance : null,
    score: typeof row._score === 'number' ? row._score : null,
  };
}

/**
 * A stored vector's values: Arrow's `toArray` is a view on the row's slice of the column (no copy), where
 * iterating would read the values one call at a time.
 */
export function vectorValues(vector: NonNullable<RawRow['vector']>): ArrayLike<number> {
  return vector.toArray ? vector.toArray() : Float32Array.from(vector);
}

/** Both vectors are unit length (providers normalise), so cosine distance is 1 - dot product. */
export function cosineDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return Math.max(0, 1 - dot);
}

/** Ids per `doc_id IN (...)` predicate: keeps predicates small while deleting few times. */
const DELETE_CHUNK = 1000;

/** Which of `docIds` have chunks in the table (asked in slices, as deletes are). */
export async function storedDocIds(table: Table, docIds: readonly string[]): Promise<string[]> {
  if (docIds.length === 0) return [];
  const stored = new Set<string>();
  for (let i = 0; i < docIds.length; i += DELETE_CHUNK) {
    const rows = await table
      .query()
      .where(docIdsWhere(docIds.slice(i, i + DELETE_CHUNK)))
      .select(['doc_id'])
      .toArray();
    for (const row of rows) stored.add(String(row.doc_id));
  }
  return [...stored];
}

/**
 * One record per chunk id, the last one winning: a batch that names a document twice stores it once, as
 * the second row says (a merge refuses two source rows for one stored chunk).
 */
export function lastPerId<T extends { id: string }>(records: readonly T[]): T[] {
  return [...new Map(records.map((r) => [r.id, r])).values()];
}

export async function deleteDocIds(table: Table, docIds: readonly string[]): Promise<number> {
  if (docIds.length === 0) return 0;
  const before = await table.countRows();
  if (before === 0) return 0;
  for (let i = 0; i < docIds.length; i += DELETE_CHUNK) {
    await table.delete(docIdsWhere(docIds.slice(i, i + DELETE_CHUNK)));
  }
  return before - (await table.countRows());
}
