import type { FastifyInstance } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import { createJobBodySchema, type Job, type JobRun, updateJobBodySchema } from '../../protocol/api/jobs';
import type { JobInfo } from '../services/jobs/service';
import type { HistoryRow } from '../services/jobs/service';
import type { AppDeps } from './app-deps';
import { parseBody } from '../http/problem';

/** A job as MindsDB's REST API answers it. */
const presentJob = (j: JobInfo) => j satisfies Declared<Job>;

/** One run of a job, in `jobs_history`'s columns (the catalog's own ids stay inside). */
const presentRun = (r: HistoryRow) =>
  ({
    name: r.name,
    project: r.project,
    run_start: r.run_start,
    run_end: r.run_end,
    error: r.error,
    query: r.query,
    row_count: r.row_count,
  }) satisfies Declared<JobRun>;

type JobParams = { Params: { project: string; name: string } };

/**
 * MindsDB's REST routes for jobs: list, create, get, delete, and a job's run history; and ours, pause and
 * resume (PATCH `{ active }`). Also starts the
 * scheduler with the app and stops it (waiting for a run in progress) when the app closes.
 */
export function registerJobRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { jobs } = deps;
  app.addHook('onReady', async () => deps.jobScheduler.start());
  app.addHook('onClose', async () => deps.jobScheduler.stop());

  app.get<{ Params: { project: string } }>('/api/projects/:project/jobs', async (request) =>
    (await jobs.list(request.params.project)).map(presentJob),
  );

  app.post<{ Params: { project: string } }>('/api/projects/:project/jobs', async (request, reply) => {
    const { job } = parseBody(createJobBodySchema, request.body);
    // MindsDB answers a created job with 200 and the job.
    return reply.code(200).send(presentJob(await jobs.createFromBody(request.params.project, job)));
  });

  app.get<JobParams>('/api/projects/:project/jobs/:name', async (request) =>
    presentJob(await jobs.get(request.params.project, request.params.name)),
  );

  // Ours: MindsDB keeps whether a job is active but offers no way to change it.
  app.patch<JobParams>('/api/projects/:project/jobs/:name', async (request) => {
    const { active } = parseBody(updateJobBodySchema, request.body);
    return presentJob(await jobs.setActive(request.params.project, request.params.name, active));
  });

  app.delete<JobParams>('/api/projects/:project/jobs/:name', async (request, reply) => {
    await jobs.drop(request.params.project, request.params.name);
    return reply.code(204).send();
  });

  app.get<JobParams>('/api/projects/:project/jobs/:name/history', async (request) =>
    (await jobs.history(request.params.project, request.params.name)).map(presentRun),
  );
}
