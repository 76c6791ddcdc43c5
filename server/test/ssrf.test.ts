import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setOutboundPolicy } from '../net/url-guard';
import { startFakeProvider, type FakeProvider } from './fake-provider';
import { startTestApp, type TestApp } from './harness';
import { useTestApp } from './use-test-app';

/**
 * Model addresses a user chooses: the server must not become a way into the machine's network. Refused
 * addresses get a 400 naming the problem when saved; a name that resolves to a refused address is refused
 * again when called, on the address the connection would use; redirects are not followed; an upstream
 * answer's body never reaches the user.
 */

const KBS = '/api/projects/mindsdb/knowledge_bases';
const AGENTS = '/api/projects/mindsdb/agents';

const createKb = (t: TestApp, name: string, baseUrl: string) =>
  t.inject({
    method: 'POST',
    url: KBS,
    payload: {
      knowledge_base: {
        name,
        embedding_model: { provider: 'openai', model_name: 'e', api_key: 'sk-user', base_url: baseUrl },
      },
    },
  });

const createAgent = (t: TestApp, name: string, baseUrl: string) =>
  t.inject({
    method: 'POST',
    url: AGENTS,
    payload: { agent: { name, model: { provider: 'openai', api_key: 'sk-user', base_url: baseUrl } } },
  });

describe('model base URLs, by default', () => {
  const t = useTestApp();

  it.each([
    [
      'the metadata service',
      'http://169.254.169.254/latest/meta-data/',
      /169\.254\.169\.254 is a cloud metadata address/,
    ],
    [
      'the metadata service in decimal',
      'http://2852039166/',
      /169\.254\.169\.254 is a cloud metadata address/,
    ],
    [
      'the metadata service in hex and octal',
      'http://0xa9.0376.169.254/',
      /169\.254\.169\.254 is a cloud metadata/,
    ],
    ['the metadata service as IPv4-mapped IPv6', 'http://[::ffff:a9fe:a9fe]/', /cloud metadata address/],
    ['the metadata service through NAT64', 'http://[64:ff9b::a9fe:a9fe]/', /cloud metadata address/],
    ['an IPv6 metadata service', 'http://[fd00:ec2::254]/', /fd00:ec2::254 is a cloud metadata address/],
    ['a link-local address', 'http://169.254.1.1:8080/v1', /169\.254\.1\.1 is a link-local address/],
    ['an IPv6 link-local address', 'http://[fe80::1]/v1', /fe80::1 is a link-local address/],
    ['the unspecified address', 'http://0.0.0.0:11434', /0\.0\.0\.0 is an unspecified address/],
    [
      'a private address',
      'http://10.0.0.5/v1',
      /10\.0\.0\.5 is a private network address.*--allow-private-model-urls/,
    ],
    ['a private address in 172.16/12', 'http://172.20.1.1/v1', /private network address/],
    ['a private address in 192.168/16', 'https://192.168.1.10/v1', /private network address/],
    ['an IPv6 unique-local address', 'http://[fc00::1]/v1', /fc00::1 is a private network address/],
    ['a carrier-grade NAT address', 'http://100.64.0.1/v1', /shared \(carrier-grade NAT\) address/],
    [
      'a user name and password in the URL',
      'http://admin:pw@example.com/v1',
      /must not hold a user name or password/,
    ],
    ['another scheme', 'file:///etc/passwd', /must use http or https, not file/],
  ])('refuses %s for a knowledge base and an agent, naming the problem', async (label, url, problem) => {
    const name = `kb_${label.replace(/\W+/g, '_')}`.slice(0, 60);
    const kb = await createKb(t, name, url);
    expect(kb.statusCode, kb.body).toBe(400);
    expect(kb.json().detail).toMatch(/^embedding_model\.base_url: /);
    expect(kb.json().detail).toMatch(problem);
    const agent = await createAgent(t, name.replace(/^kb/, 'ag'), url);
    expect(agent.statusCode, agent.body).toBe(400);
    expect(agent.json().detail).toMatch(/^model\.base_url: /);
    expect(agent.json().detail).toMatch(problem);
  });

  it('refuses them in SQL and on alter too', async () => {
    const create = await t.sql(
      `CREATE KNOWLEDGE_BASE kb_sql USING embedding_model = {"provider": "ollama", "base_url": "http://2852039166/"}`,
    );
    expect(create.type).toBe('error');
    expect(create.error_message).toMatch(/embedding_model\.base_url: the address 169\.254\.169\.254/);
    const agent = await t.sql(
      `CREATE AGENT ag_sql USING provider = 'ollama', model = 'm', base_url = 'http://10.1.1.1'`,
    );
    expect(agent.error_message).toMatch(
      /model\.base_url: the address 10\.1\.1\.1 is a private network address/,
    );
    expect((await t.sql(`CREATE AGENT ag_ok USING provider = 'ollama', model = 'm'`)).type).toBe('ok');
    const alter = await t.sql(`ALTER AGENT ag_ok USING base_url = 'http://[fe80::1]:11434'`);
    expect(alter.error_message).toMatch(/link-local/);
    const rerank = await t.inject({
      method: 'POST',
      url: KBS,
      payload: {
        knowledge_base: {
          name: 'kb_rerank',
          reranking_model: { provider: 'ollama', base_url: 'http://100.100.100.200/' },
        },
      },
    });
    expect(rerank.statusCode).toBe(400);
    expect(rerank.json().detail).toMatch(/^reranking_model\.base_url: .*cloud metadata address/);
  });

  it('accepts this machine (a model server beside this one) and public addresses', async () => {
    // A KB's embedding model is tried at create: a model server must answer there.
    const beside = await startFakeProvider();
    try {
      expect((await createKb(t, 'kb_local', beside.baseUrl)).statusCode).toBe(201);
      const byName = beside.baseUrl.replace('127.0.0.1', 'localhost');
      expect((await createKb(t, 'kb_localhost', byName)).statusCode).toBe(201);
    } finally {
      await beside.close();
    }
    expect((await createAgent(t, 'ag_public', 'https://203.0.114.7/v1')).statusCode).toBe(201);
  });
});

