import { parseSchedule } from '../../dialect/parse-view-job';
import { jobStatements } from '../../dialect/parser';
import { parseStatement } from '../../dialect/parser';
import { SqlSyntaxError } from '../../dialect/tokenizer';
import { formatTimestamp } from '../../util/time';
import { ConflictError, ValidationError } from '../../errors';
import { projectNotFound } from '../../domain/system-databases';
import type { Project, ProjectObjectSource, ProjectService } from '../projects';
import { ProjectObjects } from '../project-objects';
import type { DuckDb } from '../../engines/duckdb';
import { checkJobStatements } from './check';
import { nextSlot, parseJobDate, scheduleText } from './schedule';
import type { HistoryRow, JobRecord, JobSchedule, JobStore } from '../../store/jobs';

export type { HistoryRow };

/** A job as SHOW JOBS and the REST API show it (MindsDB's fields). */
export interface JobInfo {
  id: number;
  name: string;
  project: string;
  start_at: string;
  end_at: string | null;
  next_run_at: string | null;
  schedule_str: string | null;
  query: string;
  if_query: string | null;
  /** False while the job is paused (ours: MindsDB keeps the column but neither shows nor changes it). */
  active: boolean;
}

export interface JobDefinition {
  statements: string[];
  condition?: string;
  start?: string;
  end?: string;
  every?: JobSchedule;
}

const MAX_NAME_LENGTH = 256;

export function toJobInfo(j: JobRecord): JobInfo {
  return {
    id: j.id,
    name: j.name,
    project: j.project,
    start_at: formatTimestamp(j.startAt),
    end_at: j.endAt ? formatTimestamp(j.endAt) : null,
    next_run_at: j.nextRunAt ? formatTimestamp(j.nextRunAt) : null,
    schedule_str: j.every ? (j.every.text ?? scheduleText(j.every)) : null,
    query: j.statements.join('; '),
    if_query: j.condition ?? null,
    active: j.active,
  };
}

/** Jobs of a project: scheduled statements, checked when created, run by the scheduler. */
export class JobService implements ProjectObjectSource {
  private readonly objects: ProjectObjects<JobRecord, JobStore>;
  constructor(
    readonly store: JobStore,
    private readonly projects: ProjectService,
    private readonly now: () => Date,
    /** The data database, whose parser checks the jobs' SELECTs when they are created. */
    private readonly data: DuckDb,
  ) {
    this.objects = new ProjectObjects(projects, store, 'Job');
  }

  /** Jobs are not tables: they are listed by SHOW JOBS, not SHOW TABLES. */
  async listObjects() {
    return [];
  }

  async dropProjectObjects(project: Project): Promise<void> {
    await this.objects.dropProject(project);
  }

  async list(project?: string): Promise<JobInfo[]> {
    const projectId = project === undefined ? undefined : (await this.projects.get(project)).id;
    return (await this.store.list(projectId)).map(toJobInfo);
  }

  async get(project: string, name: string): Promise<JobInfo> {
    const { id } = await this.projects.get(project);
    const job = await this.store.find(id, name);
    if (!job) throw this.objects.notFound(project, name);
    return toJobInfo(job);
  }

  async history(project?: string, name?: string): Promise<HistoryRow[]> {
    if (project === undefined) return this.store.history();
    const { id } = await this.projects.get(project);
    if (name === undefined) return this.store.history({ projectId: id });
    const job = await this.store.find(id, name);
    if (!job) throw this.objects.notFound(project, name);
    return this.store.history({ jobId: job.id });
  }

