import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { jobRunSchema, jobSchema, jobsSchema } from '../../../protocol/api/jobs';
import { apiRequest } from '../client';
import { projectObjectPath, projectObjectQueries } from '../project-objects';
import { jobKeys } from './keys';

export const jobApiPath = projectObjectPath('jobs');

const queries = projectObjectQueries(jobApiPath, jobKeys, { list: jobsSchema, one: jobSchema });
export const jobQuery = queries.one;

/**
 * A run as either server sends it. MindsDB builds the history from its log table: a run still going may come
 * without an end, and the error and statements as absent rather than null.
 */
const runSchema = jobRunSchema.extend({
  run_end: z.string().nullish(),
  error: z.string().nullish(),
  query: z.string().nullish(),
});
export type JobRunRecord = z.infer<typeof runSchema>;

const historyQuery = (project: string, name: string) =>
  queryOptions({
    queryKey: jobKeys.history(project, name),
    queryFn: ({ signal }) =>
      apiRequest(`${jobApiPath(project, name)}/history`, { schema: z.array(runSchema), signal }),
  });

/** Jobs run by themselves: what the pages show of them is read again now and then. */
const RUNNING_SCENE = { refetchInterval: 30_000 };

export const useJobs = (project: string) => useQuery({ ...queries.list(project), ...RUNNING_SCENE });
export const useJob = (project: string, name: string) =>
  useQuery({ ...jobQuery(project, name), ...RUNNING_SCENE });
export const useJobHistory = (project: string, name: string) =>
  useQuery({ ...historyQuery(project, name), ...RUNNING_SCENE });

/** The histories of several jobs (the list's last run of each), read side by side. */
export const useJobHistories = (project: string, names: string[]) =>
  useQueries({ queries: names.map((name) => ({ ...historyQuery(project, name), ...RUNNING_SCENE })) });
