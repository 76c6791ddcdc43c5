import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './client';
import { treeKeys } from './tree/keys';

/** The kinds of object a project holds that the API lists and serves one by one. */
export type ObjectCollection = 'agents' | 'knowledge_bases' | 'jobs' | 'views';

/** The address of a project's objects of one kind, or of one of them by name. */
export function projectObjectPath(collection: ObjectCollection) {
  return (project: string, name?: string) =>
    `/api/projects/${encodeURIComponent(project)}/${collection}${name ? `/${encodeURIComponent(name)}` : ''}`;
}

/** The query keys every kind of project object has: its list, and one object. */
export interface ObjectKeys {
  list: (project: string) => readonly unknown[];
  detail: (project: string, name: string) => readonly unknown[];
}

/** The list query and the one-object query of a kind of project object, each read with its schema. */
export function projectObjectQueries<List extends z.ZodType, One extends z.ZodType>(
  path: ReturnType<typeof projectObjectPath>,
  keys: ObjectKeys,
  schemas: { list: List; one: One },
) {
  return {
    list: (project: string) =>
      queryOptions({
        queryKey: keys.list(project),
        queryFn: ({ signal }) => apiRequest(path(project), { schema: schemas.list, signal }),
      }),
    one: (project: string, name: string) =>
      queryOptions({
        queryKey: keys.detail(project, name),
        queryFn: ({ signal }) => apiRequest(path(project, name), { schema: schemas.one, signal }),
      }),
  };
}

/** A kind's list and the object browser both show a project's objects: refresh both after a change. */
export function refreshObjectLists(client: QueryClient, keys: ObjectKeys, project: string) {
  void client.invalidateQueries({ queryKey: keys.list(project) });
  void client.invalidateQueries({ queryKey: treeKeys.objects(project) });
}
