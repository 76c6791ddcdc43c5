import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  insertProgressSchema,
  knowledgeBaseSchema,
  knowledgeBasesSchema,
} from '../../../protocol/api/knowledge-bases';
import { apiRequest } from '../client';
import { projectObjectPath, projectObjectQueries } from '../project-objects';
import { runSql } from '../sql/run-sql';
import { knowledgeBaseKeys } from './keys';
import { probeVectorsSql } from './sql';

const kbPath = projectObjectPath('knowledge_bases');

const queries = projectObjectQueries(kbPath, knowledgeBaseKeys, {
  list: knowledgeBasesSchema,
  one: knowledgeBaseSchema,
});
export const knowledgeBaseQuery = queries.one;

/** Progress of an insert into the KB; polled only while the console is loading rows into it. */
const knowledgeBaseProgressQuery = (project: string, name: string) =>
  queryOptions({
    queryKey: knowledgeBaseKeys.progress(project, name),
    queryFn: ({ signal }) =>
      apiRequest(`${kbPath(project, name)}/progress`, { schema: insertProgressSchema, signal }),
    staleTime: 0,
  });

/**
 * Whether the KB holds any vector, read with a one-row SELECT (works on every server). Vectors tie the KB to the
 * embedding model that made them, so the settings form locks provider and model once this is true.
 */
const knowledgeBaseHasVectorsQuery = (project: string, name: string) =>
  queryOptions({
    queryKey: knowledgeBaseKeys.vectors(project, name),
    queryFn: async ({ signal }) => {
      const result = await runSql({
        query: probeVectorsSql(project, name),
        context: { db: project },
        signal,
      });
      if (result.type === 'error') throw new Error(result.error_message);
      return result.type === 'table' && result.data.length > 0;
    },
  });

export const useKnowledgeBases = (project: string) => useQuery(queries.list(project));
export const useKnowledgeBase = (project: string, name: string) =>
  useQuery(knowledgeBaseQuery(project, name));
export const useKnowledgeBaseHasVectors = (project: string, name: string) =>
  useQuery(knowledgeBaseHasVectorsQuery(project, name));

/**
 * The insert progress: read once when the page opens (a load started before a reload is still running on the
 * server), then every `intervalMs` while `polling` (a load is running). A server without the progress route
 * (MindsDB) answers 404 once, and is not asked again.
 */
export const useKnowledgeBaseProgress = (project: string, name: string, polling: boolean, intervalMs = 400) =>
  useQuery({
    ...knowledgeBaseProgressQuery(project, name),
    refetchInterval: (query) => (polling && query.state.status !== 'error' ? intervalMs : false),
    refetchOnWindowFocus: false,
    retry: false,
  });
export { kbPath };
