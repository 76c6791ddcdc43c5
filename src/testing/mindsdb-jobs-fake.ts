import type { FakeHandler } from './fake-fetch';

/**
 * A RECORDED-BEHAVIOUR FAKE OF MINDSDB'S JOB ROUTES, not our server: written from reading its source
 * (`mindsdb/api/http/namespaces/jobs.py`, `mindsdb/interfaces/jobs/jobs_controller.py`, the `jobs_history`
 * log table and `utilities/json_encoder.py`), so component tests can check the console against MindsDB's
 * shapes. What the console depends on:
 *
 * - `POST .../jobs` reads `job["start_at"]` and `job["end_at"]` as keys that must be there (a missing one is a
 *   KeyError: 500), then passes the other keys to `JobsController.add` as arguments (an unknown one is a
 *   TypeError: 500). It answers 200 with the job.
 * - A job is `{id, name, project, start_at, end_at, next_run_at, schedule_str, query, if_query, variables}`;
 *   times are written `YYYY-MM-DD HH:MM:SS.ffffff`.
 * - `GET .../jobs/{name}/history` answers the log table's rows: `name, project, run_start, run_end, error,
 *   query`; a run still going has no end.
 * - There is no PUT and no pause: `DELETE` (204) and `POST` are all a client can do to a job.
 */
export interface FakeJob {
  id: number;
  name: string;
  start_at: string;
  end_at: string | null;
  next_run_at: string | null;
  schedule_str: string | null;
  query: string;
  if_query: string | null;
}

export interface FakeRun {
  run_start: string;
  run_end: string | null;
  error: string | null;
  query: string | null;
}

const ADD_ARGUMENTS = ['query', 'start_at', 'end_at', 'if_query', 'schedule_str'];
const micro = (time: string) => (time.length === 19 ? `${time}.000000` : time);

export function mindsdbJobsFake(project = 'mindsdb') {
  const jobs = new Map<string, FakeJob>();
  const history = new Map<string, FakeRun[]>();
  let nextId = 1;
  const base = `/api/projects/${project}/jobs`;
  const asDict = (j: FakeJob) => ({
    ...j,
    project,
    start_at: micro(j.start_at),
    end_at: j.end_at && micro(j.end_at),
    next_run_at: j.next_run_at && micro(j.next_run_at),
    variables: {},
  });
  const serverError = () => ({ status: 500, json: { message: 'Internal Server Error' } });

  const add = (job: Omit<FakeJob, 'id'>) => {
    const record = { ...job, id: nextId++ };
    jobs.set(job.name, record);
    return record;
  };

  const handler: FakeHandler = (req) => {
    if (req.path === base && req.method === 'GET') return { json: [...jobs.values()].map(asDict) };
    if (req.path === base && req.method === 'POST') {
      const body = req.body as { job?: Record<string, unknown> };
      if (!body?.job)
        return { status: 400, json: { title: 'Missing parameter', detail: 'Must provide "job"' } };
      const { name, ...rest } = body.job;
      if (!('start_at' in rest) || !('end_at' in rest)) return serverError();
      if (Object.keys(rest).some((k) => !ADD_ARGUMENTS.includes(k))) return serverError();
      const created = add({
        name: String(name),
        start_at: (rest.start_at as string | null) ?? '2026-01-02 03:04:05',
        end_at: (rest.end_at as string | null) ?? null,
        next_run_at: (rest.start_at as string | null) ?? '2026-01-02 03:04:05',
        schedule_str: (rest.schedule_str as string | null) ?? null,
        query: String(rest.query),
        if_query: (rest.if_query as string | null) ?? null,
      });
      return { json: asDict(created) };
    }
    const m = req.path.match(new RegExp(`^${base}/([^/]+)(/history)?$`));
    if (!m) return undefined;
    const name = decodeURIComponent(m[1]);
    const job = jobs.get(name);
    const missing = {
      status: 404,
      json: { title: 'Job not found', detail: `Job with name ${name} does not exist` },
    };
    if (m[2] && req.method === 'GET') {
      if (!job) return missing;
      return {
        json: (history.get(name) ?? []).map((r) => ({
          name,
          project,
          run_start: micro(r.run_start),
          run_end: r.run_end && micro(r.run_end),
          error: r.error,
          query: r.query,
        })),
      };
    }
    if (req.method === 'GET') return job ? { json: asDict(job) } : missing;
    if (req.method === 'DELETE') {
      // MindsDB's controller raises for an unknown job; a known one goes (its history rows stay in the log).
      if (!job) return serverError();
      jobs.delete(name);
      return { status: 204 };
    }
    return { status: 405, json: { message: 'The method is not allowed for the requested URL.' } };
  };

  return { jobs, history, add, handler };
}
