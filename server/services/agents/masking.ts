import type { ModelConfig } from '../../providers/types';
import { maskSecrets } from '../../../protocol/secrets';
import type { AgentRecord } from '../../domain/agents';

export { MASK, isSecretKey } from '../../../protocol/secrets';

/** A copy of a model object with every credential, at any depth, replaced by the mask (present ones only). */
export function maskModel(model: ModelConfig): ModelConfig {
  return maskSecrets(model);
}

/**
 * The agent object of the API: api.md's fields, credentials masked unless `showSecrets`. As MindsDB, what
 * was never set is left out: no `prompt_template` without one, no `params` when there are none, no `data`
 * when the agent reads no knowledge base and no table.
 */
export function toAgentResponse(agent: AgentRecord, { showSecrets = false } = {}) {
  const params = Object.keys(agent.params).length > 0 ? agent.params : undefined;
  const hasData = agent.data.knowledge_bases.length > 0 || agent.data.tables.length > 0;
  return {
    id: agent.id,
    name: agent.name,
    project_id: agent.project_id,
    created_at: agent.created_at,
    updated_at: agent.updated_at,
    model: showSecrets ? agent.model : maskModel(agent.model),
    ...(hasData ? { data: agent.data } : {}),
    ...(agent.prompt_template !== null ? { prompt_template: agent.prompt_template } : {}),
    ...(params ? { params: showSecrets ? params : maskSecrets(params) } : {}),
  };
}

export type AgentResponse = ReturnType<typeof toAgentResponse>;
