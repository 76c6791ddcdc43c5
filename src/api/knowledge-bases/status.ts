import { useQuery } from '@tanstack/react-query';
import { kbStatusSchema, nameConflictsSchema, type KbStatus } from '../../../protocol/api/kb-status';
import { apiRequest } from '../client';
import { knowledgeBaseKeys } from './keys';
import { kbPath } from './queries';
import { refreshKnowledgeBase } from './refresh';

/**
 * While a load, an index build or the loading of the in-memory search copy runs, the status is read this
 * often; otherwise only now and then.
 */
const BUSY_POLL_MS = 1000;
const IDLE_POLL_MS = 15_000;

const isBusy = (status: KbStatus | undefined) =>
  status?.last_insert?.state === 'running' ||
  status?.index.build?.state === 'building' ||
  status?.index.search_copy?.state === 'loading';

/**
 * Whether the KB's rows changed between two readings of its status, so that what else the console caches about
 * it is stale: a load that ended, or new counts while no load runs (a change made elsewhere). A running load's
 * own progress does not count: it would read the contents again every second.
 */
export function rowsChanged(before: KbStatus | undefined, after: KbStatus): boolean {
  if (!before) return false;
  const wasLoading = before.last_insert?.state === 'running';
  const loading = after.last_insert?.state === 'running';
  if (wasLoading || loading) return wasLoading && !loading;
  return (
    before.chunks !== after.chunks ||
    before.documents !== after.documents ||
    before.last_insert?.finished_at !== after.last_insert?.finished_at
  );
}

/**
 * A KB's documents, chunks, last load and index (ours: `GET .../status`). A server without the route (MindsDB)
 * answers 404 once and is not asked again; the page then shows nothing of it. `loading`: the console knows a
 * load into the KB runs (it started it, or follows it), so the status is read as often as during one before
 * the server's answer says so. A reading that shows the rows changed refreshes the rest of the KB's cache.
 */
export const useKnowledgeBaseStatus = (project: string, name: string, loading = false) =>
  useQuery({
    queryKey: knowledgeBaseKeys.status(project, name),
    queryFn: async ({ signal, client, queryKey }) => {
      const before = client.getQueryData<KbStatus>(queryKey);
      const after = await apiRequest(`${kbPath(project, name)}/status`, { schema: kbStatusSchema, signal });
      if (rowsChanged(before, after)) void refreshKnowledgeBase(client, project, name, [queryKey]);
      return after;
    },
    refetchInterval: (query) =>
      query.state.status === 'error'
        ? false
        : loading || isBusy(query.state.data)
          ? BUSY_POLL_MS
          : IDLE_POLL_MS,
    retry: false,
  });

/** Names the server holds in two cases (left by an older version), which the user should rename. */
export const useNameConflicts = () =>
  useQuery({
    queryKey: ['name-conflicts'] as const,
    queryFn: ({ signal }) => apiRequest('/api/name-conflicts', { schema: nameConflictsSchema, signal }),
    retry: false,
    staleTime: 60_000,
  });
