import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesSchema } from '../../../protocol/api/files';
import { apiRequest } from '../client';
import { fileKeys } from './keys';

const filesQuery = () =>
  queryOptions({
    queryKey: fileKeys.list(),
    queryFn: ({ signal }) => apiRequest('/api/files', { schema: filesSchema, signal }),
  });

export const useFiles = () => useQuery(filesQuery());
