import { MatchQuery, type Table } from '@lancedb/lancedb';
import type { FilterNode } from './vector-filter';
import { tuneAnnQuery } from './vector-index';
import { chunksFromArrow, type StoredChunk } from './vector-rows';

export interface SearchQuery {
  filters?: readonly FilterNode[];
  limit: number;
  /** Names the table's owner in errors, e.g. `knowledge base 'kb'`. */
  label?: string;
}

/** A nearest-neighbour search; `exact` skips the ANN index (the brute-force answer its recall is measured against). */
export type NearestQuery = SearchQuery & { exact?: boolean };

/** A full-text search; with `vector`, each row's cosine distance to it is computed too (for hybrid search). */
export type TextQuery = SearchQuery & { vector?: Float32Array };

/** A scan without a limit reads every matching row. */
export type ScanQuery = Omit<SearchQuery, 'limit'> & { limit?: number; offset?: number };

/** The columns a search answers with (besides its score or distance). */
export const OUTPUT_COLUMNS = ['id', 'doc_id', 'content', 'metadata'];

/**
 * Nearest chunks by cosine distance, read from the table (when its in-memory copy does not answer): through the
 * ANN index when it has one, by brute force when `exact`, filtered first by `where`.
 */
export async function tableNearest(
  table: Table,
  vector: Float32Array,
  query: { limit: number; where?: string; exact?: boolean; hasAnn: boolean },
): Promise<StoredChunk[]> {
  const base = table.vectorSearch(vector).distanceType('cosine');
  let q = (query.exact ? base.bypassVectorIndex() : tuneAnnQuery(base, query.hasAnn, query.limit))
    .select([...OUTPUT_COLUMNS, '_distance', 'vector'])
    .limit(query.limit);
  if (query.where) q = q.where(query.where);
  // Distances computed here from the stored vectors, as the search copy computes them: a search answers
  // the same whether the table or the copy served it.
  return chunksFromArrow(await q.toArrow(), vector).sort((a, b) => a.distance! - b.distance!);
}

/** Best full-text (BM25) matches in chunk content, read from the table; with `vector`, their distances to it. */
export async function tableTextSearch(
  table: Table,
  text: string,
  query: { limit: number; where?: string; vector?: Float32Array },
): Promise<StoredChunk[]> {
  const columns = [...OUTPUT_COLUMNS, '_score', ...(query.vector ? ['vector'] : [])];
  let q = table.query().fullTextSearch(new MatchQuery(text, 'content')).select(columns).limit(query.limit);
  if (query.where) q = q.where(query.where);
  return chunksFromArrow(await q.toArrow(), query.vector);
}

/** Chunks in storage order, without a query. */
export async function tableScan(
  table: Table,
  query: { limit?: number; offset?: number; where?: string },
): Promise<StoredChunk[]> {
  let q = table.query().select(OUTPUT_COLUMNS);
  if (query.limit !== undefined) q = q.limit(query.limit);
  if (query.offset) q = q.offset(query.offset);
  if (query.where) q = q.where(query.where);
  return chunksFromArrow(await q.toArrow());
}
