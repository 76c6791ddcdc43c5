import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { agentSchema, type Agent, type AgentInput } from '../../../protocol/api/agents';
import { apiRequest } from '../client';
import { treeKeys } from '../tree/keys';
import { agentKeys } from './keys';
import { agentPath, agentQuery } from './queries';

/** The list and the object browser both show agents: refresh both after a change. */
function refreshLists(client: QueryClient, project: string) {
  void client.invalidateQueries({ queryKey: agentKeys.list(project) });
  void client.invalidateQueries({ queryKey: treeKeys.objects(project) });
}

export function useCreateAgent(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentInput & { name: string }) =>
      apiRequest(agentPath(project), { method: 'POST', body: { agent: input }, schema: agentSchema }),
    onSuccess: (agent) => {
      client.setQueryData(agentKeys.detail(project, agent.name), agent);
      refreshLists(client, project);
    },
  });
}

/**
 * Updates an agent with only the fields given (the server keeps the others) and resolves with the full object,
 * asking for it when the server answers the PUT with an empty body.
 */
export function useUpdateAgent(project: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AgentInput): Promise<Agent> => {
      const saved = await apiRequest(agentPath(project, name), {
        method: 'PUT',
        body: { agent: input },
        schema: agentSchema.optional(),
      });
      return saved ?? client.fetchQuery({ ...agentQuery(project, name), staleTime: 0 });
    },
    onSuccess: (agent) => {
      client.setQueryData(agentKeys.detail(project, name), agent);
      if (agent.name !== name) client.setQueryData(agentKeys.detail(project, agent.name), agent);
      refreshLists(client, project);
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
      refreshLists(client, project);
    },
  });
}
