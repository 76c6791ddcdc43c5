import type { CatalogDb } from '../engines/catalog-db';
import type { JobEvery } from '../dialect/ast';
import { heartbeatOf } from './run-liveness';
import { formatTimestamp } from '../util/time';
import { selectByName } from './project-names';

/** Runs kept per job in `jobs_history`; older ones are removed as new ones finish. */
export const MAX_HISTORY_PER_JOB = 1000;

/**
 * How often a job runs; `text` is the schedule as a REST client wrote it (`every hour`), answered back as
 * given, as MindsDB keeps its `schedule_str`. Kept in the same JSON column as the period.
 */
export type JobSchedule = JobEvery & { text?: string };

export interface JobRecord {
  id: number;
  projectId: number;
  project: string;
  name: string;
  statements: string[];
  condition?: string;
  startAt: Date;
  endAt?: Date;
  every?: JobSchedule;
  /** The next slot to run; undefined once a job has run its last slot. */
  nextRunAt?: Date;
  /** False while the job is paused: the scheduler skips it (MindsDB's `jobs.active`). */
  active: boolean;
  createdAt: Date;
}

export interface HistoryRow {
  id: number;
  job_id: number;
  name: string;
  project: string;
  run_start: string;
  run_end: string | null;
  error: string | null;
  query: string | null;
  /** Rows the run's statements affected or returned; null when one of them did not say (ours). */
  row_count: number | null;
}

export type NewJob = Omit<JobRecord, 'id' | 'project' | 'createdAt' | 'active'>;

const ts = (d: Date | undefined) => (d ? formatTimestamp(d) : null);
const date = (v: unknown) => (typeof v === 'string' ? new Date(`${v.replace(' ', 'T')}Z`) : undefined);
const timeText = (column: string) => `strftime(${column}, '%Y-%m-%d %H:%M:%S.%f')`;

const SELECT = `SELECT j.id, j.project_id, p.name AS project, j.name, j.statements, j.condition,
  ${timeText('j.start_at')} AS start_at, ${timeText('j.end_at')} AS end_at, j.every,
  ${timeText('j.next_run_at')} AS next_run_at, ${timeText('j.created_at')} AS created_at,
  COALESCE(j.active, TRUE) AS active
  FROM jobs j JOIN projects p ON p.id = j.project_id`;

function toRecord(r: Record<string, unknown>): JobRecord {
  return {
    id: Number(r.id),
    projectId: Number(r.project_id),
    project: String(r.project),
    name: String(r.name),
    statements: JSON.parse(String(r.statements)) as string[],
    condition: r.condition === null ? undefined : String(r.condition),
    startAt: date(r.start_at)!,
    endAt: date(r.end_at),
    every: r.every === null ? undefined : (JSON.parse(String(r.every)) as JobSchedule),
    nextRunAt: date(r.next_run_at),
    active: r.active !== false,
    createdAt: date(r.created_at)!,
  };
}

