import type { JsonValue } from '../engines/duckdb';
import type { FilterNode } from '../engines/vector-store';
import type { ModelConfig } from '../providers/types';

export type { FilterCondition, FilterNode, FilterOp, Scalar } from '../engines/vector-store';
export type { ModelConfig } from '../providers/types';

export interface ChunkingParams {
  chunk_size?: number;
  chunk_overlap?: number;
}

export interface Preprocessing {
  text_chunking_config?: ChunkingParams;
  [key: string]: unknown;
}

/** A knowledge base as the API shows it: exactly the seed's fields. */
export interface KnowledgeBase {
  id: number;
  name: string;
  project_id: number;
  vector_database: 'lancedb';
  vector_database_table: string;
  created_at: string;
  updated_at: string;
  query_id: null;
  embedding_model: ModelConfig;
  reranking_model: ModelConfig | null;
  /** null: every column that is neither content nor the id becomes metadata. */
  metadata_columns: string[] | null;
  content_columns: string[];
  id_column: string;
  params: KnowledgeBaseParams;
}

export interface KnowledgeBaseParams {
  /** The embedding model's name when the KB was created (its stored vectors come from it). */
  created_embedding_model: string;
  preprocessing?: Preprocessing;
  [key: string]: JsonValue | Preprocessing | undefined;
}

/**
 * What create and alter accept, from SQL `USING ...` or a REST body. Fields may also sit under `params`
 * (MindsDB's REST API reads them there); top-level fields win.
 */
export interface KnowledgeBaseInput {
  name?: string;
  embedding_model?: Partial<ModelConfig>;
  /** `false` or `null` turns reranking off. */
  reranking_model?: Partial<ModelConfig> | false | null;
  metadata_columns?: string[] | null;
  content_columns?: string[];
  id_column?: string | null;
  preprocessing?: Preprocessing | null;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The settings of a knowledge base that create and alter change: the keys of a SQL `USING` block, and the
 * fields of a REST body that are settings rather than data to insert.
 */
export const KB_SETTING_KEYS = [
  'embedding_model',
  'reranking_model',
  'metadata_columns',
  'content_columns',
  'id_column',
  'preprocessing',
] as const;

/** One result row of a search, columns in the seed's order. */
export interface KbSearchRow {
  /** The row's id with its source type: an integer id is a number. */
  id: string | number;
  chunk_id: string;
  chunk_content: string;
  metadata: Record<string, JsonValue>;
  distance: number | null;
  relevance: number | null;
}

export { KB_SEARCH_COLUMNS } from '../../protocol/kb-search';

export interface KbSearchQuery {
  /** The semantic condition (`content = '...'`); without it rows come back unranked. */
  query?: string;
  /** Conditions on `id`, `chunk_id`, `chunk_content` and metadata columns, all of which must hold. */
  filters?: FilterNode[];
  /** Rows with a lower relevance are dropped (`relevance >= x`). */
  relevanceThreshold?: number;
  /** Default 10 with a query; without one, every matching row. */
  limit?: number;
  /** Blend full-text (keyword) scores with vector similarity. */
  hybrid?: boolean;
  /** Weight of the vector side in hybrid search, 0..1 (default 0.5). */
  hybridAlpha?: number;
  /** `false` skips the KB's reranker for this search (`reranking = false`). */
  rerank?: boolean;
  /** Bypass the ANN index: exact brute-force neighbours (to measure the index's recall). */
  exact?: boolean;
}

export interface InsertProgress {
  state: 'idle' | 'running' | 'done' | 'failed';
  rows_done: number;
  rows_total: number;
  chunks: number;
  error: string | null;
  started_at: string | null;
  finished_at: string | null;
}

export interface InsertOptions {
  onProgress?: (progress: { rowsDone: number; rowsTotal: number }) => void;
  /** Rows per batch (embedded and written together); `batch_size`. */
  batchSize?: number;
  /** `threads`: how many batches are embedded at once (stored in order); default 1. */
  threads?: number;
  /** `track_column`: rows are loaded in this column's order. */
  trackColumn?: string;
  /** `error`: 'skip' goes on past a batch that fails (its rows are counted as skipped); default 'raise'. */
  onBatchError?: 'raise' | 'skip';
  /** `kb_no_upsert`: add chunks without removing those of ids already stored (an initial load). */
  noUpsert?: boolean;
  /** `kb_skip_existing`: rows whose id is already stored are left out, not embedded again. */
  skipExisting?: boolean;
  /** Aborts when nobody waits for the insert any more (its request was closed: the console's Cancel). */
  signal?: AbortSignal;
  /** The query id an insert run in the background was answered with (its QUERY_ID); a new one otherwise. */
  queryId?: number;
}

export interface InsertResult {
  /** Rows stored (left-out rows not counted). */
  rows: number;
  documents: number;
  chunks: number;
  /** Rows left out: already stored (`kb_skip_existing`) or in a batch that failed (`error = 'skip'`). */
  skipped?: number;
  /** The first failure of a skipped batch. */
  firstError?: string;
}

export interface ReadOptions {
  /** Return api keys in clear (SQL with `show_secrets`); masked otherwise. */
  showSecrets?: boolean;
}

/** The settings of a knowledge base that create sets and alter changes. */
export interface KbSettings {
  embedding_model: ModelConfig;
  reranking_model: ModelConfig | null;
  metadata_columns: string[] | null;
  content_columns: string[];
  id_column: string;
  preprocessing: Preprocessing | null;
}
