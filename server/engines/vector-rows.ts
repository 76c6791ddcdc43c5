import type { Table } from '@lancedb/lancedb';
import type { JsonValue } from './duckdb';
import { docIdsWhere } from './vector-filter';
import { codedCosineDistance } from './vector-codes';

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

/** A stored vector as Arrow gives it: iterable, not indexable. */
type ArrowVector = Iterable<number> & { toArray?: () => ArrayLike<number> };

/** The columns of a LanceDB answer that chunks are read from (an Arrow table, read column by column). */
interface ArrowColumns {
  numRows: number;
  getChild(name: string): { get(i: number): unknown } | null;
}

/**
 * Chunks from a LanceDB answer read column by column: cheaper than `toArray()`, which builds a row proxy per
 * row and reads every field through it. With `vector`, each row's cosine distance to it replaces `_distance`.
 */
export function chunksFromArrow(table: ArrowColumns, vector?: ArrayLike<number>): StoredChunk[] {
  // An empty answer may come without batches, so without columns either.
  if (table.numRows === 0) return [];
  const required = (name: string) => {
    const column = table.getChild(name);
    if (!column) throw new Error(`the vector store's answer has no ${name} column`);
    return column;
  };
  const [ids, docIds, contents, metadata] = ['id', 'doc_id', 'content', 'metadata'].map(required);
  const distances = table.getChild('_distance');
  const scores = table.getChild('_score');
  const vectors = vector ? table.getChild('vector') : null;
  const chunks = new Array<StoredChunk>(table.numRows);
  for (let i = 0; i < table.numRows; i++) {
    const distance = distances?.get(i);
    const score = scores?.get(i);
    const stored = vectors?.get(i) as ArrowVector | null | undefined;
    chunks[i] = {
      chunkId: ids.get(i) as string,
      docId: docIds.get(i) as string,
      content: contents.get(i) as string,
      metadata: JSON.parse(metadata.get(i) as string) as Record<string, JsonValue>,
      distance:
        vector && stored
          ? codedCosineDistance(vector, vectorValues(stored))
          : typeof distance === 'number'
            ? distance
            : null,
      score: typeof score === 'number' ? score : null,
    };
  }
  return chunks;
}

/**
 * A stored vector's values: Arrow's `toArray` is a view on the row's slice of the column (no copy), where
 * iterating would read the values one call at a time.
 */
export function vectorValues(vector: ArrowVector): ArrayLike<number> {
  return vector.toArray ? vector.toArray() : Float32Array.from(vector);
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

/** A table's vector length, from its schema. */
export async function tableDimensions(table: Table): Promise<number | null> {
  const field = (await table.schema()).fields.find((f) => f.name === 'vector');
  return (field?.type as { listSize?: number } | undefined)?.listSize ?? null;
}

/** How many distinct documents (`doc_id`) a table holds; reads only that column. */
export async function countDistinctDocIds(table: Table): Promise<number> {
  const ids = new Set<string>();
  for await (const batch of table.query().select(['doc_id'])) {
    const column = batch.getChild('doc_id');
    for (let i = 0; i < batch.numRows; i++) ids.add(String(column?.get(i)));
  }
  return ids.size;
}

/** The ids of the chunks matching a `where` predicate. */
export async function chunkIdsWhere(table: Table, where: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const batch of table.query().where(where).select(['id'])) {
    const column = batch.getChild('id');
    for (let i = 0; i < batch.numRows; i++) ids.push(String(column?.get(i)));
  }
  return ids;
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
