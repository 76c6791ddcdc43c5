import { previousStart } from './template-variables';
import { nextSlot } from './schedule';
import type { JobRunner } from './runner';
import type { JobStore } from '../../store/jobs';

export interface SchedulerOptions {
  /** How often due jobs are looked for (default 30 s, as MindsDB's `check_interval`). */
  tickMs?: number;
  /** The clock (tests move it by hand). */
  now?: () => Date;
  log?: (err: unknown) => void;
}

export const DEFAULT_TICK_MS = 30_000;

/**
 * Runs due jobs. Each tick runs the jobs whose slot has come, one after another (so one job never runs twice
 * at once, and jobs do not crowd the engines). The slot is claimed in the catalog before the run (see
 * JobStore.claim): after a restart, or beside another scheduler, a slot still runs once. A failing job is
 * recorded in its history and the next one runs.
 */
export class JobScheduler {
  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private stopped = false;
  /** Aborted by stop(): a statement in progress is interrupted rather than waited for. */
  private readonly abort = new AbortController();
  readonly now: () => Date;

  constructor(
    private readonly store: JobStore,
    private readonly runner: JobRunner,
    private readonly options: SchedulerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? DEFAULT_TICK_MS);
    // The schedule must never keep the process alive on its own.
    this.timer.unref();
  }

  /** Stops ticking and waits for a run in progress to end (the engines close after this). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  /** One look for due jobs; a tick that finds the previous one still running does nothing. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.current) {
      this.current = this.runDue()
        .catch((err) => this.options.log?.(err))
        .finally(() => {
          this.current = undefined;
        });
    }
    return this.current;
  }

  private async runDue(): Promise<void> {
    for (const job of await this.store.due(this.now())) {
      if (this.stopped) return;
      const slot = job.nextRunAt!;
      const started = this.now();
      const historyId = await this.store.claim(
        job,
        slot,
        nextSlot(slot, started, job.every, job.endAt),
        started,
      );
      if (historyId === undefined) continue;
      let outcome;
      try {
        const previous = await this.store.previousRunStart(job.id, historyId);
        outcome = await this.runner.run(job, this.abort.signal, {
          start: started,
          previousStart: previousStart(previous, job.createdAt),
        });
      } catch (err) {
        outcome = {
          query: job.statements.join('; '),
          error: `The run failed: ${(err as Error)?.message ?? err}`,
        };
      }
      await this.store.finish(historyId, this.now(), outcome);
    }
  }
}
