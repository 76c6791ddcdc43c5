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
/**
 * Credentials under every name that looks like one, at any depth of a model object: each must be masked like
 * `api_key`. Other names of the same object (`headers`, `oauth`) are kept, so the test sees the masking work
 * field by field.
 */
const CANARY_FIELDS = {
  access_token: 'canary-access-token-7f3a',
  refresh_token: 'canary-refresh-token-7f3a',
  password: 'canary-password-7f3a',
  db_password: 'canary-db-password-7f3a',
  client_secret: 'canary-client-secret-7f3a',
  apiKey: 'canary-apikey-camel-7f3a',
  openai_api_key: 'canary-openai-api-key-7f3a',
  private_key: 'canary-private-key-7f3a',
  passphrase: 'canary-passphrase-7f3a',
  token: 'canary-token-7f3a',
  headers: { Authorization: 'Bearer canary-authorization-header-7f3a', 'X-Api-Key': 'canary-x-api-key-7f3a' },
  oauth: {
    client_secret: 'canary-nested-secret-7f3a',
    credentials: { user: 'u', pass: 'canary-credentials-7f3a' },
  },
  fallbacks: [{ api_key: 'canary-array-api-key-7f3a' }],
};
const CANARIES = JSON.stringify(CANARY_FIELDS).match(/canary-[a-z-]+-7f3a/g)!;
const KEYS = [KEY, DEFAULT_KEY, ...CANARIES];

const USER = { username: 'admin', password: 'pw-for-secrets-test' };

let provider: FakeProvider;
/** A server a user points a model at: the operator's key, and keys typed for other servers, never go there. */
let other: FakeProvider;
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

