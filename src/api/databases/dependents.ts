import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { agentsSchema, type Agent } from '../../../protocol/api/agents';
import { jobsSchema, type Job } from '../../../protocol/api/jobs';
import { knowledgeBasesSchema } from '../../../protocol/api/knowledge-bases';
import { projectsSchema } from '../../../protocol/api/projects';
import { viewsSchema, type View } from '../../../protocol/api/views';
import { apiRequest } from '../client';
import { databaseKeys } from './keys';

/** One project's objects that may name a data source, each list or why it could not be read. */
export interface ProjectObjects {
  project: string;
  agents: Agent[] | Error;
  views: View[] | Error;
  jobs: Job[] | Error;
  knowledgeBases: string[] | Error;
}

const kbNamesSchema = knowledgeBasesSchema.transform((kbs) => kbs.map((kb) => kb.name));

async function listOrError<T>(path: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T | Error> {
  try {
    return await apiRequest(path, { schema, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return err as Error;
  }
}

/**
 * Every project's agents, views, jobs and knowledge bases, read over the routes MindsDB serves too, so the
 * console can say what names a source before it is dropped on either server. Neither server records which
 * source a knowledge base was loaded from; a job that loads it names the source in its statements.
 */
export const useProjectObjects = (source: string, enabled: boolean) =>
  useQuery({
    queryKey: databaseKeys.dependents(source),
    enabled,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<ProjectObjects[]> => {
      const projects = await apiRequest('/api/projects', { schema: projectsSchema, signal });
      return Promise.all(
        projects.map(async ({ name }) => {
          const at = `/api/projects/${encodeURIComponent(name)}`;
          const [agents, views, jobs, knowledgeBases] = await Promise.all([
            listOrError(`${at}/agents`, agentsSchema, signal),
            listOrError(`${at}/views`, viewsSchema, signal),
            listOrError(`${at}/jobs`, jobsSchema, signal),
            listOrError(`${at}/knowledge_bases`, kbNamesSchema, signal),
          ]);
          return { project: name, agents, views, jobs, knowledgeBases };
        }),
      );
    },
  });
