import { describe, expect, it } from 'vitest';
import type { Agent } from '../../../protocol/api/agents';
import {
  agentChanges,
  agentNotKept,
  createAgentInput,
  draftFromAgent,
  emptyAgentDraft,
  updateAgentInput,
  validateAgentDraft,
} from './agent-draft';

const agent: Agent = {
  id: 3,
  name: 'support',
  model: { provider: 'openai', model_name: 'gpt-4o-mini', api_key: '******' },
  data: { knowledge_bases: ['mindsdb.*'], tables: ['files.orders'] },
  prompt_template: 'Answer from the help articles.',
};

describe('agent drafts', () => {
  it('round-trips an agent without sending anything', () => {
    const draft = draftFromAgent(agent);
    expect(draft.model.api_key).toBe('');
    expect(updateAgentInput(agent, draft)).toEqual({});
    expect(agentChanges(agent, draft)).toEqual([]);
  });

  it('sends only the prompt when only the prompt changed', () => {
    const draft = { ...draftFromAgent(agent), prompt_template: 'Be brief.\nCite chunk ids.' };
    expect(updateAgentInput(agent, draft)).toEqual({ prompt_template: 'Be brief.\nCite chunk ids.' });
    expect(agentChanges(agent, draft)).toEqual([
      {
        label: 'Prompt template',
        from: 'Answer from the help articles. (30 characters)',
        to: 'Be brief. (25 characters)',
      },
    ]);
  });

  it('sends model and data whole when one list or the key changed', () => {
    const draft = {
      ...draftFromAgent(agent),
      tables: ['files.*'],
      model: { ...draftFromAgent(agent).model, api_key: 'sk-1' },
    };
    expect(updateAgentInput(agent, draft)).toEqual({
      model: { provider: 'openai', model_name: 'gpt-4o-mini', api_key: 'sk-1' },
      data: { knowledge_bases: ['mindsdb.*'], tables: ['files.*'] },
    });
    expect(JSON.stringify(agentChanges(agent, draft))).not.toContain('sk-1');
  });

  it('creates with everything set and checks the name first', () => {
    expect(validateAgentDraft(emptyAgentDraft())).toEqual({ name: 'Give the agent a name.' });
    expect(validateAgentDraft({ ...emptyAgentDraft(), name: 'a b' }).name).toMatch(/letters/);
    expect(createAgentInput({ ...emptyAgentDraft(), name: 'a', knowledge_bases: ['mindsdb.*'] })).toEqual({
      name: 'a',
      model: { provider: 'local' },
      data: { knowledge_bases: ['mindsdb.*'], tables: [] },
    });
  });

  it('clears a prompt with a null param, as MindsDB drops it, and names what the server did not keep', () => {
    const cleared = { ...draftFromAgent(agent), prompt_template: '' };
    expect(updateAgentInput(agent, cleared)).toEqual({ params: { prompt_template: null } });
    expect(agentNotKept({ ...agent, prompt_template: null }, cleared)).toEqual([]);
    expect(agentNotKept(agent, cleared).map((c) => c.label)).toEqual(['Prompt template']);
  });

  it('reads a model left to the default, or named in another case, as kept', () => {
    const sent = {
      ...draftFromAgent(agent),
      model: { provider: 'Local', model_name: '', base_url: '', api_key: '' },
    };
    const kept = { ...agent, model: { provider: 'local', model_name: 'local-answerer-v1' } };
    expect(agentNotKept(kept, sent)).toEqual([]);
    expect(
      agentNotKept(kept, { ...sent, model: { ...sent.model, model_name: 'other' } }).map((c) => c.label),
    ).toEqual(['Model']);
  });
});
