import type { ModelConfig } from '../../providers/types';
import type { AgentRecord } from './types';

export const MASK = '******';

/** Keys whose values are credentials: `api_key`, `openai_api_key`, `client_secret`, `password`, ... */
const SECRET_KEY = /(^|_)(key|secret|password|token)$|secret/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A copy of a model object with every credential replaced by asterisks (present ones only). */
export function maskModel(model: ModelConfig): ModelConfig {
  return Object.fromEntries(
    Object.entries(model).map(([k, v]) => [k, isSecretKey(k) && v !== undefined && v !== null ? MASK : v]),
  ) as ModelConfig;
}

/** The agent object of the API: api.md's fields, credentials masked unless `showSecrets`. */
export function toAgentResponse(agent: AgentRecord, { showSecrets = false } = {}) {
  return {
    id: agent.id,
    name: agent.name,
    project_id: agent.project_id,
    created_at: agent.created_at,
    updated_at: agent.updated_at,
    model: showSecrets ? agent.model : maskModel(agent.model),
    data: agent.data,
    prompt_template: agent.prompt_template,
  };
}

export type AgentResponse = ReturnType<typeof toAgentResponse>;
