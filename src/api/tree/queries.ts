import { queryOptions, useQuery } from '@tanstack/react-query';
import { treeDatabasesSchema, treeObjectsSchema } from '../../../protocol/api/tree';
import { projectsSchema } from '../../../protocol/api/projects';
import { apiRequest } from '../client';
import { projectKeys, treeKeys } from './keys';

export const databasesQuery = () =>
  queryOptions({
    queryKey: treeKeys.databases(),
    queryFn: ({ signal }) => apiRequest('/api/tree/', { schema: treeDatabasesSchema, signal }),
  });

export const databaseObjectsQuery = (db: string) =>
  queryOptions({
    queryKey: treeKeys.objects(db),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tree/${encodeURIComponent(db)}`, { schema: treeObjectsSchema, signal }),
  });

const projectsQuery = () =>
  queryOptions({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => apiRequest('/api/projects', { schema: projectsSchema, signal }),
  });

export const useDatabases = () => useQuery(databasesQuery());
export const useDatabaseObjects = (db: string, enabled = true) =>
  useQuery({ ...databaseObjectsQuery(db), enabled });
export const useProjects = () => useQuery(projectsQuery());
