import type { CatalogDb } from '../engines/catalog-db';
import { formatTimestamp } from '../util/time';

/**
 * Long runs a catalog row stands for while they go on: job runs, knowledge-base inserts and evaluations. A row
 * never finished was cut off by a server that stopped. On the server's own catalog file that is every such row
 * at start (only one process opens it). On a catalog several servers share, another server may be running it:
 * each server beats for the runs it has going (`RunHeartbeat`), and only a row whose last beat is older than
 * `STALE_MS` is marked as interrupted, by whichever server looks first.
 */

/** What an insert cut off by a stop says (DESCRIBE and the console show it). */
export const INTERRUPTED = 'The server stopped while this insert ran; the rows stored until then are kept';

/** How often a server tells the catalog that its runs go on. */
export const BEAT_MS = 2_000;
/** A run whose server has not beaten for this long stopped with it. */
export const STALE_MS = 30_000;

interface RunTable {
  table: string;
  /** The row's key column. */
  key: string;
  /** True for a run still going on. */
  running: string;
  /** When the run began: its heartbeat until the first beat. */
  since: string;
  /** How the table stores a time: TIMESTAMP columns, or the formatted text of `formatTimestamp`. */
  timestamps: boolean;
  /** What a run cut off by a stop is set to (`?` is the message). */
  interrupted: string;
  message: string;
  /** A column another server sets to ask the run's own server to stop it (the console's Stop). */
  stopColumn?: string;
}

export const RUN_TABLES = {
  job: {
    table: 'jobs_history',
    key: 'id',
    running: 'run_end IS NULL',
    since: 'run_start',
    timestamps: true,
    interrupted: 'run_end = run_start, error = ?',
    message: 'The server stopped during this run',
  },
  kbInsert: {
    table: 'kb_inserts',
    key: 'kb_id',
    // An insert cut off keeps no end time (DESCRIBE shows none): its error alone says it stopped.
    running: 'finished_at IS NULL AND error IS NULL',
    since: 'started_at',
    timestamps: true,
    interrupted: 'error = ?',
    message: INTERRUPTED,
    stopColumn: 'stop_requested',
  },
  evaluation: {
    table: 'kb_evaluations',
    key: 'id',
    running: "state = 'running'",
    since: 'created_at',
    timestamps: false,
    interrupted: "state = 'failed', error = ?",
    message: 'The server stopped during the evaluation',
  },
} satisfies Record<string, RunTable>;

export type RunKind = keyof typeof RUN_TABLES;

const timeParam = (t: RunTable) => (t.timestamps ? 'CAST(? AS TIMESTAMP)' : '?');

/** The heartbeat column of each table, added to catalogs made before it. */
export const RUN_LIVENESS_SCHEMA = Object.values(RUN_TABLES).map(
  (t: RunTable) =>
    `ALTER TABLE ${t.table} ADD COLUMN IF NOT EXISTS heartbeat_at ${t.timestamps ? 'TIMESTAMP' : 'VARCHAR'}`,
);

/**
 * Asks the server running this run to stop it, on a catalog several servers share: true when the run is going
 * on and its table takes such requests. Its server hears it at its next beat.
 */
export async function requestStop(catalog: CatalogDb, kind: RunKind, id: string | number): Promise<boolean> {
  const t: RunTable = RUN_TABLES[kind];
  if (!catalog.shared || !t.stopColumn) return false;
  const rows = await catalog.all(
    `UPDATE ${t.table} SET ${t.stopColumn} = TRUE WHERE ${t.key} = ? AND ${liveRunCondition(kind)} RETURNING ${t.key}`,
    [id, staleBefore()],
  );
  return rows.length > 0;
}

/** The SQL condition of a run that is going on now: unfinished, and beaten for within `STALE_MS` of `now`. */
function liveRunCondition(kind: RunKind): string {
  const t: RunTable = RUN_TABLES[kind];
  return `${t.running} AND COALESCE(heartbeat_at, ${t.since}) >= ${timeParam(t)}`;
}

/** The parameter `liveRunCondition` compares with. */
export function staleBefore(now = Date.now()): string {
  return formatTimestamp(new Date(now - STALE_MS));
}

