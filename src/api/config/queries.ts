import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../client';
import { configKeys } from './keys';

const defaultModelSchema = z.looseObject({
  provider: z.string().optional(),
  model_name: z.string().optional(),
  api_key: z.string().optional(),
  base_url: z.string().optional(),
});

/**
 * What the console reads of `GET /api/config`: the login part, and the default models (`default_llm`,
 * `default_embedding_model`, `default_reranking_model`) when the instance has them; an agent without its own
 * key then uses the chat model's. Ours shows their keys masked, and adds an `instance` block (whether other
 * machines can reach it; older versions also said their default models were set at start). Lenient: anything
 * else passes through unread.
 */
const instanceConfigSchema = z.looseObject({
  auth: z
    .looseObject({ http_auth_enabled: z.boolean(), username: z.string().nullable().optional() })
    .optional(),
  default_llm: defaultModelSchema.nullable().optional(),
  default_embedding_model: defaultModelSchema.nullable().optional(),
  default_reranking_model: defaultModelSchema.nullable().optional(),
  instance: z
    .looseObject({
      reachable_from_other_machines: z.boolean().optional(),
      default_models_set_at_start: z.boolean().optional(),
    })
    .optional(),
});
export type InstanceConfig = z.infer<typeof instanceConfigSchema>;
/** The part the agent editor reads (kept as its own name: it needs only the defaults). */
export type InstanceDefaults = InstanceConfig;

export const configQuery = () =>
  queryOptions({
    queryKey: configKeys.detail(),
    queryFn: ({ signal }) => apiRequest('/api/config', { schema: instanceConfigSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const useInstanceDefaults = () => useQuery(configQuery());
export const useInstanceConfig = () => useQuery(configQuery());
