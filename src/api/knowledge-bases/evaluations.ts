import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  evaluationRecordSchema,
  evaluationSummariesSchema,
  searchSettingsSchema,
  startedEvaluationsSchema,
  type EvaluationRecord,
  type SearchSettings,
  type StartEvaluationBody,
} from '../../../protocol/api/kb-evaluations';
import { apiRequest } from '../client';
import { knowledgeBaseKeys } from './keys';
import { kbPath } from './queries';

/** The address of a KB's evaluation resources: `evaluations`, `evaluations/{id}`, `search_defaults`. */
const evaluationPath = (project: string, kb: string, ...parts: string[]) =>
  [kbPath(project, kb), ...parts.map(encodeURIComponent)].join('/');

/** Query keys of a KB's evaluations (under the KB's own keys, so dropping the KB's cache drops them). */
export const evaluationKeys = {
  list: knowledgeBaseKeys.evaluations,
  one: (project: string, kb: string, id: string) =>
    [...knowledgeBaseKeys.evaluations(project, kb), id] as const,
  defaults: knowledgeBaseKeys.searchDefaults,
};

/** How often a running evaluation is asked for its progress. */
export const EVALUATION_POLL_MS = 500;

export function useEvaluations(project: string, kb: string) {
  return useQuery({
    queryKey: evaluationKeys.list(project, kb),
    queryFn: ({ signal }) =>
      apiRequest(evaluationPath(project, kb, 'evaluations'), { schema: evaluationSummariesSchema, signal }),
  });
}

/** The evaluations `ids`, each polled until it has finished. */
export function useEvaluationRuns(project: string, kb: string, ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: evaluationKeys.one(project, kb, id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(evaluationPath(project, kb, 'evaluations', id), {
          schema: evaluationRecordSchema,
          signal,
        }),
      refetchInterval: (q: { state: { data?: EvaluationRecord } }) =>
        q.state.data && q.state.data.state !== 'running' ? false : EVALUATION_POLL_MS,
    })),
  });
}

export function useStartEvaluation(project: string, kb: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartEvaluationBody) =>
      apiRequest(evaluationPath(project, kb, 'evaluations'), {
        method: 'POST',
        body,
        schema: startedEvaluationsSchema,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: evaluationKeys.list(project, kb) }),
  });
}

export function useSearchDefaults(project: string, kb: string) {
  return useQuery({
    queryKey: evaluationKeys.defaults(project, kb),
    queryFn: ({ signal }) =>
      apiRequest(evaluationPath(project, kb, 'search_defaults'), { schema: searchSettingsSchema, signal }),
  });
}

export function useSetSearchDefaults(project: string, kb: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SearchSettings) =>
      apiRequest(evaluationPath(project, kb, 'search_defaults'), {
        method: 'PUT',
        body: settings,
        schema: searchSettingsSchema,
      }),
    onSuccess: (settings) => client.setQueryData(evaluationKeys.defaults(project, kb), settings),
  });
}
