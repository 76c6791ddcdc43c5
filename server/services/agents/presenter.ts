import { maskFields } from '../../../protocol/secrets';
import type { AgentRecord } from '../../domain/agents';

/**
 * The fields of an agent that may hold credentials (its model object's keys, `params`): masked in every answer
 * (REST, SQL DESCRIBE and SHOW, exports) unless a SQL session asks for secrets. A new field that may carry one
 * is added here.
 */
export const AGENT_SECRET_FIELDS = ['model', 'params'] as const satisfies readonly (keyof AgentRecord)[];

/** The one way an agent leaves the server: its record with the secret fields masked, unless `showSecrets`. */
export function presentAgent(agent: AgentRecord, { showSecrets = false } = {}): AgentRecord {
  return showSecrets ? agent : maskFields(agent, AGENT_SECRET_FIELDS);
}

/**
 * The agent object of the API: api.md's fields, from the presented agent. As MindsDB, what was never set is
 * left out: no `prompt_template` without one, no `params` when there are none, no `data` when the agent reads
 * no knowledge base and no table.
 */
export function toAgentResponse(agent: AgentRecord) {
  const shown = presentAgent(agent);
  const params = Object.keys(shown.params).length > 0 ? shown.params : undefined;
  const hasData = shown.data.knowledge_bases.length > 0 || shown.data.tables.length > 0;
  return {
    id: shown.id,
    name: shown.name,
    project_id: shown.project_id,
    created_at: shown.created_at,
    updated_at: shown.updated_at,
    model: shown.model,
    ...(hasData ? { data: shown.data } : {}),
    ...(shown.prompt_template !== null ? { prompt_template: shown.prompt_template } : {}),
    ...(params ? { params } : {}),
  };
}

export type AgentResponse = ReturnType<typeof toAgentResponse>;
