import { queryOptions, useQuery } from '@tanstack/react-query';
import { knowledgeBaseSchema, knowledgeBasesSchema } from '../../../protocol/api/knowledge-bases';
import { apiRequest } from '../client';
import { knowledgeBaseKeys } from './keys';

const kbPath = (project: string, name?: string) =>
  `/api/projects/${encodeURIComponent(project)}/knowledge_bases${name ? `/${encodeURIComponent(name)}` : ''}`;

export const knowledgeBasesQuery = (project: string) =>
  queryOptions({
    queryKey: knowledgeBaseKeys.list(project),
    queryFn: ({ signal }) => apiRequest(kbPath(project), { schema: knowledgeBasesSchema, signal }),
  });

export const knowledgeBaseQuery = (project: string, name: string) =>
  queryOptions({
    queryKey: knowledgeBaseKeys.detail(project, name),
    queryFn: ({ signal }) => apiRequest(kbPath(project, name), { schema: knowledgeBaseSchema, signal }),
  });

export const useKnowledgeBases = (project: string) => useQuery(knowledgeBasesQuery(project));
export const useKnowledgeBase = (project: string, name: string) => useQuery(knowledgeBaseQuery(project, name));
export { kbPath };
