import { formatTimestamp } from '../../util/time';
import { withoutSecrets } from '../../util/secret-text';
import type { InsertProgress } from '../../domain/knowledge-bases';

const IDLE: InsertProgress = {
  state: 'idle',
  rows_done: 0,
  rows_total: 0,
  chunks: 0,
  error: null,
  started_at: null,
  finished_at: null,
};

/**
 * The latest insert of each knowledge base (by id), kept in memory for the console to poll. Only the last
 * insert matters to a user watching a progress bar, so one entry per KB is enough.
 */
export class ProgressBoard {
  private readonly entries = new Map<number, InsertProgress>();

  get(kbId: number): InsertProgress {
    return { ...(this.entries.get(kbId) ?? IDLE) };
  }

  start(kbId: number, rowsTotal: number): void {
    this.entries.set(kbId, {
      ...IDLE,
      state: 'running',
      rows_total: rowsTotal,
      started_at: formatTimestamp(),
    });
  }

  advance(kbId: number, rowsDone: number, chunks: number): void {
    const entry = this.entries.get(kbId);
    if (entry) Object.assign(entry, { rows_done: rowsDone, chunks });
  }

  /** Ends the insert: failed with `error`, unless `state` says it was done despite it (skipped batches). */
  finish(kbId: number, error?: string, state?: 'done' | 'failed'): void {
    const entry = this.entries.get(kbId);
    if (!entry) return;
    Object.assign(entry, {
      state: state ?? (error ? 'failed' : 'done'),
      // Kept in the catalog and shown to users: an engine's text could carry the server's storage keys.
      error: error === undefined ? null : withoutSecrets(error),
      finished_at: formatTimestamp(),
    });
  }

  forget(kbId: number): void {
    this.entries.delete(kbId);
  }
}
