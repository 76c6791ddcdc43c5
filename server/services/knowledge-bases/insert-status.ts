import type { InsertLog, LastInsert } from '../../store/kb-inserts';
import { insertCancelled } from './insert-run';
import type { ProgressBoard } from './progress';
import type { InsertProgress } from '../../domain/knowledge-bases';

/**
 * What a KB's inserts look like from outside: the running one (live, in memory) or, when none runs, the latest
 * as the catalog noted it (also after a restart); and the Stop of a running one.
 */
export class InsertStatus {
  constructor(
    private readonly progressBoard: ProgressBoard,
    private readonly insertLog: InsertLog,
    /** The running inserts' controllers, by KB id. */
    private readonly running: Map<number, AbortController>,
  ) {}

  /**
   * Stops the KB's running insert between batches; false when none runs. One running on another server sharing
   * the catalog is asked to stop through its row, and stops within a beat (run-liveness.ts).
   */
  async cancel(kb: { id: number; name: string }): Promise<boolean> {
    const controller = this.running.get(kb.id);
    if (!controller) return this.insertLog.requestStop(kb.id);
    controller.abort(insertCancelled(kb.name));
    return true;
  }

  /** Progress of the KB's latest insert, for the console to poll. */
  async progress(kbId: number): Promise<InsertProgress> {
    const live = this.progressBoard.get(kbId);
    if (live.state !== 'idle') return live;
    const last = await this.insertLog.get(kbId);
    if (!last) return live;
    const { query_id: _queryId, ...progress } = last;
    return progress;
  }

  /** The latest insert with its query id. */
  async last(kbId: number): Promise<LastInsert | null> {
    const logged = (await this.insertLog.get(kbId)) ?? null;
    const live = this.progressBoard.get(kbId);
    if (live.state === 'idle') return logged;
    return { ...live, query_id: logged?.query_id ?? null };
  }
}
