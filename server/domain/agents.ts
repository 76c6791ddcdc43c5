import type { ModelConfig } from '../providers/types';

export interface AgentData {
  knowledge_bases: string[];
  tables: string[];
}

/** An agent as stored, secrets included: never sent as it is (see services/agents/presenter.ts). */
export interface AgentRecord {
  id: number;
  name: string;
  project: string;
  project_id: number;
  model: ModelConfig;
  data: AgentData;
  prompt_template: string | null;
  /** MindsDB's further settings of an agent (`timeout`, ...), kept and answered as given. */
  params: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** What a create or update asks for, already read from REST or SQL; undefined fields are not being set. */
export interface AgentChanges {
  name?: string;
  model?: Partial<ModelConfig>;
  data?: Partial<AgentData>;
  prompt_template?: string | null;
  /** Merged into the agent's `params` when given (a null value removes its key). */
  params?: Record<string, unknown>;
}

/** The instance's default chat model (flags, environment); its key is used at run time, never stored. */
export type DefaultModel = ModelConfig;
