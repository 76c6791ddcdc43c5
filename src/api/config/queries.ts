import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../client';
import { configKeys } from './keys';

const defaultModelSchema = z.looseObject({
  provider: z.string().optional(),
  model_name: z.string().optional(),
  api_key: z.string().optional(),
});

/**
 * What the console reads of `GET /api/config`: MindsDB adds `default_llm` (and the default embedding and
 * reranking models) when the instance has them; an agent without its own key then uses that one. Ours has
 * none. Lenient: the login part and anything else pass through unread.
 */
const instanceDefaultsSchema = z.looseObject({
  default_llm: defaultModelSchema.nullable().optional(),
});
export type InstanceDefaults = z.infer<typeof instanceDefaultsSchema>;

const configQuery = () =>
  queryOptions({
    queryKey: configKeys.detail(),
    queryFn: ({ signal }) => apiRequest('/api/config', { schema: instanceDefaultsSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const useInstanceDefaults = () => useQuery(configQuery());
