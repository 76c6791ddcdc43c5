import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobSchema, type Job } from '../../../protocol/api/jobs';
import { apiRequest } from '../client';
import { refreshObjectLists } from '../project-objects';
import { jobKeys } from './keys';
import { jobApiPath } from './queries';

/**
 * A job as both servers take it. MindsDB reads `start_at` and `end_at` as keys that must be present (null for
 * none) and passes the rest to its controller as arguments, so exactly these keys are sent.
 */
export interface JobInput {
  name: string;
  query: string;
  if_query: string | null;
  /** UTC, `YYYY-MM-DD HH:MM:SS`: the form both servers parse. */
  start_at: string | null;
  end_at: string | null;
  /** MindsDB's words: `every hour`, `every 2 days`; null runs the job once. */
  schedule_str: string | null;
}

const createJob = (project: string, job: JobInput) =>
  apiRequest(jobApiPath(project), { method: 'POST', body: { job }, schema: jobSchema });

const deleteJob = (project: string, name: string) =>
  apiRequest(jobApiPath(project, name), { method: 'DELETE' });

/** The input that creates `job` again as it is (its start left out: a start in the past means now). */
export const inputOfJob = (job: Job): JobInput => ({
  name: job.name,
  query: job.query,
  if_query: job.if_query ?? null,
  start_at: null,
  end_at: job.end_at ? job.end_at.slice(0, 19) : null,
  schedule_str: job.schedule_str ?? null,
});

export function useCreateJob(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: JobInput) => createJob(project, job),
    onSuccess: (job) => {
      client.setQueryData(jobKeys.detail(project, job.name), job);
      refreshObjectLists(client, jobKeys, project);
    },
  });
}

/**
 * Saves an edited job. Neither MindsDB nor this server changes a job in place (there is no ALTER JOB nor PUT),
 * so the job is deleted and created again under its name. When the new definition is refused, the job as it
 * was is created again, and the refusal is what the form shows.
 */
export function useReplaceJob(project: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ saved, job }: { saved: Job; job: JobInput }) => {
      await deleteJob(project, name);
      try {
        return await createJob(project, job);
      } catch (refused) {
        await createJob(project, inputOfJob(saved)).catch(() => undefined);
        throw refused;
      }
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: jobKeys.detail(project, name) });
      void client.invalidateQueries({ queryKey: jobKeys.history(project, name) });
      refreshObjectLists(client, jobKeys, project);
    },
  });
}

/** Deletes a job; 204 (both servers) and an empty 200 both resolve. */
export function useDeleteJob(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteJob(project, name),
    onSuccess: (_, name) => {
      client.removeQueries({ queryKey: jobKeys.detail(project, name) });
      refreshObjectLists(client, jobKeys, project);
    },
  });
}

/**
 * Pauses (`active` false) or resumes a job: this server's own PATCH (MindsDB has none; the page offers it only
 * when the job's answer says whether it is active). The job and the list show the new state at once.
 */
export function useSetJobActive(project: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      apiRequest(jobApiPath(project, name), { method: 'PATCH', body: { active }, schema: jobSchema }),
    onSuccess: (job) => {
      client.setQueryData(jobKeys.detail(project, name), job);
      client.setQueryData<Job[]>(jobKeys.list(project), (list) =>
        list?.map((j) => (j.name === job.name ? job : j)),
      );
      refreshObjectLists(client, jobKeys, project);
    },
  });
}
