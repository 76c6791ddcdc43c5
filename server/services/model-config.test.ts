import { describe, expect, it } from 'vitest';
import { mergeModelConfig, readModelConfig, withDefaultCredentials } from './model-config';

describe('readModelConfig', () => {
  it('gives one message per problem, naming the field path', () => {
    expect(() => readModelConfig('gpt', 'model')).toThrow(/^model must be an object such as/);
    expect(() => readModelConfig({ api_key: 42 }, 'embedding_model')).toThrow(
      /^embedding_model\.api_key must be a string$/,
    );
    expect(() => readModelConfig({ base_url: 'ftp://x' }, 'model')).toThrow(
      /^model\.base_url: the URL must use http or https, not ftp$/,
    );
    expect(() => readModelConfig({ base_url: 'nope' }, 'model')).toThrow(
      /^model\.base_url: the URL is not valid/,
    );
  });

  it('leaves out nulls and the mask, which keep the stored values', () => {
    expect(readModelConfig({ provider: 'openai', api_key: '******', base_url: null }, 'model')).toEqual({
      provider: 'openai',
    });
  });
});

describe('mergeModelConfig', () => {
  const stored = {
    provider: 'openai',
    api_key: 'sk-a',
    base_url: 'https://a.example/v1',
    client_secret: 's',
  };

  it('keeps the stored key when the model still goes to the same server', () => {
    expect(mergeModelConfig(stored, { model_name: 'm', base_url: 'https://A.example/v1/' })).toMatchObject({
      api_key: 'sk-a',
      client_secret: 's',
    });
  });

  it('forgets every stored secret when the base URL or provider changes, unless given again', () => {
    const moved = mergeModelConfig(stored, { base_url: 'https://b.example/v1' });
    expect(moved).toEqual({ provider: 'openai', base_url: 'https://b.example/v1' });
    expect(mergeModelConfig(stored, { provider: 'ollama' })).toEqual({
      provider: 'ollama',
      base_url: 'https://a.example/v1',
    });
    expect(mergeModelConfig(stored, { base_url: 'https://b.example/v1', api_key: 'sk-b' })).toEqual({
      provider: 'openai',
      base_url: 'https://b.example/v1',
      api_key: 'sk-b',
    });
  });
});

describe('withDefaultCredentials', () => {
  const defaults = { provider: 'openai', api_key: 'sk-operator', base_url: 'https://gateway.example/v1' };

  it("adds the operator's key and address to a model of the same provider without an address", () => {
    expect(withDefaultCredentials({ provider: 'openai', model_name: 'm' }, defaults)).toEqual({
      provider: 'openai',
      model_name: 'm',
      api_key: 'sk-operator',
      base_url: 'https://gateway.example/v1',
    });
    expect(
      withDefaultCredentials({ provider: 'openai', base_url: 'https://gateway.example/v1/' }, defaults),
    ).toMatchObject({ api_key: 'sk-operator' });
  });

  it('adds nothing to a model that goes elsewhere, or of another provider, or with its own key', () => {
    const elsewhere = { provider: 'openai', base_url: 'http://attacker.example/v1' };
    expect(withDefaultCredentials(elsewhere, defaults)).toEqual(elsewhere);
    expect(withDefaultCredentials({ provider: 'ollama' }, defaults)).toEqual({ provider: 'ollama' });
    expect(withDefaultCredentials({ provider: 'openai', api_key: 'sk-user' }, defaults).api_key).toBe(
      'sk-user',
    );
  });
});
