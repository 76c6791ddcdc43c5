import { queryOptions, useQuery } from '@tanstack/react-query';
import { databaseSchema } from '../../../protocol/api/databases';
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
