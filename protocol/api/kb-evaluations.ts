import { z } from 'zod';
import { modelConfigSchema } from './knowledge-bases';

/**
 * Evaluations of a knowledge base's retrieval (ours, beside MindsDB's `EVALUATE KNOWLEDGE_BASE`):
 * `POST /api/projects/{p}/knowledge_bases/{kb}/evaluations` starts one, `GET .../evaluations` lists past
 * ones, `GET .../evaluations/{id}` gives one with its per-question results (poll it while `state` is
 * `running`), `GET|PUT .../search_defaults` read and set the search settings the KB uses by default.
 */

/** How a search runs: keyword is full-text only (hybrid with no vector weight). */
export const searchModeSchema = z.enum(['semantic', 'hybrid', 'keyword']);
export type SearchMode = z.infer<typeof searchModeSchema>;

export const searchSettingsSchema = z.strictObject({
  mode: searchModeSchema,
  /** Weight of the vector side in hybrid search, 0..1. */
  alpha: z.number().min(0).max(1).optional(),
  /** Use the KB's reranking model (when it has one). */
  rerank: z.boolean(),
  /** How many chunks each question asks for. */
  limit: z.number().int().min(1).max(100),
});
export type SearchSettings = z.infer<typeof searchSettingsSchema>;

export const evaluationVersionSchema = z.enum(['doc_id', 'llm_relevancy']);
export type EvaluationVersion = z.infer<typeof evaluationVersionSchema>;

export const startEvaluationBodySchema = z.strictObject({
  /** A table of questions, `files.<name>` (or `<source>.<table>`). */
  test_table: z.string().min(1),
  version: evaluationVersionSchema.optional(),
  /** Build the questions from the KB's chunks first (written into `test_table`). */
  generate: z.strictObject({ count: z.number().int().min(1) }).optional(),
  /** One run per setting, on the same questions. */
  settings: z.array(searchSettingsSchema).min(1).max(8),
  /**
   * MindsDB's `llm` of EVALUATE: a chat model that writes the generated questions and judges relevance for
   * `llm_relevancy`. Used for this request only: it is not kept with the evaluations.
   */
  llm: modelConfigSchema.optional(),
});
export type StartEvaluationBody = z.infer<typeof startEvaluationBodySchema>;

export const metricsSchema = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
export type Metrics = z.infer<typeof metricsSchema>;

export const evaluationSummarySchema = z.strictObject({
  id: z.string(),
  knowledge_base: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  state: z.enum(['running', 'done', 'failed']),
  version: evaluationVersionSchema,
  test_table: z.string(),
  settings: searchSettingsSchema,
  metrics: metricsSchema.nullable(),
  error: z.string().nullable(),
  /** Questions answered so far, while `state` is `running`. */
  progress: z.strictObject({ done: z.number(), total: z.number() }).optional(),
});
export type EvaluationSummary = z.infer<typeof evaluationSummarySchema>;
export const evaluationSummariesSchema = z.array(evaluationSummarySchema);

/** What one question found: the expected ids, the rank of the first one (1-based, null when missed). */
export const questionResultSchema = z.strictObject({
  question: z.string(),
  expected: z.array(z.string()),
  rank: z.number().nullable(),
  retrieved: z.array(
    z.strictObject({ id: z.string(), relevance: z.number().nullable(), content: z.string() }),
  ),
  query_ms: z.number(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

export const evaluationRecordSchema = evaluationSummarySchema.extend({
  questions: z.array(questionResultSchema),
});
export type EvaluationRecord = z.infer<typeof evaluationRecordSchema>;

/** The answer to POST: the runs it started, one per setting, in the order given. */
export const startedEvaluationsSchema = z.strictObject({ ids: z.array(z.string()), questions: z.number() });
export type StartedEvaluations = z.infer<typeof startedEvaluationsSchema>;
