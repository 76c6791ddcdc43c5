import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentSchema, agentsSchema } from '../../../protocol/api/agents';
import { apiRequest } from '../client';
import { agentKeys } from './keys';

export const agentPath = (project: string, name?: string) =>
  `/api/projects/${encodeURIComponent(project)}/agents${name ? `/${encodeURIComponent(name)}` : ''}`;

const agentsQuery = (project: string) =>
  queryOptions({
    queryKey: agentKeys.list(project),
    queryFn: ({ signal }) => apiRequest(agentPath(project), { schema: agentsSchema, signal }),
  });

export const agentQuery = (project: string, name: string) =>
  queryOptions({
    queryKey: agentKeys.detail(project, name),
    queryFn: ({ signal }) => apiRequest(agentPath(project, name), { schema: agentSchema, signal }),
  });

export const useAgents = (project: string) => useQuery(agentsQuery(project));
export const useAgent = (project: string, name: string) => useQuery(agentQuery(project, name));
