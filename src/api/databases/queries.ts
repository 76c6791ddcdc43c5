import { queryOptions, useQuery } from '@tanstack/react-query';
import { databaseSchema, sourceTablesSchema } from '../../../protocol/api/databases';
import { apiRequest } from '../client';
import { databaseKeys } from './keys';

/** `GET /api/databases/{db}`: a connected source with its parameters (secrets masked by the server). */
export const databaseQuery = (name: string) =>
  queryOptions({
    queryKey: databaseKeys.one(name),
    queryFn: ({ signal }) =>
      apiRequest(`/api/databases/${encodeURIComponent(name)}`, { schema: databaseSchema, signal }),
    staleTime: 60_000,
  });

export const useDatabase = (name: string, enabled = true) => useQuery({ ...databaseQuery(name), enabled });

/** `GET /api/databases/{db}/tables`: a source's tables, each with its schema where the server says it. */
export const useDatabaseTables = (name: string, enabled = true) =>
  useQuery({
    queryKey: databaseKeys.tables(name),
    queryFn: ({ signal }) =>
      apiRequest(`/api/databases/${encodeURIComponent(name)}/tables`, { schema: sourceTablesSchema, signal }),
    enabled,
  });
