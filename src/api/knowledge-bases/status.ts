import { useQuery } from '@tanstack/react-query';
import { kbStatusSchema, nameConflictsSchema, type KbStatus } from '../../../protocol/api/kb-status';
import { apiRequest } from '../client';
import { knowledgeBaseKeys } from './keys';
import { kbPath } from './queries';

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
 * A KB's documents, chunks, last load and index (ours: `GET .../status`). A server without the route (MindsDB)
 * answers 404 once and is not asked again; the page then shows nothing of it.
 */
export const useKnowledgeBaseStatus = (project: string, name: string) =>
  useQuery({
    queryKey: [...knowledgeBaseKeys.all, project, 'status', name] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${kbPath(project, name)}/status`, { schema: kbStatusSchema, signal }),
    refetchInterval: (query) =>
      query.state.status === 'error' ? false : isBusy(query.state.data) ? BUSY_POLL_MS : IDLE_POLL_MS,
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