export const JOBS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS jobs (
    id BIGINT PRIMARY KEY, project_id INTEGER NOT NULL, name VARCHAR NOT NULL, statements VARCHAR NOT NULL,
    condition VARCHAR, start_at TIMESTAMP NOT NULL, end_at TIMESTAMP, every VARCHAR, next_run_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS jobs_history (
    id BIGINT PRIMARY KEY, job_id BIGINT NOT NULL, project_id INTEGER NOT NULL, name VARCHAR NOT NULL,
    slot TIMESTAMP NOT NULL, run_start TIMESTAMP NOT NULL, run_end TIMESTAMP, error VARCHAR, query VARCHAR,
    UNIQUE (job_id, slot))`,
  // Added after the first release: data folders made before it gain the columns. A job without `active`
  // (made before pausing existed) is active; a run without `row_count` did not count its rows.
  `ALTER TABLE jobs ADD COLUMN IF NOT EXISTS active BOOLEAN`,
  `ALTER TABLE jobs_history ADD COLUMN IF NOT EXISTS row_count BIGINT`,
  `CREATE TABLE IF NOT EXISTS job_last_values (
    job_id BIGINT NOT NULL, statement INTEGER NOT NULL, value VARCHAR NOT NULL, PRIMARY KEY (job_id, statement))`,
];

/** At start-up: jobs of projects dropped while the server was cut short, and runs a stop or a crash cut short. */
export const JOBS_TIDY = [`DELETE FROM jobs WHERE project_id NOT IN (SELECT id FROM projects)`];

/**
 * The catalog's `jobs`, `jobs_history` and `job_last_values` tables. A run claims its slot in one transaction
 * that moves the job's `next_run_at` on and writes the history row, so a slot is run once even if two
 * schedulers (or a restart in between) see it due at the same time; `(job_id, slot)` is unique besides.
 */
export class JobStore {
  constructor(private readonly catalog: CatalogDb) {}

  async list(projectId?: number): Promise<JobRecord[]> {
    const rows = await this.catalog.select(
      `${SELECT} ${projectId === undefined ? '' : 'WHERE j.project_id = ?'} ORDER BY j.id`,
      projectId === undefined ? [] : [projectId],
    );
    return rows.map(toRecord);
  }

  async find(projectId: number, name: string): Promise<JobRecord | undefined> {
    const row = await selectByName(this.catalog, SELECT, 'j', projectId, name);
    return row ? toRecord(row) : undefined;
  }

  /** Jobs whose next slot is at or before `now`, earliest first. */
  async due(now: Date): Promise<JobRecord[]> {
    const rows = await this.catalog.select(
      `${SELECT} WHERE j.next_run_at IS NOT NULL AND j.next_run_at <= CAST(? AS TIMESTAMP)
         AND COALESCE(j.active, TRUE) ORDER BY j.next_run_at, j.id`,
      [formatTimestamp(now)],
      { keep: false },
    );
    return rows.map(toRecord);
  }

  /** Inserts unless the project has a job of that name (in any case) or is gone; false when not inserted. */
  async insert(job: NewJob, now: Date): Promise<boolean> {
    const { rows } = await this.catalog.query(
      `INSERT INTO jobs (id, project_id, name, statements, condition, start_at, end_at, every, next_run_at,
         created_at, active)
       SELECT nextval('object_ids'), ?, ?, ?, ?, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP), ?,
         CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP), TRUE
       WHERE EXISTS (SELECT 1 FROM projects WHERE id = ?)
         AND NOT EXISTS (SELECT 1 FROM jobs WHERE project_id = ? AND lower(name) = lower(?)) RETURNING id`,
      [
        job.projectId,
        job.name,
        JSON.stringify(job.statements),
        job.condition ?? null,
        ts(job.startAt),
        ts(job.endAt),
        job.every ? JSON.stringify(job.every) : null,
        ts(job.nextRunAt),
        formatTimestamp(now),
        job.projectId,
        job.projectId,
        job.name,
      ],
    );
    return rows.length > 0;
  }

  /** Pauses or resumes a job; a resumed job waits for `nextRunAt` (none: it has run its last slot). */
  async setActive(id: number, active: boolean, nextRunAt: Date | undefined): Promise<boolean> {
    const { rows } = await this.catalog.query(
      `UPDATE jobs SET active = ?, next_run_at = CAST(? AS TIMESTAMP) WHERE id = ? RETURNING id`,
      [active, ts(nextRunAt), id],
    );
    return rows.length > 0;
  }

  async remove(id: number): Promise<boolean> {
    const { rows } = await this.catalog.query(`DELETE FROM jobs WHERE id = ? RETURNING id`, [id]);
    await this.catalog.run(`DELETE FROM job_last_values WHERE job_id = ?`, [id]);
    return rows.length > 0;
  }

  async removeProject(projectId: number): Promise<void> {
    await this.catalog.run(
      `DELETE FROM job_last_values WHERE job_id IN (SELECT id FROM jobs WHERE project_id = ?)`,
      [projectId],
    );
    await this.catalog.run(`DELETE FROM jobs WHERE project_id = ?`, [projectId]);
    await this.catalog.run(`DELETE FROM jobs_history WHERE project_id = ?`, [projectId]);
  }

  /**
   * Claims `slot` of a job: moves its next run to `next` (none: the job is done) and opens the history row, in
   * one transaction, only if the job still waits for that very slot. Returns the history row's id, or
   * undefined when another run has already claimed it (or the job was dropped).
   */
  async claim(job: JobRecord, slot: Date, next: Date | undefined, now: Date): Promise<number | undefined> {
    const historyId = await this.catalog.transaction(async (tx) => {
      const moved = await tx.all(
        `UPDATE jobs SET next_run_at = CAST(? AS TIMESTAMP)
         WHERE id = ? AND next_run_at = CAST(? AS TIMESTAMP) AND COALESCE(active, TRUE) RETURNING id`,
        [ts(next), job.id, formatTimestamp(slot)],
      );
      if (moved.length === 0) return undefined;
      const [row] = await tx.all<{ id: number }>(
        `INSERT INTO jobs_history (id, job_id, project_id, name, slot, run_start)
         VALUES (nextval('object_ids'), ?, ?, ?, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP)) RETURNING id`,
        [job.id, job.projectId, job.name, formatTimestamp(slot), formatTimestamp(now)],
      );
      return Number(row.id);
    });
    // On a shared catalog the run's row is kept alive until `finish`: other servers see it running.
    if (historyId !== undefined) heartbeatOf(this.catalog).track('job', historyId);
    return historyId;
  }

  async finish(
    historyId: number,
    end: Date,
    outcome: { error?: string; query: string; rowCount?: number },
  ): Promise<void> {
    heartbeatOf(this.catalog).untrack('job', historyId);
    await this.catalog.run(
      `UPDATE jobs_history SET run_end = CAST(? AS TIMESTAMP), error = ?, query = ?, row_count = ? WHERE id = ?`,
      [formatTimestamp(end), outcome.error ?? null, outcome.query, outcome.rowCount ?? null, historyId],
    );
    // A job that runs every minute would otherwise grow its history by half a million rows a year.
    await this.catalog.run(
      `DELETE FROM jobs_history WHERE job_id = (SELECT job_id FROM jobs_history WHERE id = ?)
         AND id NOT IN (SELECT id FROM jobs_history WHERE job_id = (SELECT job_id FROM jobs_history WHERE id = ?)
                        ORDER BY run_start DESC, id DESC LIMIT ${MAX_HISTORY_PER_JOB})`,
      [historyId, historyId],
    );
  }

  /** When the run of the job before this one (`historyId`) started, if there was one. */
  async previousRunStart(jobId: number, historyId: number): Promise<Date | undefined> {
    const [row] = await this.catalog.select<{ run_start: string }>(
      `SELECT ${timeText('run_start')} AS run_start FROM jobs_history WHERE job_id = ? AND id <> ?
       ORDER BY run_start DESC, id DESC LIMIT 1`,
      [jobId, historyId],
    );
    return row ? date(row.run_start) : undefined;
  }

  async history(filter: { projectId?: number; jobId?: number } = {}): Promise<HistoryRow[]> {
    const where: string[] = [];
    const params: number[] = [];
    if (filter.projectId !== undefined) {
      where.push('h.project_id = ?');
      params.push(filter.projectId);
    }
    if (filter.jobId !== undefined) {
      where.push('h.job_id = ?');
      params.push(filter.jobId);
    }
    const rows = await this.catalog.select<HistoryRow>(
      `SELECT h.id, h.job_id, h.name, p.name AS project, ${timeText('h.run_start')} AS run_start,
         ${timeText('h.run_end')} AS run_end, h.error, h.query, h.row_count
       FROM jobs_history h JOIN projects p ON p.id = h.project_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY h.run_start, h.id`,
      params,
    );
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      job_id: Number(r.job_id),
      row_count: r.row_count === null || r.row_count === undefined ? null : Number(r.row_count),
    }));
  }

  /** The greatest value the previous run of a job's statement saw (see last.ts), as JSON text. */
  async lastValue(jobId: number, statement: number): Promise<string | undefined> {
    const rows = await this.catalog.select<{ value: string }>(
      `SELECT value FROM job_last_values WHERE job_id = ? AND statement = ?`,
      [jobId, statement],
    );
    return rows[0]?.value;
  }

  async setLastValue(jobId: number, statement: number, value: string): Promise<void> {
    await this.catalog.run(
      `INSERT INTO job_last_values (job_id, statement, value) VALUES (?, ?, ?)
       ON CONFLICT (job_id, statement) DO UPDATE SET value = EXCLUDED.value`,
      [jobId, statement, value],
    );
  }
}
