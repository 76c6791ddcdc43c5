import type { Databases } from '../../engines/catalog';
import type { ProjectService } from '../projects';
import type { SqlRunner } from '../../domain/sql';
import { JobRunner } from './runner';
import { JobScheduler, type SchedulerOptions } from './scheduler';
import { JobService } from './service';
import { JobStore } from '../../store/jobs';

/**
 * Builds the jobs: their place in SHOW TABLES, and the scheduler that runs them. The scheduler
 * is started by the app once it is ready and stopped when it closes (routes/jobs.ts), never here: services
 * opened without an app (scripts, some tests) run no jobs.
 */
export async function openJobs(
  deps: { databases: Databases; projects: ProjectService; sql: SqlRunner },
  options: SchedulerOptions = {},
): Promise<{ jobs: JobService; jobScheduler: JobScheduler }> {
  const store = new JobStore(deps.databases.catalog);
  const now = options.now ?? (() => new Date());
  const jobs = new JobService(store, deps.projects, now, deps.databases.data);
  deps.projects.addObjectSource(jobs);
  const jobScheduler = new JobScheduler(store, new JobRunner(deps.sql, store), { ...options, now });
  return { jobs, jobScheduler };
}
