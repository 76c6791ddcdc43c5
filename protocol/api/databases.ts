import { z } from 'zod';

/**
 * A database in `GET /api/databases/`: a system database (`information_schema`, `log`), a project, a
 * built-in data source or a connected one.
 */
export const databaseSummarySchema = z.looseObject({
  name: z.string(),
  type: z.string(), // 'system' | 'project' | 'data'
  id: z.number().nullable(),
  engine: z.string().nullable(),
});
export type DatabaseSummary = z.infer<typeof databaseSummarySchema>;
export const databaseSummariesSchema = z.array(databaseSummarySchema);

/** A connected data source as MindsDB answers an integration: its parameters, secrets masked. */
export const integrationSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  engine: z.string(),
  class_type: z.string(),
  connection_data: z.record(z.string(), z.unknown()),
  date_last_update: z.string().nullable(),
  /** With `?check_connection=true`: whether the saved parameters connect now. */
  connection_status: z.looseObject({ success: z.boolean(), error_message: z.string().nullable() }).optional(),
});
export type Integration = z.infer<typeof integrationSchema>;

/** `GET /api/databases/{db}`: a project or built-in source as in the list, a connected source in full. */
export const databaseSchema = z.union([integrationSchema, databaseSummarySchema]);

const parametersSchema = z.record(z.string(), z.any()).optional();

/** `POST /api/databases/`. */
export const createDatabaseBodySchema = z.object({
  database: z.object({ name: z.string().min(1), engine: z.string().min(1), parameters: parametersSchema }),
  check_connection: z.boolean().optional(),
});
/** `PUT /api/databases/{db}` (creates the source when it does not exist, and then needs the engine). */
export const updateDatabaseBodySchema = z.object({
  database: z.object({ engine: z.string().min(1).optional(), parameters: parametersSchema }),
  check_connection: z.boolean().optional(),
});

/** MindsDB's answer to a create whose connection check failed: 200, nothing created. */
export const connectionErrorSchema = z.looseObject({
  status: z.literal('connection_error'),
  detail: z.string(),
});

/**
 * `POST /api/databases/check_connection` (ours): tries parameters without saving them. With `name`, the
 * parameters are changes to that saved source, merged over its own (a secret left out, or sent back as the
 * mask, keeps the saved one), and its engine is used.
 */
export const checkConnectionBodySchema = z.object({
  engine: z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  parameters: parametersSchema,
});
export const connectionStatusSchema = z.looseObject({
  success: z.boolean(),
  error_message: z.string().nullable(),
});
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

/**
 * A table of a database in `GET /api/databases/{db}/tables[/{table}]`, as MindsDB names its kind: `data` (a
 * base table: a file, a source's table, a project's `models`), `view`, `agent`, `knowledge base`, `system
 * view`. A connected source's tables also carry their `schema` (ours).
 */
export const sourceTableSchema = z.looseObject({
  name: z.string(),
  type: z.string(),
  schema: z.string().nullable().optional(),
});
export type DatabaseTable = z.infer<typeof sourceTableSchema>;
export const sourceTablesSchema = z.array(sourceTableSchema);

/** `POST /api/databases/{db}/tables`: a table made from a query run in that source. */
export const createSourceTableBodySchema = z.object({
  table: z.object({ name: z.string().min(1), select: z.string().min(1), replace: z.boolean().optional() }),
});
