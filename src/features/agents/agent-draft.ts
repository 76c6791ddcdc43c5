import type { Agent, AgentInput } from '../../../protocol/api/agents';
import { objectNamePattern } from '../../../protocol/api/files';
import {
  modelChanges,
  modelDraftFrom,
  modelInput,
  modelPatch,
  sentModelAsKept,
  type Change,
  type ModelDraft,
} from '../../components/model-fields/model-draft';

/** The editor's state; `model.api_key` holds only a key typed here (the saved one is never shown). */
export interface AgentDraft {
  name: string;
  model: ModelDraft;
  knowledge_bases: string[];
  tables: string[];
  prompt_template: string;
}

/** Request paths of the fields, as the server names them in its errors. */
export const AGENT_FIELD = {
  name: 'name',
  model: 'model',
  kbs: 'data.knowledge_bases',
  tables: 'data.tables',
  prompt: 'prompt_template',
} as const;

export function emptyAgentDraft(): AgentDraft {
  return { name: '', model: modelDraftFrom(null), knowledge_bases: [], tables: [], prompt_template: '' };
}

export function draftFromAgent(agent: Agent): AgentDraft {
  return {
    name: agent.name,
    model: modelDraftFrom(agent.model),
    knowledge_bases: agent.data?.knowledge_bases ?? [],
    tables: agent.data?.tables ?? [],
    prompt_template: agent.prompt_template ?? '',
  };
}

export function validateAgentDraft(draft: AgentDraft): Record<string, string> {
  if (!draft.name) return { [AGENT_FIELD.name]: 'Give the agent a name.' };
  if (!objectNamePattern.test(draft.name))
    return { [AGENT_FIELD.name]: 'Use letters, digits and _, starting with a letter or _.' };
  return {};
}

/** A create sends everything set; an empty model name lets the server pick the provider's default. */
export function createAgentInput(draft: AgentDraft): AgentInput & { name: string } {
  const input: AgentInput & { name: string } = {
    name: draft.name,
    model: modelInput(draft.model),
    data: { knowledge_bases: draft.knowledge_bases, tables: draft.tables },
  };
  if (draft.prompt_template) input.prompt_template = draft.prompt_template;
  return input;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * An update sends only the fields that changed, each whole: MindsDB replaces `model` and `data` whole on
 * update, so a lone key or a lone list would drop the rest there. A cleared prompt goes as
 * `params.prompt_template: null`: MindsDB ignores an empty `prompt_template` but drops a null param, and our
 * server reads both.
 */
export function updateAgentInput(agent: Agent, draft: AgentDraft): AgentInput {
  const saved = draftFromAgent(agent);
  const input: AgentInput = {};
  if (draft.name !== saved.name) input.name = draft.name;
  const model = modelPatch(agent.model, draft.model);
  if (model) input.model = model;
  if (!sameList(saved.knowledge_bases, draft.knowledge_bases) || !sameList(saved.tables, draft.tables)) {
    input.data = { ...agent.data, knowledge_bases: draft.knowledge_bases, tables: draft.tables };
  }
  if (draft.prompt_template !== saved.prompt_template) {
    if (draft.prompt_template) input.prompt_template = draft.prompt_template;
    else input.params = { prompt_template: null };
  }
  return input;
}

/**
 * What the server kept that differs in meaning from what was sent, read from the agent fetched after a save: a
 * model left to the provider's default, or named in another case, is what the server kept (sentModelAsKept).
 * The key is left out (a saved key is never shown in clear by our server). Empty when everything was kept.
 */
export function agentNotKept(kept: Agent, sent: AgentDraft): Change[] {
  const model = sentModelAsKept(sent.model, modelDraftFrom(kept.model));
  return agentChanges(kept, { ...sent, model: { ...model, api_key: '' } });
}

const listText = (a: string[]) => (a.length ? a.join(', ') : 'none');

function promptSummary(text: string): string {
  if (!text) return 'empty';
  const line = text.split('\n')[0];
  return `${line.length > 60 ? `${line.slice(0, 60)}…` : line} (${text.length} characters)`;
}

/** What a save will change, in words; never contains a typed key. */
export function agentChanges(agent: Agent, draft: AgentDraft): Change[] {
  const saved = draftFromAgent(agent);
  const changes: Change[] = [];
  if (draft.name !== saved.name) changes.push({ label: 'Name', from: saved.name, to: draft.name });
  changes.push(...modelChanges('Model', agent.model, draft.model));
  if (!sameList(saved.knowledge_bases, draft.knowledge_bases))
    changes.push({
      label: 'Knowledge bases',
      from: listText(saved.knowledge_bases),
      to: listText(draft.knowledge_bases),
    });
  if (!sameList(saved.tables, draft.tables))
    changes.push({ label: 'Tables', from: listText(saved.tables), to: listText(draft.tables) });
  if (draft.prompt_template !== saved.prompt_template)
    changes.push({
      label: 'Prompt template',
      from: promptSummary(saved.prompt_template),
      to: promptSummary(draft.prompt_template),
    });
  return changes;
}
