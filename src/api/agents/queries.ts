import { useQuery } from '@tanstack/react-query';
import { agentSchema, agentsSchema } from '../../../protocol/api/agents';
import { projectObjectPath, projectObjectQueries } from '../project-objects';
import { agentKeys } from './keys';

export const agentPath = projectObjectPath('agents');

const queries = projectObjectQueries(agentPath, agentKeys, { list: agentsSchema, one: agentSchema });
export const agentQuery = queries.one;

export const useAgents = (project: string) => useQuery(queries.list(project));
export const useAgent = (project: string, name: string) => useQuery(agentQuery(project, name));
