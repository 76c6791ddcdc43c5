import type { Table } from '@lancedb/lancedb';
import type { KeyedQueue, KeyLock } from '../util/keyed-queue';
import {
  buildAllIndexes,
  buildAnnIndex,
  buildMetadataIndexes,
  compactFiles,
  ensureFtsIndex,
  indexState,
  maintenanceFor,
  maintenanceNeeded,
  rebuildFtsIndex,
  type IndexPolicy,
  type IndexState,
  type IndexUpkeepState,
} from './vector-index';

/**
 * The indexes of the vector store's tables kept up: the ANN index built past its threshold and rebuilt as rows
 * come (in the background, outside the write queue), the full-text index made on first use, and what is known
 * of both cached, because every search asks.
 */
export class IndexUpkeep {
  /** ANN builds in progress, by table: they run outside the write queue. */
  private readonly building = new Map<string, Promise<void>>();
  /** Maintenance started and not yet ended, its build lock (another server's) not yet taken included. */
  private readonly maintaining = new Set<Promise<void>>();
  /** Tables whose maintenance was asked for while they were building: looked at again when it ends. */
  private readonly recheck = new Set<string>();
  /** Whether a table has its ANN index, cached because every search asks. */
  private readonly ann = new Map<string, boolean>();
  /** Tables whose full-text index is known to exist: every hybrid search would otherwise list the indexes. */
  private readonly fts = new Set<string>();
  /** When each table was last written (see `noteWrite`). */
  private readonly lastWrite = new Map<string, number>();
  /** Maintenance asked for and waiting for its table's writes to pause: since when, and its timer. */
  private readonly deferred = new Map<string, { since: number; timer: NodeJS.Timeout }>();

  constructor(
    /** The store's write queue, by table. */
    private readonly queue: KeyedQueue,
    /** Opens a table of the store, or null when it does not exist. */
    private readonly open: (name: string) => Promise<Table | null>,
    private readonly policy: IndexPolicy,
    /** Failures of background maintenance, which has no caller to report to. */
    private readonly onError?: (err: unknown) => void,
    /**
     * On a folder several servers share: a table's index lock, held from deciding on a build to its end, so
     * that one server builds while another waits, then finds nothing left to do. Taken before the write
     * queue's lock, never inside it.
     */
    private readonly buildLock?: KeyLock,
    /** An index was committed: the table's version moved, its rows unchanged. */
    private readonly built: (name: string) => void = () => undefined,
  ) {}

  /** Runs index maintenance now; `schedule` runs it in the background. */
  async maintain(name: string): Promise<void> {
    const run = this.holdingBuildLock(name, () => this.maintainHere(name));
    // Tracked from the start: with a lock across servers, taking it is a round trip before anything is queued.
    this.maintaining.add(run);
    try {
      await run;
    } finally {
      this.maintaining.delete(run);
    }
  }

