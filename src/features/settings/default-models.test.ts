import { describe, expect, it } from 'vitest';
import { modelDraftFrom } from '../../components/model-fields/model-draft';
import { defaultModelChanges, defaultModelsInput } from './default-models';

const LLM = { provider: 'openai', model_name: 'gpt-4o', api_key: 'sk-saved' };
const config = { default_llm: LLM };
const drafts = (llm: ReturnType<typeof modelDraftFrom>) => ({
  default_llm: llm,
  default_embedding_model: modelDraftFrom(null),
  default_reranking_model: modelDraftFrom(null),
});

describe('the default models as MindsDB takes them', () => {
  it('sends only the models that changed, each whole, the saved key kept for the same address', () => {
    expect(defaultModelsInput(config, drafts(modelDraftFrom(LLM)))).toEqual({});
    expect(defaultModelChanges(config, drafts(modelDraftFrom(LLM)))).toEqual([]);
    const renamed = { ...modelDraftFrom(LLM), model_name: 'gpt-4.1' };
    expect(defaultModelsInput(config, drafts(renamed))).toEqual({
      default_llm: { provider: 'openai', model_name: 'gpt-4.1', api_key: 'sk-saved' },
    });
  });

  it('never sends the saved key to a new address, and a typed key goes as typed', () => {
    const moved = { ...modelDraftFrom(LLM), base_url: 'https://models.example.test/v1' };
    expect(defaultModelsInput(config, drafts(moved)).default_llm).toEqual({
      provider: 'openai',
      model_name: 'gpt-4o',
      base_url: 'https://models.example.test/v1',
    });
    const withKey = { ...moved, api_key: 'sk-typed' };
    expect(defaultModelsInput(config, drafts(withKey)).default_llm?.api_key).toBe('sk-typed');
    expect(JSON.stringify(defaultModelChanges(config, drafts(withKey)))).not.toContain('sk-typed');
  });
});
