import { formatTimestamp } from '../../util/time';

/**
 * A query MindsDB runs in the background, as it answers one at once: the row of its `queries` record, with
 * its columns upper-cased. Nothing has run yet when it is answered (no start, no rows), as in MindsDB; the
 * insert's progress and outcome are then in DESCRIBE KNOWLEDGE_BASE (QUERY_ID is this ID). Its columns, in
 * order, are `protocol/api/background-query.ts`'s.
 */
export interface BackgroundQuery {
  id: number;
  sql: string;
  database: string;
  started_at: string | null;
  finished_at: string | null;
  parameters: Record<string, unknown>;
  context: Record<string, unknown>;
  processed_rows: number;
  error: string | null;
  updated_at: string;
}

/** The record of a query just queued. */
export function queuedQuery(id: number, sql: string, database: string): BackgroundQuery {
  return {
    id,
    sql,
    database,
    started_at: null,
    finished_at: null,
    parameters: {},
    context: {},
    processed_rows: 0,
    error: null,
    updated_at: formatTimestamp(),
  };
}

/**
 * The inserts running in the background, so that the server can stop them when it closes (each stops between
 * batches; a batch is stored whole or not at all) and wait for them before its databases close.
 */
export class BackgroundInserts {
  private readonly runs = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  /**
   * Runs `insert` without anyone waiting for it. Its outcome is kept by the insert itself (its progress and
   * the insert log, which DESCRIBE reads), so its failure is not thrown again here. One that fails before it
   * starts (its knowledge base dropped while it waited for another insert) leaves nothing to report.
   */
  start(insert: (signal: AbortSignal) => Promise<unknown>): void {
    const run = insert(this.closing.signal).then(
      () => undefined,
      () => undefined,
    );
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run));
  }

  /** Stops every background insert and waits until each has stopped. */
  async close(): Promise<void> {
    this.closing.abort(new Error('The server is stopping'));
    await Promise.all([...this.runs]);
  }
}
