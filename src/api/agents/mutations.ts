import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  agentEtag,
  agentSchema,
  STALE_VERSION_FIELD,
  type Agent,
  type AgentInput,
} from '../../../protocol/api/agents';
import { ApiError, apiRequest } from '../client';
import { refreshObjectLists } from '../project-objects';
import { agentKeys } from './keys';
import { agentPath, agentQuery } from './queries';

export function useCreateAgent(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentInput & { name: string }) =>
      apiRequest(agentPath(project), { method: 'POST', body: { agent: input }, schema: agentSchema }),
    onSuccess: (agent) => {
      client.setQueryData(agentKeys.detail(project, agent.name), agent);
      refreshObjectLists(client, agentKeys, project);
    },
  });
}

/** The update was refused because the agent changed since the version it was based on (see `agentEtag`). */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.problem.field === STALE_VERSION_FIELD;
}

/**
 * Updates an agent with only the fields given (the server keeps the others) and resolves with the object read
 * back afterwards, so the form can check that the server kept what was sent. `base` is the version the edit started
 * from: it goes as `If-Match`, so that a change made elsewhere meanwhile is refused (see `isStaleVersion`)
 * instead of being silently overwritten.
 */
export function useUpdateAgent(project: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, base }: { input: AgentInput; base: Agent }): Promise<Agent> => {
      const etag = agentEtag(base);
      const saved = await apiRequest(agentPath(project, name), {
        method: 'PUT',
        body: { agent: input },
        schema: agentSchema.optional(),
        headers: etag ? { 'If-Match': etag } : undefined,
      });
      // Read back what the server kept (under the new name after a rename), whatever the PUT answered.
      const current = input.name ?? saved?.name ?? name;
      return client.fetchQuery({ ...agentQuery(project, current), staleTime: 0 });
    },
    onSuccess: (agent) => {
      client.setQueryData(agentKeys.detail(project, name), agent);
      if (agent.name !== name) client.setQueryData(agentKeys.detail(project, agent.name), agent);
      refreshObjectLists(client, agentKeys, project);
    },
  });
}

/** Deletes an agent; 204 (ours, MindsDB) and 200 with an empty body both resolve. */
export function useDeleteAgent(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(agentPath(project, name), { method: 'DELETE' }),
    onSuccess: (_, name) => {
      client.removeQueries({ queryKey: agentKeys.detail(project, name) });
      refreshObjectLists(client, agentKeys, project);
    },
  });
}
