import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_EMBEDDING_MODEL } from '../providers/local-embedding';
import { startFakeProvider, type FakeProvider } from '../test/fake-provider';
import { startTestApp, type TestApp } from '../test/harness';
import { expectProblem } from '../test/problem';

const KEY = 'sk-default-models-canary-7777';
const FLAG_KEY = 'sk-start-flag-canary-8888';

let provider: FakeProvider;
beforeAll(async () => {
  provider = await startFakeProvider();
});
afterAll(async () => {
  await provider.close();
});

/** Every answer of one server, so that a test can say no key ever left it. */
function recording(t: TestApp) {
  const bodies: string[] = [];
  const send = async (opts: InjectOptions): Promise<LightMyRequestResponse> => {
    const res = await t.inject(opts);
    bodies.push(res.body);
    return res;
  };
  return {
    send,
    put: (payload: unknown) => send({ method: 'PUT', url: '/api/config', payload: payload as object }),
    config: async () => (await send({ url: '/api/config' })).json(),
    answered: () => bodies.join('\n'),
  };
}

describe('the default models, set at run time with PUT /api/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ providerHttp: { retries: 0, timeoutMs: 3000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('start as the built-in models, and are settable (not "set at start")', async () => {
    const api = recording(t);
    const config = await api.config();
    expect(config.default_llm).toEqual({ provider: 'local' });
    expect(config.default_embedding_model).toEqual({ provider: 'local', model_name: LOCAL_EMBEDDING_MODEL });
    expect(config.default_reranking_model).toBeNull();
    expect(config.instance.default_models_set_at_start).toBe(false);
  });

  it('are saved, shown masked, and given to agents and knowledge bases created afterwards', async () => {
    const api = recording(t);
    const before = await api.send({
      method: 'POST',
      url: '/api/projects/mindsdb/agents',
      payload: { agent: { name: 'made_before' } },
    });
    expect(before.statusCode).toBe(201);
    const put = await api.put({
      default_llm: { provider: 'openai', model_name: 'chat-x', base_url: provider.baseUrl, api_key: KEY },
      default_embedding_model: {
        provider: 'openai',
        model_name: 'embed-x',
        base_url: provider.baseUrl,
        api_key: KEY,
      },
      default_reranking_model: { provider: 'local' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.body).toBe('""');
    const config = await api.config();
    expect(config.default_llm).toEqual({
      provider: 'openai',
      model_name: 'chat-x',
      base_url: provider.baseUrl,
      api_key: '******',
    });
    expect(config.default_embedding_model).toMatchObject({ model_name: 'embed-x', api_key: '******' });
    expect(config.default_reranking_model).toEqual({ provider: 'local' });

    const agent = await api.send({
      method: 'POST',
      url: '/api/projects/mindsdb/agents',
      payload: { agent: { name: 'made_after' } },
    });
    expect(agent.statusCode, agent.body).toBe(201);
    expect(agent.json().model).toEqual(config.default_llm);
    expect((await t.deps.agents.get('mindsdb', 'made_after')).model.api_key).toBe(KEY);
    const asked = await api.send({
      method: 'POST',
      url: '/api/projects/mindsdb/agents/made_after/completions',
      payload: { messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(provider.requests.at(-1)?.body.model).toBe('chat-x');
    expect(provider.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    // An agent keeps the model it was created with (as MindsDB's knowledge bases do).
    expect((await api.send({ url: '/api/projects/mindsdb/agents/made_before' })).json().model).toEqual({
      provider: 'local',
      model_name: 'extractive-v1',
    });

    const calls = provider.requests.length;
    const kb = await api.send({
      method: 'POST',
      url: '/api/projects/mindsdb/knowledge_bases',
      payload: { knowledge_base: { name: 'kb_after' } },
    });
    expect(kb.statusCode, kb.body).toBe(201);
    expect(kb.json().embedding_model).toMatchObject({
      provider: 'openai',
      model_name: 'embed-x',
      api_key: '******',
    });
    expect(kb.json().reranking_model).toMatchObject({ provider: 'local' });
    // The trial embedding went to the default's server with the default's key.
    expect(provider.requests.length).toBeGreaterThan(calls);
    expect(provider.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    // `false` still asks for no reranking model, as in MindsDB.
    const plain = await api.send({
      method: 'POST',
      url: '/api/projects/mindsdb/knowledge_bases',
      payload: { knowledge_base: { name: 'kb_plain', reranking_model: false } },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().reranking_model ?? null).toBeNull();

    expect(api.answered()).not.toContain(KEY);
  });

  it('keep a key sent back masked, forget it when the address changes, and leave existing objects alone', async () => {
    const api = recording(t);
    const shown = (await api.config()).default_llm;
    expect((await api.put({ default_llm: { ...shown, model_name: 'chat-y' } })).statusCode).toBe(200);
    expect((await t.deps.instanceDefaults.current()).default_llm).toMatchObject({
      model_name: 'chat-y',
      api_key: KEY,
    });
    const moved = {
      provider: 'openai',
      model_name: 'chat-y',
      base_url: `${provider.origin}/other/v1`,
      api_key: '******',
    };
    expect((await api.put({ default_llm: moved })).statusCode).toBe(200);
    const now = (await t.deps.instanceDefaults.current()).default_llm;
    expect(now.base_url).toBe(moved.base_url);
    expect(now).not.toHaveProperty('api_key');
    expect((await api.config()).default_llm).not.toHaveProperty('api_key');
    // The agent made with the first default keeps its model and key.
    const kept = await t.deps.agents.get('mindsdb', 'made_after');
    expect(kept.model).toMatchObject({ model_name: 'chat-x', base_url: provider.baseUrl, api_key: KEY });
    expect(api.answered()).not.toContain(KEY);
  });

  it('refuse a bad model object with a 400 naming the field, and save nothing of that request', async () => {
    const api = recording(t);
    const before = await api.config();
    const cases: [unknown, string][] = [
      [{ default_llm: 'gpt-4o' }, 'default_llm'],
      [{ default_llm: { provider: 'nope' } }, 'default_llm.provider'],
      // Named as agents and knowledge bases name it: another case would be refused at their creation.
      [{ default_llm: { provider: 'OpenAI' } }, 'default_llm.provider'],
      [{ default_embedding_model: { model_name: 'e' } }, 'default_embedding_model.provider'],
      [{ default_llm: { provider: 'openai', model_name: 5 } }, 'default_llm.model_name'],
      [
        { default_reranking_model: { provider: 'openai', base_url: 'ftp://models.example' } },
        'default_reranking_model.base_url',
      ],
      [
        {
          default_llm: { provider: 'local' },
          default_embedding_model: { provider: 'openai', base_url: 'http://10.1.2.3/v1' },
        },
        'default_embedding_model.base_url',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await api.put(body);
      expectProblem(res, 400, { field });
      expect(res.json().detail, field).toContain(field);
    }
    expectProblem(await api.put({ default_chat: { provider: 'local' } }), 400, { title: 'Wrong arguments' });
    expect(await api.config()).toEqual(before);
  });

  it('null sets a model back to the value given at start', async () => {
    const api = recording(t);
    expect((await api.put({ default_reranking_model: null })).statusCode).toBe(200);
    expect((await api.config()).default_reranking_model).toBeNull();
  });
});

describe('the default models given by the start flags', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-default-models-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  const options = () => ({
    defaultModel: {
      provider: 'openai',
      model_name: 'flag-chat',
      base_url: provider.baseUrl,
      api_key: FLAG_KEY,
    },
    providerHttp: { retries: 0 },
  });

  it('are the initial values, shown masked; a value set with PUT wins over them from then on, even after a restart', async () => {
    const first = await startTestApp(options(), dataDir);
    const api = recording(first);
    try {
      const config = await api.config();
      expect(config.default_llm).toEqual({
        provider: 'openai',
        model_name: 'flag-chat',
        base_url: provider.baseUrl,
        api_key: '******',
      });
      expect(config.default_embedding_model).toEqual({ provider: 'openai' });
      // The operator's key is never copied into an agent: it is added at each call.
      const agent = await api.send({
        method: 'POST',
        url: '/api/projects/mindsdb/agents',
        payload: { agent: { name: 'flag_agent' } },
      });
      expect(agent.statusCode, agent.body).toBe(201);
      // Its address is not copied either: objects made from the flags follow them, as before.
      expect((await first.deps.agents.get('mindsdb', 'flag_agent')).model).toEqual({
        provider: 'openai',
        model_name: 'flag-chat',
      });
      // At run time the agent is given the flags' address and key.
      const asked = await api.send({
        method: 'POST',
        url: '/api/projects/mindsdb/agents/flag_agent/completions',
        payload: { messages: [{ role: 'user', content: 'hello' }] },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(provider.requests.at(-1)?.headers.authorization).toBe(`Bearer ${FLAG_KEY}`);
      // Changing the name alone, the mask sent back: the operator's key still serves the same address.
      expect(
        (await api.put({ default_llm: { ...config.default_llm, model_name: 'put-chat' } })).statusCode,
      ).toBe(200);
      expect((await first.deps.instanceDefaults.current()).default_llm).not.toHaveProperty('api_key');
      expect(JSON.stringify(await first.sql('SELECT * FROM mindsdb.agents', undefined))).not.toContain(
        FLAG_KEY,
      );
      expect(api.answered()).not.toContain(FLAG_KEY);
    } finally {
      await first.close();
    }
    const second = await startTestApp(options(), dataDir);
    try {
      expect((await recording(second).config()).default_llm).toMatchObject({ model_name: 'put-chat' });
      await second.inject({ method: 'PUT', url: '/api/config', payload: { default_llm: null } });
      expect((await recording(second).config()).default_llm).toMatchObject({ model_name: 'flag-chat' });
    } finally {
      await second.close();
    }
  });
});
