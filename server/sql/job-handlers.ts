import type { DuckDb } from '../engines/duckdb';
import type { CatalogDb } from '../engines/catalog-db';
import { ValidationError } from '../errors';
import type { JobInfo, JobService } from '../services/jobs/service';
import { nameHolder } from '../store/project-names';
import type { ProjectService } from '../services/projects';
import { rowsQuery } from '../services/views/rows-query';
import { substituteTables } from '../services/views/substitute';
import { objectInProject } from './object-name';
import type { SqlRouter } from './router';
import { ok, table } from '../domain/sql';

/** MindsDB's log database: `log.jobs_history` lists the runs of every project's jobs. */
const LOG_DATABASE = 'log';

const JOB_COLUMNS = [
  'id',
  'name',
  'project',
  'start_at',
  'end_at',
  'next_run_at',
  'schedule_str',
  'query',
  'if_query',
  // Ours, after MindsDB's columns: whether the job runs (false while paused).
  'active',
] as const;
/**
 * A job as a row of JOB_COLUMNS. `active` is 1 or 0, as MySQL (and so MindsDB's SQL) shows a BOOLEAN: a listing
 * stands in a query as constants (rowsQuery), where a JSON true would become the text 'true'.
 */
const jobRow = (j: JobInfo) => JOB_COLUMNS.map((c) => (c === 'active' ? (j.active ? 1 : 0) : j[c]));

// `row_count` is ours, after MindsDB's columns: the rows the run's statements affected or returned.
const HISTORY_COLUMNS = ['name', 'project', 'run_start', 'run_end', 'error', 'query', 'row_count'] as const;

/** CREATE / DROP JOB, SHOW JOBS, and SELECTs on `project.jobs`, `project.jobs_history` and `log.jobs_history`. */
export function registerJobHandlers(
  router: SqlRouter,
  deps: { jobs: JobService; projects: ProjectService; catalog: CatalogDb; data: DuckDb },
): void {
  const { jobs, projects } = deps;

  router.register('create_job', async (s, session) => {
    const t = objectInProject(s.name, session, 'job');
    const made = await jobs.create(
      t.project,
      t.name,
      { statements: s.statements, condition: s.condition, start: s.start, end: s.end, every: s.every },
      { ifNotExists: s.ifNotExists },
    );
    return ok(made ? 1 : 0);
  });

  router.register('drop_job', async (s, session) => {
    const t = objectInProject(s.name, session, 'job');
    return ok((await jobs.drop(t.project, t.name, { ifExists: s.ifExists })) ? 1 : 0);
  });

  router.register('show_jobs', async (s, session) => {
    const list = await jobs.list(s.from ?? session.db);
    return table(
      JOB_COLUMNS.map((c) => c.toUpperCase()),
      list.map(jobRow),
    );
  });

  const names = new Set(['jobs', 'jobs_history']);
  router.register('select', async (s, session, run) => {
    const sql = await substituteTables(deps.data, s.sql, names, async (ref) => {
      const table = ref.table.toLowerCase();
      const db = ref.schema || session.db;
      if (db.toLowerCase() === LOG_DATABASE && !(await projects.find(db))) {
        if (table !== 'jobs_history') return undefined;
        return historyQuery(await jobs.history());
      }
      const project = await projects.find(db);
      // A knowledge base or an agent may have one of these names: then it is theirs.
      if (!project || (await nameHolder(deps.catalog, project.id, table))) return undefined;
      if (table === 'jobs') return rowsQuery(JOB_COLUMNS, (await jobs.list(project.name)).map(jobRow));
      return historyQuery(await jobs.history(project.name));
    });
    if (sql === undefined) return undefined;
    const result = await router.execute(sql, session, run);
    if (result.type === 'error') throw new ValidationError(result.error_message);
    return result.type === 'table' ? table(result.column_names, result.data) : ok(result.affected_rows);
  });

  function historyQuery(rows: Awaited<ReturnType<JobService['history']>>): string {
    return rowsQuery(
      HISTORY_COLUMNS,
      rows.map((h) => HISTORY_COLUMNS.map((c) => h[c])),
    );
  }
}
