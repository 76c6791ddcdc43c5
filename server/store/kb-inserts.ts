import type { CatalogDb } from '../engines/catalog-db';
import type { InsertProgress } from '../domain/knowledge-bases';
import { formatTimestamp, normalizeTimestamp } from '../util/time';

import { beatIsFresh, heartbeatOf, INTERRUPTED, requestStop, type RunSignals } from './run-liveness';

export { INTERRUPTED };

interface Row {
  kb_id: number;
  query_id: number;
  started_at: string | null;
  finished_at: string | null;
  rows_total: number;
  processed_rows: number;
  chunks: number;
  error: string | null;
  /** The last heartbeat, or the start before the first (run-liveness.ts). */
  beat_at: string | null;
}

/** The latest insert of a knowledge base as DESCRIBE KNOWLEDGE_BASE reports it (MindsDB's columns). */
export interface LastInsert extends InsertProgress {
  query_id: number | null;
}

/** Unfinished and still beaten for: running now, on this server or another sharing the catalog. */
const isLive = (r: Row) => r.finished_at === null && r.error === null && beatIsFresh(r.beat_at);

const toProgress = (r: Row): LastInsert => ({
  state: r.finished_at === null ? (isLive(r) ? 'running' : 'failed') : r.error ? 'failed' : 'done',
  rows_done: Number(r.processed_rows),
  rows_total: Number(r.rows_total),
  chunks: Number(r.chunks),
  error: r.finished_at === null ? (isLive(r) ? null : (r.error ?? INTERRUPTED)) : r.error,
  started_at: r.started_at === null ? null : (normalizeTimestamp(r.started_at) ?? r.started_at),
  finished_at: r.finished_at === null ? null : (normalizeTimestamp(r.finished_at) ?? r.finished_at),
  query_id: Number(r.query_id),
});

/** Query ids (MindsDB's QUERY_ID) have a sequence of their own. */
export const KB_INSERTS_SCHEMA = [
  `CREATE SEQUENCE IF NOT EXISTS kb_insert_ids START 1`,
  `CREATE TABLE IF NOT EXISTS kb_inserts (
    kb_id INTEGER PRIMARY KEY,
    query_id BIGINT NOT NULL,
    started_at TIMESTAMP,
    finished_at TIMESTAMP,
    rows_total BIGINT NOT NULL,
    processed_rows BIGINT NOT NULL,
    chunks BIGINT NOT NULL,
    error VARCHAR
  )`,
  // Set by another server sharing the catalog to stop this insert (run-liveness.ts).
  `ALTER TABLE kb_inserts ADD COLUMN IF NOT EXISTS stop_requested BOOLEAN`,
];

/**
 * The latest insert of each knowledge base, kept in the catalog so that DESCRIBE and the console still show
 * the last load and its outcome after a restart. Written when an insert starts and when it ends; the progress
 * in between lives in memory (ProgressBoard), and on a shared catalog also in the row (run-liveness.ts). A row
 * never finished is running while its server beats for it, else it was cut off by a stop.
 */
export class InsertLog {
  constructor(private readonly db: CatalogDb) {}

  /**
   * Notes a new insert; returns its query id (MindsDB's QUERY_ID). On a shared catalog its row is kept alive,
   * with the rows and chunks `signals` tells, until `finished`, so other servers show it running and can stop it.
   */
  async started(
    kbId: number,
    rowsTotal: number,
    startedAt: string,
    signals?: RunSignals,
    queryId?: number,
  ): Promise<number> {
    const id = queryId ?? (await this.nextQueryId());
    await this.db.run(
      `INSERT INTO kb_inserts (kb_id, query_id, started_at, finished_at, rows_total, processed_rows, chunks, error)
       VALUES (?, ?, CAST(? AS TIMESTAMP), NULL, ?, 0, 0, NULL)
       ON CONFLICT (kb_id) DO UPDATE SET query_id = EXCLUDED.query_id, started_at = EXCLUDED.started_at,
       finished_at = NULL, rows_total = EXCLUDED.rows_total, processed_rows = 0, chunks = 0, error = NULL,
       heartbeat_at = NULL, stop_requested = NULL`,
      [kbId, id, startedAt, rowsTotal],
    );
    heartbeatOf(this.db).track('kbInsert', kbId, signals);
    return Number(id);
  }

  /** A new query id, for an insert answered before it starts (in the background). */
  async nextQueryId(): Promise<number> {
    const [{ id }] = await this.db.all<{ id: number }>(`SELECT nextval('kb_insert_ids') AS id`);
    return Number(id);
  }

  async finished(kbId: number, progress: InsertProgress): Promise<void> {
    heartbeatOf(this.db).untrack('kbInsert', kbId);
    await this.db.run(
      `UPDATE kb_inserts SET finished_at = CAST(? AS TIMESTAMP), processed_rows = ?, chunks = ?, error = ?
       WHERE kb_id = ?`,
      [progress.finished_at ?? formatTimestamp(), progress.rows_done, progress.chunks, progress.error, kbId],
    );
  }

  async get(kbId: number): Promise<LastInsert | undefined> {
    const rows = await this.db.all<Row>(
      `SELECT kb_id, query_id, strftime(started_at, '%Y-%m-%d %H:%M:%S.%f') AS started_at,
         strftime(finished_at, '%Y-%m-%d %H:%M:%S.%f') AS finished_at, rows_total, processed_rows, chunks, error,
         strftime(COALESCE(heartbeat_at, started_at), '%Y-%m-%d %H:%M:%S.%f') AS beat_at
       FROM kb_inserts WHERE kb_id = ?`,
      // Freshness is judged here, not in the query: a query without the clock in it stays cacheable.
      [kbId],
    );
    return rows[0] ? toProgress(rows[0]) : undefined;
  }

  /** Asks the server that runs the KB's insert to stop it: true when one runs on another server. */
  requestStop(kbId: number): Promise<boolean> {
    return requestStop(this.db, 'kbInsert', kbId);
  }

  async forget(kbId: number): Promise<void> {
    await this.db.run(`DELETE FROM kb_inserts WHERE kb_id = ?`, [kbId]);
  }
}
