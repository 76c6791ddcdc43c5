import { z } from 'zod';
import { indexBuildSchema, lastInsertSchema } from './kb-status';

/**
 * Keys the chunker adds to every chunk's metadata (api.md), besides the KB's own metadata columns. Both sides
 * tell them apart from the user's metadata: the console shows them quietly, the local model ignores them.
 */
export const CHUNK_METADATA_KEYS: ReadonlySet<string> = new Set([
  'chunk_index',
  'content_column',
  'start_char',
  'end_char',
  'original_doc_id',
  'original_row_index',
  'source',
]);

/** A model reference inside a KB or agent: provider plus whatever that provider needs. */
export const modelConfigSchema = z.looseObject({
  provider: z.string().optional(),
  model_name: z.string().optional(),
  api_key: z.string().optional(),
  base_url: z.string().optional(),
});
export type ModelConfig = z.infer<typeof modelConfigSchema>;

export const knowledgeBaseSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  project_id: z.union([z.string(), z.number()]).optional(),
  project_name: z.string().optional(),
  vector_database: z.string().nullable().optional(),
  vector_database_table: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
  query_id: z.union([z.string(), z.number()]).nullable().optional(),
  embedding_model: modelConfigSchema.nullable().optional(),
  reranking_model: modelConfigSchema.nullable().optional(),
  metadata_columns: z.array(z.string()).nullable().optional(),
  content_columns: z.array(z.string()).nullable().optional(),
  id_column: z.string().nullable().optional(),
  params: z.record(z.string(), z.unknown()).nullable().optional(),
  /** Ours: the data sources an INSERT ... SELECT read into the KB; MindsDB does not say. */
  loaded_from: z.array(z.string()).optional(),
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;
export const knowledgeBasesSchema = z.array(knowledgeBaseSchema);

export const chunkingConfigSchema = z.object({
  chunk_size: z.number().int().positive().optional(),
  chunk_overlap: z.number().int().nonnegative().optional(),
});

/** Body of create (`POST`) and alter (`PUT`), under the key `knowledge_base`. */
export const knowledgeBaseInputSchema = z.looseObject({
  name: z.string().optional(),
  embedding_model: modelConfigSchema.optional(),
  reranking_model: z.union([modelConfigSchema, z.literal(false), z.null()]).optional(),
  metadata_columns: z.array(z.string()).optional(),
  content_columns: z.array(z.string()).optional(),
  id_column: z.string().optional(),
  preprocessing: z.looseObject({ text_chunking_config: chunkingConfigSchema.optional() }).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  rows: z.array(z.record(z.string(), z.unknown())).optional(),
  /** One SELECT whose rows are inserted (MindsDB 26). */
  query: z.string().optional(),
  /** Uploaded files (tables `files.<name>`) whose rows are inserted. */
  files: z.array(z.string()).optional(),
  /** Web pages whose text is inserted, one document each (private addresses only when the server allows). */
  urls: z.array(z.string()).optional(),
});
export type KnowledgeBaseInput = z.infer<typeof knowledgeBaseInputSchema>;
export const knowledgeBaseBodySchema = z.object({ knowledge_base: knowledgeBaseInputSchema });

/**
 * Progress of a long insert (ours): polled by the console while it loads rows. The latest insert as the KB's
 * status reports it (chunks, error and times optional), with the latest CREATE INDEX ON KNOWLEDGE_BASE of the
 * server's run and its phase while it builds.
 */
export const insertProgressSchema = lastInsertSchema
  .omit({ query_id: true })
  .partial({ chunks: true, error: true, started_at: true, finished_at: true })
  .extend({ index_build: indexBuildSchema.nullable().optional() });
export type InsertProgress = z.infer<typeof insertProgressSchema>;

/** Ours: `POST .../knowledge_bases/{kb}/cancel_insert` answers whether an insert was running (and now stops). */
export const cancelInsertAnswerSchema = z.object({ cancelled: z.boolean() });
export type CancelInsertAnswer = z.infer<typeof cancelInsertAnswerSchema>;
