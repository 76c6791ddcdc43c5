import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModelConfig } from '../../../protocol/api/knowledge-bases';
import { authKeys } from '../auth/keys';
import { apiRequest } from '../client';
import { configKeys } from './keys';

/** `PUT /api/config` as both servers take it: `auth` keys are merged; MindsDB replaces a default model whole. */
export interface ConfigChange {
  auth?: { http_auth_enabled?: boolean; username?: string; password?: string };
  default_llm?: ModelConfig;
  default_embedding_model?: ModelConfig;
  default_reranking_model?: ModelConfig;
}

/**
 * Saves a change of the instance's settings. It reads nothing again by itself: a change that turns login on or
 * replaces the password must log in first (the old session no longer counts), so the caller then either logs
 * in (which reads everything again) or calls `useRefreshSettings`.
 */
export function useUpdateConfig() {
  return useMutation({
    mutationFn: (change: ConfigChange) => apiRequest('/api/config', { method: 'PUT', body: change }),
  });
}

/** Reads the settings and the login status again, after a save that needs no new login. */
export function useRefreshSettings() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: configKeys.all });
    await queryClient.invalidateQueries({ queryKey: authKeys.status() });
  };
}