/** Whether a run's last beat (as `%Y-%m-%d %H:%M:%S.%f` text, UTC) is under `STALE_MS` old. */
export function beatIsFresh(beatAt: string | null, now = Date.now()): boolean {
  return beatAt !== null && beatAt >= staleBefore(now);
}

/**
 * Marks the runs that stopped with their server as interrupted: every unfinished one on a catalog only this
 * server opens, else those whose last beat is older than `STALE_MS`.
 */
export async function markInterruptedRuns(catalog: CatalogDb, now = Date.now()): Promise<void> {
  for (const t of Object.values(RUN_TABLES) as RunTable[]) {
    if (!catalog.shared) {
      await catalog.run(`UPDATE ${t.table} SET ${t.interrupted} WHERE ${t.running}`, [t.message]);
      continue;
    }
    await catalog.run(
      `UPDATE ${t.table} SET ${t.interrupted}
       WHERE ${t.running} AND COALESCE(heartbeat_at, ${t.since}) < ${timeParam(t)}`,
      [t.message, staleBefore(now)],
    );
  }
}

/** What a run tells its beats and hears from them. */
export interface RunSignals {
  /** Extra columns each beat writes beside the heartbeat (an insert's progress), by column name. */
  values?: () => Record<string, number>;
  /** Another server asked for the run to stop (its table's `stopColumn`); heard at the next beat. */
  onStopRequested?: () => void;
}

/**
 * This server's runs on a catalog several servers share: every `BEAT_MS` it writes their heartbeat (and what
 * each wants written with it), and now and then marks other servers' stale runs as interrupted. Does nothing on
 * a catalog only this server opens.
 */
export class RunHeartbeat {
  private readonly runs = new Map<string, { kind: RunKind; id: string | number } & RunSignals>();
  private readonly timer: NodeJS.Timeout | null;
  private beats = 0;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly catalog: CatalogDb,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.timer = catalog.shared ? setInterval(() => void this.beatOnce(), BEAT_MS) : null;
    this.timer?.unref();
  }

  /** Keeps the run's row alive until `untrack` (when the run ends). */
  track(kind: RunKind, id: string | number, signals: RunSignals = {}): void {
    if (this.timer) this.runs.set(`${kind}:${id}`, { kind, id, ...signals });
  }

  untrack(kind: RunKind, id: string | number): void {
    this.runs.delete(`${kind}:${id}`);
  }

  /** One beat now (the timer calls it; tests too). Beats never overlap. */
  beatOnce(now = Date.now()): Promise<void> {
    this.beating = this.beating.then(() => this.beat(now)).catch(this.onError);
    return this.beating;
  }

  private async beat(now: number): Promise<void> {
    for (const { kind, id, values, onStopRequested } of [...this.runs.values()]) {
      const t: RunTable = RUN_TABLES[kind];
      const extra = Object.entries(values?.() ?? {});
      const sets = ['heartbeat_at = ' + timeParam(t), ...extra.map(([column]) => `${column} = ?`)];
      const [row] = await this.catalog.all<Record<string, unknown>>(
        `UPDATE ${t.table} SET ${sets.join(', ')} WHERE ${t.key} = ? AND ${t.running}
         RETURNING ${t.stopColumn ?? t.key} AS stop`,
        [formatTimestamp(new Date(now)), ...extra.map(([, value]) => value), id],
      );
      if (t.stopColumn && row?.stop === true) onStopRequested?.();
    }
    // Other servers' runs: a server that died mid-run never says so.
    if (this.beats++ % 5 === 0) await markInterruptedRuns(this.catalog, now);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

const heartbeats = new WeakMap<CatalogDb, RunHeartbeat>();

/**
 * The heartbeat of this server's runs on `catalog`: one per catalog connection, made on first use (with
 * `onError`, which hears of beats that failed).
 */
export function heartbeatOf(catalog: CatalogDb, onError?: (err: unknown) => void): RunHeartbeat {
  let heartbeat = heartbeats.get(catalog);
  if (!heartbeat) {
    heartbeat = new RunHeartbeat(catalog, onError);
    heartbeats.set(catalog, heartbeat);
  }
  return heartbeat;
}

/** Stops the heartbeat before its catalog closes. */
export function stopHeartbeat(catalog: CatalogDb): void {
  heartbeats.get(catalog)?.close();
  heartbeats.delete(catalog);
}
