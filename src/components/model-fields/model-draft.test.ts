import { describe, expect, it } from 'vitest';
import { hasSavedKey, modelChanges, modelDraftFrom, modelInput, modelPatch } from './model-draft';

const saved = { provider: 'openai', model_name: 'text-embedding-3-small', api_key: '******' };

describe('model drafts', () => {
  it('starts with an empty key whatever is saved', () => {
    expect(modelDraftFrom(saved)).toEqual({
      provider: 'openai',
      model_name: 'text-embedding-3-small',
      base_url: '',
      api_key: '',
    });
    expect(hasSavedKey(saved)).toBe(true);
    expect(hasSavedKey({ provider: 'local' })).toBe(false);
    expect(modelDraftFrom(null).provider).toBe('local');
  });

  it('sends nothing when nothing changed, and the whole model when only the key was retyped', () => {
    expect(modelPatch(saved, modelDraftFrom(saved))).toBeUndefined();
    expect(modelPatch(saved, { ...modelDraftFrom(saved), api_key: 'sk-new' })).toEqual({
      provider: 'openai',
      model_name: 'text-embedding-3-small',
      api_key: 'sk-new',
    });
  });

  it('sends the whole model when the model changes: the saved key and unedited fields go back as shown', () => {
    const withExtra = { ...saved, dimensions: 256, base_url: 'https://old.example/v1' };
    const draft = { ...modelDraftFrom(withExtra), model_name: 'text-embedding-3-large', base_url: '' };
    expect(modelPatch(withExtra, draft)).toEqual({
      provider: 'openai',
      model_name: 'text-embedding-3-large',
      dimensions: 256,
      api_key: '******',
    });
  });

  it('gives a new provider only a key typed for it', () => {
    expect(modelPatch(saved, { ...modelDraftFrom(saved), provider: 'ollama', model_name: 'nomic' })).toEqual({
      provider: 'ollama',
      model_name: 'nomic',
    });
  });

  it('leaves empty fields and offline keys out of a create request', () => {
    expect(modelInput({ provider: 'local', model_name: '', base_url: 'x', api_key: 'k' })).toEqual({
      provider: 'local',
    });
    expect(
      modelInput({ provider: 'ollama', model_name: ' m ', base_url: 'http://h:11434', api_key: '' }),
    ).toEqual({
      provider: 'ollama',
      model_name: 'm',
      base_url: 'http://h:11434',
    });
  });

  it('describes changes without ever showing the typed key', () => {
    const changes = modelChanges('Embedding model', saved, {
      ...modelDraftFrom(saved),
      model_name: 'text-embedding-3-large',
      api_key: 'sk-secret',
    });
    expect(changes).toEqual([
      {
        label: 'Embedding model',
        from: 'openai · text-embedding-3-small',
        to: 'openai · text-embedding-3-large',
      },
      { label: 'Embedding model API key', from: 'saved key', to: 'new key (hidden)' },
    ]);
    expect(JSON.stringify(changes)).not.toContain('sk-secret');
  });
});