describe('model base URLs with private addresses allowed by the operator', () => {
  const t = useTestApp({ allowPrivateModelUrls: true, providerHttp: { timeoutMs: 300, retries: 0 } });

  it('accepts private ranges but still refuses link-local and metadata addresses', async () => {
    // The address passes; the embedding model tried at create is then called there (and nothing answers).
    const kb = await createKb(t, 'kb_private', 'http://10.0.0.5/v1');
    expect(kb.json().detail).toMatch(/^Problem with embedding model config: openai embeddings \(e\) failed/);
    expect(kb.json().detail).not.toMatch(/private network/);
    expect((await createAgent(t, 'ag_private', 'http://[fd12::1]:8000/v1')).statusCode).toBe(201);
    for (const url of ['http://169.254.169.254/', 'http://100.100.100.200/', 'http://[fd00:ec2::254]/']) {
      const res = await createAgent(t, 'ag_meta', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toMatch(/cloud metadata address/);
    }
  });
});

describe('calls to a model server', () => {
  let t: TestApp;
  let model: FakeProvider;
  let elsewhere: FakeProvider;
  beforeAll(async () => {
    model = await startFakeProvider();
    elsewhere = await startFakeProvider();
    t = await startTestApp({ agentSettings: { http: { retries: 0, baseDelayMs: 1 } } });
  });
  afterEach(() => setOutboundPolicy({}));
  afterAll(async () => {
    await t.close();
    await model.close();
    await elsewhere.close();
  });

  const ask = (agent: string) =>
    t.inject({
      method: 'POST',
      url: `${AGENTS}/${agent}/completions`,
      payload: { messages: [{ question: 'hi' }] },
    });

  it('checks the address a name resolves to when connecting, not only when saving', async () => {
    // Saved while this machine is allowed; then the policy no longer allows it. The URL holds a name, so only
    // the check at connection time, on the resolved address, can refuse it.
    const port = new URL(model.baseUrl).port;
    expect((await createAgent(t, 'ag_by_name', `http://localhost:${port}/v1`)).statusCode).toBe(201);
    const before = model.requests.length;
    setOutboundPolicy({ allowLoopback: false });
    const refused = await ask('ag_by_name');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(model.requests.length).toBe(before);
  });

  it('resolves a name when a model is saved and refuses it for the address it gives', async () => {
    setOutboundPolicy({ allowLoopback: false });
    const res = await createAgent(t, 'ag_named_loopback', 'http://localhost:11434/v1');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toMatch(
      /^model\.base_url: localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    );
  });

  it('does not follow a redirect to another host, and does not send the key there', async () => {
    model.setScript(() => ({
      status: 307,
      json: {},
      headers: { location: `${elsewhere.baseUrl}/chat/completions` },
    }));
    expect((await createAgent(t, 'ag_redirect', model.baseUrl)).statusCode).toBe(201);
    const res = await ask('ag_redirect');
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toMatch(
      /answered 307 \(a redirect to http:\/\/127\.0\.0\.1:\d+\), which is not followed/,
    );
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('reports an upstream failure by its status, never with the body it sent', async () => {
    const page = '<html><body>Internal wiki. db password: hunter2-canary</body></html>';
    model.setScript(() => ({ status: 401, text: page }));
    expect((await createAgent(t, 'ag_fails', model.baseUrl)).statusCode).toBe(201);
    const res = await ask('ag_fails');
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toMatch(/failed: the model server answered 401 Unauthorized$/);
    expect(res.body).not.toContain('hunter2-canary');
    const sql = await t.sql(`SELECT answer FROM ag_fails WHERE question = 'hi'`);
    expect(sql.type).toBe('error');
    expect(JSON.stringify(sql)).not.toContain('hunter2-canary');
  });
});