  /** Creates a job; its statements have been parsed (SQL) or are parsed here (REST). */
  async create(
    project: string,
    name: string,
    def: JobDefinition,
    { ifNotExists = false } = {},
  ): Promise<JobInfo | undefined> {
    const p = await this.projects.get(project);
    if (typeof name !== 'string' || !name.trim()) throw new ValidationError('A job needs a name', 'name');
    if (name.length > MAX_NAME_LENGTH)
      throw new ValidationError(`A job's name may have at most ${MAX_NAME_LENGTH} characters`, 'name');
    if (def.statements.length === 0) throw new ValidationError('A job needs at least one statement', 'query');
    await checkJobStatements(this.data, def.statements);
    if (def.condition) await checkJobStatements(this.data, [def.condition], 'if_query');
    const now = this.now();
    let start = def.start ? parseJobDate(def.start, now, 'start_at') : now;
    // As MindsDB: a start in the past means now (missed slots before the job existed are not run).
    if (start < now) start = now;
    const end = def.end ? parseJobDate(def.end, now, 'end_at') : undefined;
    if (end && end < start)
      throw new ValidationError(
        `The job would end (${formatTimestamp(end)}) before it starts (${formatTimestamp(start)})`,
        'end_at',
      );
    const job = {
      projectId: p.id,
      name,
      statements: def.statements,
      condition: def.condition,
      startAt: start,
      // Without EVERY a job runs once: an end means nothing then (MindsDB ignores it too).
      endAt: def.every ? end : undefined,
      every: def.every,
      nextRunAt: start,
    };
    if (!(await this.store.insert(job, now))) {
      const existing = await this.store.find(p.id, name);
      if (!existing) throw projectNotFound(project);
      if (ifNotExists) return undefined;
      throw new ConflictError(`Job '${existing.name}' already exists in project '${project}'`, 'name');
    }
    return toJobInfo((await this.store.find(p.id, name))!);
  }

  /** REST: `{ name, query, start_at, end_at, schedule_str, if_query }` as MindsDB's API takes them. */
  async createFromBody(project: string, body: Record<string, unknown>): Promise<JobInfo> {
    const text = (field: string): string | undefined => {
      const value = body[field];
      if (value === undefined || value === null) return undefined;
      if (typeof value !== 'string') throw new ValidationError(`'${field}' must be a string`, field);
      return value;
    };
    const query = text('query');
    if (!query?.trim())
      throw new ValidationError("A job needs a 'query': its statements, separated by ;", 'query');
    const statements = located('query', () => jobStatements(query));
    const ifQuery = text('if_query');
    let condition: string | undefined;
    if (ifQuery?.trim()) {
      const [only, ...more] = located('if_query', () => jobStatements(ifQuery));
      if (more.length || parseStatement(only).kind !== 'select')
        throw new ValidationError("A job's 'if_query' is one SELECT", 'if_query');
      condition = only;
    }
    const schedule = text('schedule_str');
    const every = schedule?.trim()
      ? { ...located('schedule_str', () => parseSchedule(schedule)), text: schedule }
      : undefined;
    const made = await this.create(project, text('name') ?? '', {
      statements,
      condition,
      start: text('start_at'),
      end: text('end_at'),
      every,
    });
    return made!;
  }

  /**
   * Pauses (`active` false) or resumes a job. A paused job keeps its next slot but the scheduler skips it; a
   * resumed one whose slot passed meanwhile waits for the first slot of its schedule after now, rather than
   * running the slots it missed (a job that runs once, not yet run, runs at the next look).
   */
  async setActive(project: string, name: string, active: boolean): Promise<JobInfo> {
    const p = await this.projects.get(project);
    const job = await this.store.find(p.id, name);
    if (!job) throw this.objects.notFound(project, name);
    let next = job.nextRunAt;
    const now = this.now();
    if (active && !job.active && next && next < now)
      next = job.every ? nextSlot(next, now, job.every, job.endAt) : now;
    if (!(await this.store.setActive(job.id, active, next))) throw this.objects.notFound(project, name);
    return toJobInfo((await this.store.find(p.id, name))!);
  }

  async drop(project: string, name: string, { ifExists = false } = {}): Promise<boolean> {
    return this.objects.drop(project, name, ifExists);
  }
}

/** Runs a parse of a request field; a syntax error becomes a 400 naming the field, line and column. */
function located<T>(field: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof SqlSyntaxError)
      throw new ValidationError(
        `'${field}' does not parse (line ${err.line}, column ${err.column}): ${err.message}`,
        field,
      );
    throw err;
  }
}
