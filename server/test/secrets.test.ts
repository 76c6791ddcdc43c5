import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSse } from '../../protocol/sse';
import {
  answerNormally,
  startFakeProvider,
  type FakeProvider,
  type ProviderAnswer,
  type ProviderRequest,
  type ProviderScript,
} from './fake-provider';
import { startServerProcess, type ServerProcess } from './server-process';

/** The key a user stores in a knowledge base and an agent; it must never come back out. */
const KEY = 'sk-SECRET-canary-1234567890';
/** The instance's own default key, from the environment. */
const DEFAULT_KEY = 'sk-DEFAULT-canary-0987654321';
const KEYS = [KEY, DEFAULT_KEY];

const USER = { username: 'admin', password: 'pw-for-secrets-test' };

let provider: FakeProvider;
let server: ServerProcess;
let dataDir: string;
const headers: Record<string, string> = {};
/** Every byte the server sent back, by the request that produced it. */
const captured: { label: string; text: string }[] = [];

/** A request whose whole answer (status line, headers, body) is kept for the final search. */
async function call(method: string, urlPath: string, json?: unknown, init: RequestInit = {}) {
  const res = await server.request(urlPath, { method, json, ...init });
  const text = await res.text();
  const head = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  captured.push({
    label: `${method} ${urlPath}`,
    text: `${res.status} ${res.statusText}\n${head}\n\n${text}`,
  });
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function sql(query: string, context: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/sql/query', { query, context });
  expect(res.status, query).toBe(200);
  return res.json();
}

const kbModel = () => ({
  provider: 'openai',
  model_name: 'fake-embed',
  api_key: KEY,
  base_url: provider.baseUrl,
});
const chatModel = () => ({
  provider: 'openai',
  model_name: 'fake-chat',
  api_key: KEY,
  base_url: provider.baseUrl,
});

/** What a careless provider answers: the request's own headers, key included, inside its error text. */
const echoHeaders =
  (status: number, asText = false): ProviderScript =>
  (request): ProviderAnswer => {
    const key = String(request.headers.authorization);
    const echo = `rejected request with headers ${JSON.stringify(request.headers)}; key ${key}`;
    if (asText) return { status, text: echo, headers: { 'retry-after': '0', 'x-echo': key } };
    return { status, json: { error: { message: echo } }, headers: { 'retry-after': '0' } };
  };

/** Chat answers that call a tool first, then answer, as a real model would. */
function toolThenAnswer(request: ProviderRequest) {
  if (request.path.endsWith('/embeddings')) return answerNormally(request);
  const messages = request.body.messages as { role: string }[];
  if (messages.at(-1)?.role === 'tool') {
    return {
      json: {
        choices: [{ message: { role: 'assistant', content: 'Refunds take five days [1:body:1of1:0to25].' } }],
      },
    };
  }
  const call = {
    id: 'call_1',
    type: 'function',
    function: {
      name: 'kb_query_tool',
      arguments: JSON.stringify({ query: "SELECT * FROM mindsdb.kb WHERE content = 'refunds' LIMIT 3" }),
    },
  };
  return { json: { choices: [{ message: { role: 'assistant', content: null, tool_calls: [call] } }] } };
}

beforeAll(async () => {
  provider = await startFakeProvider(toolThenAnswer);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-secrets-'));
  server = await startServerProcess({
    dataDir,
    headers,
    env: {
      KS_USERNAME: USER.username,
      KS_PASSWORD: USER.password,
      KS_DEFAULT_PROVIDER: 'openai',
      KS_DEFAULT_BASE_URL: provider.baseUrl,
      KS_DEFAULT_API_KEY: DEFAULT_KEY,
    },
  });
  const login = await call('POST', '/api/login', USER);
  expect(login.status).toBe(200);
  headers.authorization = `Bearer ${login.json().token}`;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await provider?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('a stored api_key', () => {
  it('is used with the provider but never shown by REST', async () => {
    const csv = 'id,body,author\n1,Refunds take five days.,ann\n2,Shipping is free.,bo\n';
    const form = new FormData();
    form.append('file', new Blob([csv]), 'docs.csv');
    expect((await call('PUT', '/api/files/docs', undefined, { body: form })).status).toBe(200);
    const kbs = '/api/projects/mindsdb/knowledge_bases';
    const created = await call('POST', kbs, {
      knowledge_base: {
        name: 'kb',
        embedding_model: kbModel(),
        content_columns: ['body'],
        metadata_columns: ['author'],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json().embedding_model.api_key).toBe('******');
    const put = await call('PUT', `${kbs}/kb`, {
      knowledge_base: { rows: [{ id: '1', body: 'Refunds take five days.' }] },
    });
    expect(put.status, put.text).toBe(200);
    // A client that sends the masked value back keeps the stored key.
    const kept = await call('PUT', `${kbs}/kb`, {
      knowledge_base: { embedding_model: { api_key: '******' } },
    });
    expect(kept.status, kept.text).toBe(200);
    for (const urlPath of [
      '/api/status',
      '/api/util/ping',
      '/api/projects',
      '/api/tree/',
      '/api/tree/mindsdb',
      '/api/tree/files',
      '/api/files',
      kbs,
      `${kbs}/kb`,
      `${kbs}/kb/progress`,
    ]) {
      expect((await call('GET', urlPath)).status, urlPath).toBe(200);
    }
    const agents = '/api/projects/mindsdb/agents';
    const agent = await call('POST', agents, {
      agent: { name: 'ag', model: chatModel(), data: { knowledge_bases: ['mindsdb.kb'] } },
    });
    expect(agent.status, agent.text).toBe(201);
    expect(agent.json().model.api_key).toBe('******');
    const plain = await call('POST', agents, {
      agent: { name: 'ag_default', data: { knowledge_bases: ['mindsdb.kb'] } },
    });
    expect(plain.status, plain.text).toBe(201);
    expect((await call('PUT', `${agents}/ag`, { agent: { prompt_template: 'Be brief.' } })).status).toBe(200);
    for (const urlPath of [agents, `${agents}/ag`, `${agents}/ag_default`]) {
      expect((await call('GET', urlPath)).status, urlPath).toBe(200);
    }
    const answer = await call('POST', `${agents}/ag/completions`, {
      messages: [{ question: 'How long do refunds take?' }],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json().message.content).toMatch(/five days/);
    const stream = await call('POST', `${agents}/ag/completions/stream`, {
      messages: [{ question: 'Refunds?' }],
    });
    const events = parseSse(stream.text).events.map((e) => JSON.parse(e.data));
    expect(events.map((e) => e.type ?? Object.keys(e)[0])).toEqual([
      'start',
      'actions',
      'steps',
      'output',
      'end',
    ]);
    const defaulted = await call('POST', `${agents}/ag_default/completions`, {
      messages: [{ question: 'Refunds?' }],
    });
    expect(defaulted.status, defaulted.text).toBe(200);
    // The provider did receive the keys: the search below would find them if they leaked.
    const auths = new Set(provider.requests.map((r) => r.headers.authorization));
    expect(auths).toContain(`Bearer ${KEY}`);
    expect(auths).toContain(`Bearer ${DEFAULT_KEY}`);
  });

  it('is masked in SQL without show_secrets', async () => {
    expect(
      (
        await sql(
          `CREATE KNOWLEDGE_BASE kb_sql USING embedding_model = ${JSON.stringify(kbModel())}, content_columns = ['body']`,
        )
      ).type,
    ).toBe('ok');
    expect((await sql('INSERT INTO kb_sql SELECT id, body, author FROM files.docs')).type).toBe('ok');
    expect(
      (
        await sql(
          `CREATE AGENT ag_sql USING model = ${JSON.stringify(chatModel())}, data = {"knowledge_bases": ["mindsdb.kb_sql"]}`,
        )
      ).type,
    ).toBe('ok');
    expect((await sql(`ALTER AGENT ag_sql USING model = {"api_key": "${KEY}"}`)).type).toBe('ok');
    expect(
      (await sql(`ALTER KNOWLEDGE_BASE kb_sql USING embedding_model = {"api_key": "${KEY}"}`)).type,
    ).toBe('ok');
    for (const q of [
      'DESCRIBE KNOWLEDGE_BASE kb',
      'DESCRIBE KNOWLEDGE_BASE kb_sql',
      'DESCRIBE kb',
      'SHOW KNOWLEDGE_BASES',
      'DESCRIBE AGENT ag',
      'DESCRIBE ag_sql',
      'DESCRIBE AGENT ag_default',
      'SHOW AGENTS',
      'SHOW FULL TABLES',
      'SHOW FULL DATABASES',
    ]) {
      const res = await sql(q);
      expect(res.type, `${q}: ${JSON.stringify(res)}`).toBe('table');
    }
    const shown = await sql('DESCRIBE KNOWLEDGE_BASE kb', { show_secrets: false });
    expect(JSON.stringify(shown)).toContain('******');
    for (const q of [
      "SELECT * FROM kb WHERE content = 'refunds'",
      "SELECT * FROM kb_sql WHERE content = 'shipping' AND author = 'bo'",
      "SELECT answer FROM ag WHERE question = 'refunds?'",
      'SELECT * FROM files.docs',
    ]) {
      const res = await sql(q);
      expect(res.type, `${q}: ${JSON.stringify(res)}`).toBe('table');
    }
  });

  it('is shown by SQL only when show_secrets is asked for', async () => {
    const res = await server.request('/api/sql/query', {
      method: 'POST',
      json: { query: 'DESCRIBE KNOWLEDGE_BASE kb', context: { show_secrets: true } },
    });
    expect(await res.text()).toContain(KEY);
    const agent = await server.request('/api/sql/query', {
      method: 'POST',
      json: { query: 'DESCRIBE AGENT ag', context: { show_secrets: true } },
    });
    expect(await agent.text()).toContain(KEY);
  });

  it('stays out of errors, even when the provider echoes it back', async () => {
    const kbs = '/api/projects/mindsdb/knowledge_bases';
    const agents = '/api/projects/mindsdb/agents';
    for (const [label, script] of [
      ['401 json', echoHeaders(401)],
      ['500 json', echoHeaders(500)],
      ['403 text', echoHeaders(403, true)],
      ['503 text', echoHeaders(503, true)],
      ['200 not json', (r: ProviderRequest) => ({ text: `not json ${String(r.headers.authorization)}` })],
    ] as [string, ProviderScript][]) {
      provider.setScript(script);
      const before = provider.requests.length;
      const search = await sql("SELECT * FROM kb WHERE content = 'refunds'");
      expect(search.type, label).toBe('error');
      expect(search.error_message, label).toMatch(/openai embeddings/);
      const insert = await call('PUT', `${kbs}/kb`, {
        knowledge_base: { rows: [{ id: '9', body: 'More text.' }] },
      });
      expect(insert.status, `${label}: ${insert.text}`).toBe(502);
      const progress = await call('GET', `${kbs}/kb/progress`);
      expect(progress.json()).toMatchObject({ state: 'failed' });
      expect((await sql("INSERT INTO kb_sql (id, body) VALUES ('9', 'More text.')")).type, label).toBe(
        'error',
      );
      const completion = await call('POST', `${agents}/ag/completions`, { messages: [{ question: 'hi' }] });
      expect(completion.status, `${label}: ${completion.text}`).toBe(502);
      const stream = await call('POST', `${agents}/ag/completions/stream`, {
        messages: [{ question: 'hi' }],
      });
      const events = parseSse(stream.text).events.map((e) => JSON.parse(e.data));
      expect(
        events.map((e) => e.type),
        label,
      ).toEqual(['start', 'error', 'end']);
      const defaulted = await call('POST', `${agents}/ag_default/completions/stream`, {
        messages: [{ question: 'hi' }],
      });
      expect(defaulted.text, label).toContain('"type":"error"');
      expect((await sql("SELECT answer FROM ag_sql WHERE question = 'hi'")).type, label).toBe('error');
      // The echo really happened: the fake saw the keys it then wrote into its answers.
      const seen = provider.requests.slice(before).map((r) => r.headers.authorization);
      expect(seen, label).toContain(`Bearer ${KEY}`);
      expect(seen, label).toContain(`Bearer ${DEFAULT_KEY}`);
    }
    provider.setScript(toolThenAnswer);
  }, 60_000);

  it('stays out of SQL errors about statements that hold it', async () => {
    for (const q of [
      `CREATE KNOWLEDGE_BASE bad USING embedding_model = {"provider": "openai", "api_key": "${KEY}"`,
      `CREATE KNOWLEDGE_BASE bad USING embedding_model = {"provider": "nope", "api_key": "${KEY}"}`,
      `CREATE KNOWLEDGE_BASE bad USING embedding_model = {"provider": "openai", "api_key": "${KEY}", "base_url": "ftp://x"}`,
      `CREATE KNOWLEDGE_BASE bad USING embedding_model = {"provider": "openai", "api_key": "${KEY}"}, colour = 'red'`,
      `CREATE KNOWLEDGE_BASE kb USING embedding_model = {"provider": "openai", "api_key": "${KEY}"}`,
      `ALTER KNOWLEDGE_BASE kb USING embedding_model = {"provider": "ollama", "api_key": "${KEY}"}`,
      `ALTER KNOWLEDGE_BASE kb USING embedding_model = {"api_key": 42}`,
      `CREATE AGENT bad USING model = {"provider": "nope", "api_key": "${KEY}"}`,
      `CREATE AGENT bad USING model = {"provider": "openai", "api_key": "${KEY}", "base_url": "nope"}`,
      `CREATE AGENT ag USING model = {"provider": "openai", "api_key": "${KEY}"}`,
      `ALTER AGENT ag USING model = {"provider": "openai", "api_key": "${KEY}"}, colour = 'red'`,
      `CREATE AGENT bad USING model = {"provider": "openai", "api_key": "${KEY}"} data = {}`,
    ]) {
      const res = await sql(q);
      expect(res.type, `${q}: ${JSON.stringify(res)}`).toBe('error');
    }
    const rest = await call('POST', '/api/projects/mindsdb/knowledge_bases', {
      knowledge_base: { name: 'bad name', embedding_model: { ...kbModel(), base_url: 'nope' } },
    });
    expect(rest.status).toBe(400);
    const agent = await call('POST', '/api/projects/mindsdb/agents', {
      agent: { name: 'bad', model: { ...chatModel(), provider: 'nope' } },
    });
    expect(agent.status).toBe(400);
  });

  it('never appears in any byte the server sent or printed', async () => {
    // Ends the session the way a user does, then stops the server so that everything it printed is in.
    expect((await call('POST', '/api/logout')).status).toBe(200);
    await server.stop();
    expect(captured.length).toBeGreaterThan(60);
    for (const { label, text } of captured) {
      for (const key of KEYS)
        expect(text.includes(key), `${key} in ${label}:\n${text.slice(0, 2000)}`).toBe(false);
    }
    const output = server.output();
    expect(output).toMatch(/listening on/);
    expect(output).toMatch(/agent run [0-9a-f]{32}/);
    for (const key of KEYS)
      expect(output.includes(key), `${key} in the server output:\n${output}`).toBe(false);
  });
});
