import { z } from 'zod';

/** A job as MindsDB's REST API answers it: `/api/projects/{project}/jobs[/{name}]`. Times are UTC. */
export const jobSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  project: z.string(),
  start_at: z.string(),
  end_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  schedule_str: z.string().nullable(),
  query: z.string(),
  if_query: z.string().nullable(),
  /** Ours: false while the job is paused. MindsDB's answer has no such field (its jobs cannot be paused). */
  active: z.boolean().optional(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobsSchema = z.array(jobSchema);

/** One run of a job: `/api/projects/{project}/jobs/{name}/history`, and `log.jobs_history` in SQL. */
export const jobRunSchema = z.looseObject({
  name: z.string(),
  project: z.string(),
  run_start: z.string(),
  run_end: z.string().nullable(),
  error: z.string().nullable(),
  query: z.string().nullable(),
  /** Ours: rows the run's statements affected or returned; null when unknown. MindsDB's runs have none. */
  row_count: z.number().nullable().optional(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/** POST body: `{ job: { name, query, start_at?, end_at?, schedule_str?, if_query? } }`. */
export const createJobBodySchema = z.object({
  job: z.looseObject({
    name: z.string().min(1),
    query: z.string().min(1),
    start_at: z.string().nullish(),
    end_at: z.string().nullish(),
    schedule_str: z.string().nullish(),
    if_query: z.string().nullish(),
  }),
});
export type CreateJobBody = z.infer<typeof createJobBodySchema>;

/** PATCH body (ours): `{ active: false }` pauses a job, `{ active: true }` resumes it. */
export const updateJobBodySchema = z.strictObject({ active: z.boolean() });
export type UpdateJobBody = z.infer<typeof updateJobBodySchema>;
