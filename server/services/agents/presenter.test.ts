import { describe, expect, it } from 'vitest';
import { changesFromRest, changesFromSql } from './agent-input';
import { presentAgent } from './presenter';
import type { AgentRecord } from '../../domain/agents';
import type { ModelConfig } from '../../providers/types';

const maskModel = (model: ModelConfig) =>
  presentAgent({ model, params: {}, data: { knowledge_bases: [], tables: [] } } as unknown as AgentRecord)
    .model;

describe('presentAgent', () => {
  it('masks every credential-like key of the model that is set, and nothing else', () => {
    expect(
      maskModel({
        provider: 'openai',
        model_name: 'm',
        api_key: 'k',
        openai_api_key: 'k2',
        client_secret: 's',
      }),
    ).toEqual({
      provider: 'openai',
      model_name: 'm',
      api_key: '******',
      openai_api_key: '******',
      client_secret: '******',
    });
    expect(maskModel({ provider: 'local' })).toEqual({ provider: 'local' });
  });
});

describe('agent input', () => {
  it('reads the SQL forms: model object or name, loose keys, include lists', () => {
    expect(
      changesFromSql({
        model: 'gpt-4o',
        provider: 'openai',
        openai_api_key: 'k',
        include_knowledge_bases: ['mindsdb.kb'],
        include_tables: ['files.t'],
      }),
    ).toEqual({
      model: { model_name: 'gpt-4o', provider: 'openai', api_key: 'k' },
      data: { knowledge_bases: ['mindsdb.kb'], tables: ['files.t'] },
    });
    expect(() => changesFromSql({ data: 'x' })).toThrow(/data must be an object/);
    expect(() => changesFromSql({ model: { provider: 1 } })).toThrow(/model.provider must be a string/);
  });

  it('reads the REST forms, including the older top-level model fields', () => {
    expect(
      changesFromRest({ name: 'a', model_name: 'm', provider: 'ollama', params: { prompt_template: 'p' } }),
    ).toEqual({
      name: 'a',
      model: { provider: 'ollama', model_name: 'm' },
      prompt_template: 'p',
    });
    expect(() => changesFromRest({ model: { base_url: 'ftp://x' } })).toThrow(/base_url/);
    expect(() => changesFromRest({ data: { tables: [1] } })).toThrow(/data.tables/);
  });
});