/** Runs each statement in turn; each must answer a result of `type` (kept, as every answer, for the search). */
async function expectAnswers(type: 'ok' | 'table', ...queries: string[]) {
  for (const query of queries) {
    const res = await sql(query);
    expect(res.type, `${query}: ${JSON.stringify(res)}`).toBe(type);
  }
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
  other = await startFakeProvider();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-secrets-'));
  server = await startServerProcess({
    dataDir,
    headers,
    // Each statement below reads what the one before wrote: inserts are answered once they have ended.
    args: ['--disable-kb-autobatch'],
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
  await other?.close();
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
    await expectAnswers(
      'ok',
      `CREATE KNOWLEDGE_BASE kb_sql USING embedding_model = ${JSON.stringify(kbModel())}, content_columns = ['body']`,
      'INSERT INTO kb_sql SELECT id, body, author FROM files.docs',
      `CREATE AGENT ag_sql USING model = ${JSON.stringify(chatModel())}, data = {"knowledge_bases": ["mindsdb.kb_sql"]}`,
      `ALTER AGENT ag_sql USING model = {"api_key": "${KEY}"}`,
      `ALTER KNOWLEDGE_BASE kb_sql USING embedding_model = {"api_key": "${KEY}"}`,
    );
    await expectAnswers(
      'table',
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
    );
    const shown = await sql('DESCRIBE KNOWLEDGE_BASE kb', { show_secrets: false });
    expect(JSON.stringify(shown)).toContain('******');
    await expectAnswers(
      'table',
      "SELECT * FROM kb WHERE content = 'refunds'",
      "SELECT * FROM kb_sql WHERE content = 'shipping' AND author = 'bo'",
      "SELECT answer FROM ag WHERE question = 'refunds?'",
      'SELECT * FROM files.docs',
    );
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
    // An unknown provider is MindsDB's 404 'Resource not found'; its body is searched for the key below.
    expect(agent.status).toBe(404);
  });

  it('is masked under every secret-looking name, nested, in knowledge bases and agents', async () => {
    const kbs = '/api/projects/mindsdb/knowledge_bases';
    const agents = '/api/projects/mindsdb/agents';
    const created = await call('POST', kbs, {
      knowledge_base: {
        name: 'kb_canary',
        embedding_model: { ...kbModel(), ...CANARY_FIELDS },
        reranking_model: { provider: 'local', ...CANARY_FIELDS },
        content_columns: ['body'],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json().embedding_model).toMatchObject({
      access_token: '******',
      password: '******',
      apiKey: '******',
      headers: { Authorization: '******', 'X-Api-Key': '******' },
      oauth: { client_secret: '******', credentials: '******' },
      fallbacks: [{ api_key: '******' }],
    });
    const agent = await call('POST', agents, {
      agent: { name: 'ag_canary', model: { ...chatModel(), ...CANARY_FIELDS } },
    });
    expect(agent.status, agent.text).toBe(201);
    expect(agent.json().model.oauth).toEqual({ client_secret: '******', credentials: '******' });
    await expectAnswers(
      'ok',
      `CREATE AGENT ag_canary_sql USING model = ${JSON.stringify({ ...chatModel(), ...CANARY_FIELDS })}`,
    );
    for (const urlPath of [
      kbs,
      `${kbs}/kb_canary`,
      agents,
      `${agents}/ag_canary`,
      `${agents}/ag_canary_sql`,
    ]) {
      expect((await call('GET', urlPath)).status, urlPath).toBe(200);
    }
    await expectAnswers(
      'table',
      'DESCRIBE KNOWLEDGE_BASE kb_canary',
      'DESCRIBE AGENT ag_canary_sql',
      'SHOW AGENTS',
    );
    // The final test searches every byte above for the canaries.
  });

  it("sends the operator's key only to the default base URL", async () => {
    const agents = '/api/projects/mindsdb/agents';
    const model = { provider: 'openai', model_name: 'fake-chat', base_url: other.baseUrl };
    expect((await call('POST', agents, { agent: { name: 'ag_elsewhere', model } })).status).toBe(201);
    const answer = await call('POST', `${agents}/ag_elsewhere/completions`, {
      messages: [{ question: 'hi' }],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(other.requests.length).toBeGreaterThan(0);
    for (const request of other.requests) expect(request.headers.authorization).toBeUndefined();
  });

  it('forgets a stored key when the base URL changes, unless the key is given again', async () => {
    const kbs = '/api/projects/mindsdb/knowledge_bases';
    const agents = '/api/projects/mindsdb/agents';
    const authsAtOther = () => other.requests.map((r) => r.headers.authorization);
    other.requests.length = 0;
    expect((await call('POST', agents, { agent: { name: 'ag_moved', model: chatModel() } })).status).toBe(
      201,
    );
    const moved = await call('PUT', `${agents}/ag_moved`, { agent: { model: { base_url: other.baseUrl } } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json().model.api_key).toBeUndefined();
    await call('POST', `${agents}/ag_moved/completions`, { messages: [{ question: 'hi' }] });
    // Sent back masked, as a client that shows the form again would: still not a key given.
    const masked = await call('PUT', `${agents}/ag_moved`, {
      agent: { model: { base_url: `${other.baseUrl}/`, api_key: '******' } },
    });
    expect(masked.status, masked.text).toBe(200);
    expect(
      (await sql(`ALTER AGENT ag_moved USING base_url = '${provider.baseUrl}'`)).type,
      'back to the first server',
    ).toBe('ok');
    expect((await sql(`ALTER AGENT ag_moved USING base_url = '${other.baseUrl}'`)).type).toBe('ok');
    await call('POST', `${agents}/ag_moved/completions`, { messages: [{ question: 'hi' }] });
    expect(authsAtOther().length).toBeGreaterThan(0);
    expect(authsAtOther().filter(Boolean)).toEqual([]);
    const retyped = await call('PUT', `${agents}/ag_moved`, {
      agent: { model: { base_url: other.baseUrl, api_key: KEY } },
    });
    expect(retyped.status, retyped.text).toBe(200);
    await call('POST', `${agents}/ag_moved/completions`, { messages: [{ question: 'hi' }] });
    expect(authsAtOther()).toContain(`Bearer ${KEY}`);

    // A knowledge base made with the default model holds no key; moved elsewhere, it takes none along.
    other.requests.length = 0;
    const kb = await call('POST', kbs, { knowledge_base: { name: 'kb_moved', content_columns: ['body'] } });
    expect(kb.status, kb.text).toBe(201);
    const altered = await call('PUT', `${kbs}/kb_moved`, {
      knowledge_base: { embedding_model: { base_url: other.baseUrl } },
    });
    expect(altered.status, altered.text).toBe(200);
    const put = await call('PUT', `${kbs}/kb_moved`, {
      knowledge_base: { rows: [{ id: '1', body: 'Refunds take five days.' }] },
    });
    expect(put.status, put.text).toBe(200);
    expect(authsAtOther().length).toBeGreaterThan(0);
    expect(authsAtOther().filter(Boolean)).toEqual([]);
  });

  it('is not copied into a knowledge base made with the default model, yet that KB uses it', async () => {
    const kbs = '/api/projects/mindsdb/knowledge_bases';
    const created = await call('POST', kbs, {
      knowledge_base: { name: 'kb_default', content_columns: ['body'] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json().embedding_model).toEqual({
      provider: 'openai',
      model_name: 'text-embedding-3-small',
    });
    const before = provider.requests.length;
    const put = await call('PUT', `${kbs}/kb_default`, {
      knowledge_base: { rows: [{ id: '1', body: 'Shipping is free.' }] },
    });
    expect(put.status, put.text).toBe(200);
    expect(provider.requests.slice(before).map((r) => r.headers.authorization)).toContain(
      `Bearer ${DEFAULT_KEY}`,
    );
    const shown = await server.request('/api/sql/query', {
      method: 'POST',
      json: { query: 'DESCRIBE KNOWLEDGE_BASE kb_default', context: { show_secrets: true } },
    });
    const text = await shown.text();
    expect(text).toContain('text-embedding-3-small');
    expect(text).not.toContain(DEFAULT_KEY);
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
    // Users' keys are stored (they are theirs to store); the operator's, from the environment, never is.
    for (const file of await fs.readdir(dataDir, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const bytes = await fs.readFile(path.join(file.parentPath, file.name));
      expect(bytes.includes(DEFAULT_KEY), `the default key in ${file.name}`).toBe(false);
    }
  });
});
