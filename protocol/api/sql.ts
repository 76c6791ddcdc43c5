import { z } from 'zod';

export const sqlContextSchema = z.looseObject({
  db: z.string().optional(),
  show_secrets: z.boolean().optional(),
});
export type SqlContext = z.infer<typeof sqlContextSchema>;

/** How `POST /api/sql/query` answers: one JSON object (default), or the result line by line. */
export const sqlResponseFormatSchema = z.enum(['json', 'jsonlines', 'sse']);
export type SqlResponseFormat = z.infer<typeof sqlResponseFormatSchema>;

export const sqlRequestSchema = z.object({
  query: z.string(),
  context: sqlContextSchema.optional(),
  /** Values for `:name` markers in the query, as MindsDB takes them (lists for `IN :names`). */
  params: z.record(z.string(), z.unknown()).optional(),
  response_format: sqlResponseFormatSchema.optional(),
  /**
   * Ours: a SELECT whose result is over the row limit answers its first rows with `truncated: true` instead
   * of an error. Only a client that asks gets a partial result, and it is always told.
   */
  partial_results: z.boolean().optional(),
  /**
   * Ours: an INSERT that goes on when its request closes (the console's knowledge-base load, which a page
   * reload must not stop); it is stopped with `POST .../knowledge_bases/{kb}/cancel_insert`. Other statements,
   * and requests without it, stop when their request closes.
   */
  keep_running: z.boolean().optional(),
  /**
   * Ours: a name the client gives this statement, so that `POST /api/sql/query/cancel` can stop it while the
   * request stays open to bring back what happened (the console's Stop).
   */
  statement_id: z.string().min(1).max(100).optional(),
});
export type SqlRequest = z.infer<typeof sqlRequestSchema>;

/** `POST /api/sql/query/cancel` (ours): stop the running statement the client named so. */
export const cancelStatementRequestSchema = z.object({ statement_id: z.string().min(1).max(100) });

/**
 * Its answer: whether a statement of that name, sent by the same client, was running and has been asked to
 * stop. Its own request then answers with what happened: stopped (an error saying so), or done if it could
 * not be stopped before it ended.
 */
export const cancelStatementAnswerSchema = z.object({ cancelled: z.boolean() });
export type CancelStatementAnswer = z.infer<typeof cancelStatementAnswerSchema>;

/** A cell as it arrives in JSON: objects stay objects (KB metadata), wide integers are numbers when safe. */
export type SqlCell = unknown;

export const sqlTableResultSchema = z.looseObject({
  type: z.literal('table'),
  column_names: z.array(z.string()),
  data: z.array(z.array(z.unknown())),
  context: sqlContextSchema.optional(),
  /** Ours, only when the request said `partial_results`: the result holds more rows than `data`. */
  truncated: z.boolean().optional(),
});

export const sqlOkResultSchema = z.looseObject({
  type: z.literal('ok'),
  affected_rows: z.number().nullable().optional(),
  context: sqlContextSchema.optional(),
});

export const errorPositionSchema = z.object({ line: z.number(), column: z.number() });
export type ErrorPosition = z.infer<typeof errorPositionSchema>;

export const sqlErrorResultSchema = z.looseObject({
  type: z.literal('error'),
  error_code: z.number().optional(),
  error_message: z.string(),
  error_position: errorPositionSchema.optional(),
  context: sqlContextSchema.optional(),
});

export const sqlResultSchema = z.discriminatedUnion('type', [
  sqlTableResultSchema,
  sqlOkResultSchema,
  sqlErrorResultSchema,
]);
export type SqlTableResult = z.infer<typeof sqlTableResultSchema>;
export type SqlOkResult = z.infer<typeof sqlOkResultSchema>;
export type SqlErrorResult = z.infer<typeof sqlErrorResultSchema>;
export type SqlResult = z.infer<typeof sqlResultSchema>;

/** `POST /api/sql/query/utils/parametrize_constants` body. */
export const parametrizeRequestSchema = z.object({ query: z.string() });

/** `POST /api/sql/query/utils/parametrize_constants`: the query with its constants as `:name` parameters. */
export const parametrizedQuerySchema = z.object({
  query: z.string(),
  parameters: z.array(
    z.object({ name: z.string(), value: z.union([z.string(), z.number(), z.null()]), type: z.string() }),
  ),
  databases: z.record(z.string(), z.array(z.string())),
});
export type ParametrizedQuery = z.infer<typeof parametrizedQuerySchema>;

/** `POST /api/sql/query/copy`: a result as CSV or TSV text (`format`: csv, tsv or tab). */
export const copyRequestSchema = z.object({
  query: z.string(),
  context: sqlContextSchema.optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  format: z.string().optional(),
});
export type CopyRequest = z.infer<typeof copyRequestSchema>;

/** `GET /api/sql/list_databases`: every database with the names of its tables. */
export const listDatabasesSchema = z.looseObject({
  data: z.array(z.looseObject({ name: z.string(), tables: z.array(z.string()) })),
});
export type ListDatabases = z.infer<typeof listDatabasesSchema>;
