import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusSchema } from '../../../protocol/api/auth';
import { apiRequest } from '../client';
import { authKeys } from './keys';

const statusQuery = () =>
  queryOptions({
    queryKey: authKeys.status(),
    queryFn: ({ signal }) => apiRequest('/api/status', { schema: statusSchema, signal }),
    staleTime: 60_000,
  });

/** The instance's status: the console asks it first to know whether a login is needed. */
export const useStatus = () => useQuery(statusQuery());
