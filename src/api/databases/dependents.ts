import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectsSchema } from '../../../protocol/api/projects';
import { apiRequest } from '../client';
import { databaseKeys } from './keys';

// Only the fields read here, leniently: a server's other fields (and their shapes) do not matter.
const agentsSchema = z.array(
  z.looseObject({
    name: z.string(),
    data: z
      .looseObject({ tables: z.array(z.string()).optional() })
      .nullable()
      .optional(),
  }),
);
const statementsSchema = z.array(
  z.looseObject({
    name: z.string(),
    query: z.string().nullable().optional(),
    if_query: z.string().nullable().optional(),
  }),
);
// `loaded_from` is ours (the data sources an INSERT ... SELECT read into the KB); MindsDB does not send it.
const kbsSchema = z
  .array(z.looseObject({ name: z.string(), loaded_from: z.array(z.string()).optional() }))
  .transform((kbs) => kbs.map(({ name, loaded_from }): KbEntry => ({ name, loadedFrom: loaded_from })));

/** A knowledge base, with the sources it was loaded from when the server records them (ours; not MindsDB). */
export interface KbEntry {
  name: string;
  loadedFrom?: string[];
}

/** One project's objects that may name a data source, each list or why it could not be read. */
export interface ProjectObjects {
  project: string;
  agents: z.infer<typeof agentsSchema> | Error;
  /** Views and jobs: a name and the statement (`query`, a job's `if_query`) that may name the source. */
  views: z.infer<typeof statementsSchema> | Error;
  jobs: z.infer<typeof statementsSchema> | Error;
  knowledgeBases: KbEntry[] | Error;
}

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
 * console can say what names a source before it is dropped on either server. Ours also says which sources
 * each knowledge base was loaded from (`loaded_from`); on MindsDB only a job that loads a KB names its source.
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
            listOrError(`${at}/views`, statementsSchema, signal),
            listOrError(`${at}/jobs`, statementsSchema, signal),
            listOrError(`${at}/knowledge_bases`, kbsSchema, signal),
          ]);
          return { project: name, agents, views, jobs, knowledgeBases };
        }),
      );
    },
  });
