import { z } from 'zod';

/**
 * Ours: `GET /api/projects/{p}/knowledge_bases/{kb}/status`, a knowledge base's state as its console page
 * shows it, and `GET /api/name-conflicts`, names an older data folder holds in two cases.
 */

/** The latest insert: what DESCRIBE KNOWLEDGE_BASE reports as INSERT_STARTED_AT, PROCESSED_ROWS, ERROR... */
export const lastInsertSchema = z.looseObject({
  state: z.enum(['idle', 'running', 'done', 'failed']),
  rows_done: z.number(),
  rows_total: z.number(),
  chunks: z.number(),
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  query_id: z.number().nullable(),
});
export type LastInsert = z.infer<typeof lastInsertSchema>;

/** The latest CREATE INDEX ON KNOWLEDGE_BASE of the server's run. */
export const indexBuildSchema = z.looseObject({
  state: z.enum(['building', 'done', 'failed']),
  chunks: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  /** The phase running (compacting, vector, full_text, metadata), also in words; optional for older servers. */
  phase: z.string().nullable().optional(),
  phase_label: z.string().nullable().optional(),
  phases_done: z.number().optional(),
  phases_total: z.number().optional(),
  /** Share of the phases finished (LanceDB reports no finer progress within a phase). */
  percent: z.number().optional(),
});

export const kbStatusSchema = z.looseObject({
  /** Distinct ids stored. */
  documents: z.number(),
  chunks: z.number(),
  last_insert: lastInsertSchema.nullable(),
  index: z.looseObject({
    vector: z.boolean(),
    full_text: z.boolean(),
    indexed_rows: z.number(),
    unindexed_rows: z.number(),
    /**
     * Background maintenance after inserts: `waiting` for the KB's writes to pause, `building`, or `idle`.
     * Optional: older servers do not send it.
     */
    upkeep: z.enum(['waiting', 'building', 'idle']).optional(),
    build: indexBuildSchema.nullable(),
    /**
     * Whether searches read an in-memory copy of the chunks (every chunk compared, without the table): loaded,
     * loading, not_loaded (until the first search), too_large for the server's search memory, no_room (the
     * memory holds copies searched as often; it loads once this KB is searched more), or off (a shared vectors
     * folder, or no search memory). Optional: older servers do not send it.
     */
    search_copy: z
      .looseObject({
        state: z.enum(['loaded', 'loading', 'not_loaded', 'too_large', 'no_room', 'off']),
        rows: z.number(),
        bytes: z.number(),
      })
      .optional(),
    /**
     * What answers a semantic search now: `copy` (the in-memory copy), `index` (the vector table's ANN index)
     * or `table` (the vector table, every chunk compared), and why. With the copy loaded: `scan_fits` (a search
     * compares every chunk, `scan_work` (chunk, dimension) pairs), `grouped` (dense vectors of a large KB kept in
     * `groups` groups of similar chunks: a search compares the chunks of the `probes` groups nearest it), or
     * `scan_too_large` (comparing every chunk would pass `scan_limit` and the chunks are not grouped yet: the
     * index answers). Otherwise the copy's state (see `search_copy`). Optional: older servers do not send it.
     */
    search_path: z
      .looseObject({
        path: z.enum(['copy', 'index', 'table']),
        reason: z.enum([
          'scan_fits',
          'grouped',
          'scan_too_large',
          'loading',
          'not_loaded',
          'too_large',
          'no_room',
          'off',
        ]),
        scan_work: z.number(),
        scan_limit: z.number(),
        groups: z.number().optional(),
        probes: z.number().optional(),
      })
      .optional(),
  }),
});
export type KbStatus = z.infer<typeof kbStatusSchema>;

/** Names that differ only by case: any other spelling reaches the first; each should be renamed. */
export const nameConflictsSchema = z.array(
  z.looseObject({
    kind: z.string(),
    project: z.string().nullable(),
    names: z.array(z.string()),
  }),
);
export type NameConflicts = z.infer<typeof nameConflictsSchema>;