  private holdingBuildLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return this.buildLock ? this.buildLock(name, fn) : fn();
  }

  private async maintainHere(name: string): Promise<void> {
    const build = await this.queue.run(name, async () => {
      const table = await this.open(name);
      if (!table) return undefined;
      if (this.building.has(name)) {
        // Looked at again when that build ends: the rows of the insert that asked may not be in it.
        this.recheck.add(name);
        return undefined;
      }
      const { action, rows } = await maintenanceNeeded(table, this.policy);
      if (action === 'none') return undefined;
      // Only before the first build: once an index exists, LanceDB's merge (`optimize`) rewrites it too and
      // takes minutes while holding the write queue (docs/measurements.md). Later rebuilds read the rows
      // where they lie.
      if (action === 'build') await compactFiles(table);
      const running = this.buildOutsideQueue(name, table, rows, action === 'rebuild');
      this.building.set(name, running);
      // Wrapped: an async task returning the promise itself would hold the queue until the build ends.
      return { running };
    });
    await build?.running;
  }

  /** Whether a table's background maintenance waits for its writes to pause, runs a build, or neither. */
  maintenanceState(name: string): IndexUpkeepState {
    if (this.building.has(name)) return 'building';
    return this.deferred.has(name) ? 'waiting' : 'idle';
  }

  /**
   * The table's indexes and what background maintenance is doing to them, or null without the table. Waiting
   * maintenance that will find nothing to do (a table below the ANN threshold) is told as idle.
   */
  async state(name: string): Promise<(IndexState & { upkeep: IndexUpkeepState }) | null> {
    const table = await this.open(name);
    if (!table) return null;
    const state = await indexState(table);
    let upkeep = this.maintenanceState(name);
    if (upkeep === 'waiting' && maintenanceFor(state, this.policy).action === 'none') upkeep = 'idle';
    return { ...state, upkeep };
  }

  /** Tells that a table was just written to: maintenance it waits for is put off until the writes pause. */
  noteWrite(name: string): void {
    this.lastWrite.set(name, Date.now());
  }

  /**
   * Queues index maintenance (build the ANN index past the threshold, fold in new rows) without waiting.
   * Called once after a whole insert, not per batch, so that an index build never stalls an insert midway. It
   * starts once the table has had no write for `settleMs` (or after `maxDeferMs` at most): a load sent as
   * many INSERT statements in a row would otherwise start a build after the first and rebuild the whole index
   * after each later one, each build taking the CPU the load needs (docs/measurements.md).
   */
  schedule(name: string): void {
    if (this.deferred.has(name)) return; // its timer sees this insert's writes too
    const since = Date.now();
    this.deferred.set(name, { since, timer: this.settleTimer(name, this.policy.settleMs) });
  }

  private settleTimer(name: string, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => this.settle(name), ms);
    timer.unref(); // a pending build does not keep the process alive: the next insert asks again
    return timer;
  }

  /** Starts the maintenance a table waits for, or waits on while its writes go on. */
  private settle(name: string): void {
    const entry = this.deferred.get(name);
    if (!entry) return;
    const now = Date.now();
    const quietFor = now - (this.lastWrite.get(name) ?? 0);
    if (quietFor < this.policy.settleMs && now - entry.since < this.policy.maxDeferMs) {
      entry.timer = this.settleTimer(name, this.policy.settleMs - quietFor);
      return;
    }
    this.deferred.delete(name);
    this.maintain(name).catch((err: unknown) => this.onError?.(err));
  }

  /**
   * Builds the ANN index over every row now, the full-text index when missing and the metadata indexes, in
   * the table's write queue, telling `onPhase` as each phase starts. Returns how many rows the index covers.
   */
  async buildNow(name: string, onPhase?: Parameters<typeof buildAllIndexes>[2]): Promise<number> {
    return this.holdingBuildLock(name, () =>
      this.queue.run(name, async () => {
        const table = await this.open(name);
        const rows = table ? await table.countRows() : 0;
        if (!table || rows === 0) return 0;
        await buildAllIndexes(table, rows, onPhase);
        this.ann.set(name, true);
        this.fts.add(name);
        this.built(name);
        return rows;
      }),
    );
  }

  async hasAnn(name: string, table: Table): Promise<boolean> {
    let ann = this.ann.get(name);
    if (ann === undefined) {
      ann = (await indexState(table)).ann;
      this.ann.set(name, ann);
    }
    return ann;
  }

  /** The full-text index, when missing, outside the write queue (a background build's last steps). */
  private async buildFtsWhenMissing(name: string, table: Table): Promise<void> {
    await ensureFtsIndex(table);
    this.fts.add(name);
  }

  /**
   * The full-text index, built on first use, through the write queue only when missing: a pending ANN build
   * must not delay every hybrid search.
   */
  async ensureFts(name: string, table: Table): Promise<void> {
    if (this.fts.has(name)) return;
    await this.queue.run(name, () => ensureFtsIndex(table));
    this.fts.add(name);
  }

  /**
   * Resolves when every queued write and background index build has finished; maintenance waiting for writes
   * to pause starts now.
   */
  async whenIdle(): Promise<void> {
    for (;;) {
      for (const [name, { timer }] of this.deferred) {
        clearTimeout(timer);
        this.deferred.delete(name);
        this.maintain(name).catch((err: unknown) => this.onError?.(err));
      }
      await Promise.allSettled([...this.maintaining]);
      await this.queue.idle();
      if (this.building.size === 0 && this.maintaining.size === 0) return;
      await Promise.allSettled([...this.building.values()]);
    }
  }

  /** Drops what is known of a table's indexes (it is dropped, replaced or closed), and its waiting maintenance. */
  /** Drops what is known of a table's indexes (another server may have built or rebuilt them). */
  forgetIndexes(name: string): void {
    this.ann.delete(name);
    this.fts.delete(name);
  }

  forget(name: string): void {
    this.ann.delete(name);
    this.fts.delete(name);
    this.lastWrite.delete(name);
    clearTimeout(this.deferred.get(name)?.timer);
    this.deferred.delete(name);
  }

  /**
   * Builds (or rebuilds) the indexes outside the write queue: inserts and deletes go on meanwhile (LanceDB
   * commits an index over the rows it read; rows added since are searched unindexed until the next build).
   * When it ends, maintenance looks again if an insert asked for it meanwhile, so its rows get their turn.
   */
  private buildOutsideQueue(name: string, table: Table, rows: number, rebuild: boolean): Promise<void> {
    return buildAnnIndex(table, rows)
      .then(() => void this.ann.set(name, true))
      .then(async () => {
        // Only speed-ups: a failure (e.g. a commit conflict with a concurrent new column) is reported, not thrown.
        try {
          if (rebuild && this.fts.has(name)) await rebuildFtsIndex(table);
          // A KB's default search is hybrid: its full-text index is built now, after the load, rather than by
          // the first search, which would otherwise wait for it (a minute at a million chunks) and build it
          // beside whatever memory the searches hold by then.
          else if (!this.fts.has(name)) await this.buildFtsWhenMissing(name, table);
          await buildMetadataIndexes(table);
        } catch (err) {
          this.onError?.(err);
        }
      })
      .finally(() => {
        // Queued before the entry goes, so that `whenIdle` waits for it too. Only when asked meanwhile: a
        // long insert would otherwise rebuild again and again while it runs, instead of once at its end.
        if (this.recheck.delete(name)) this.schedule(name);
        this.building.delete(name);
        this.built(name);
      });
  }
}
