import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, answerNormally, type FakeProvider } from '../test/fake-provider';
import { startTestApp, type TestApp } from '../test/harness';

/** The embedding model is tried with one real call at create (as MindsDB does); a failing one saves nothing. */
let t: TestApp;
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
  t = await startTestApp({
    allowPrivateModelUrls: true,
    providerHttp: { retries: 2, baseDelayMs: 1, timeoutMs: 2000 },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const create = (knowledge_base: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/api/projects/mindsdb/knowledge_bases', payload: { knowledge_base } });
const model = (extra: Record<string, unknown> = {}) => ({
  provider: 'openai',
  model_name: 'embed-small',
  base_url: fake.baseUrl,
  api_key: 'sk-trial-secret-123',
  ...extra,
});
const exists = async (name: string) =>
  (await t.inject({ url: `/api/projects/mindsdb/knowledge_bases/${name}` })).statusCode === 200;

describe('the embedding model tried at create', () => {
  it('asks a working model to embed once, then creates the KB', async () => {
    fake.setScript(answerNormally);
    const before = fake.requests.length;
    const res = await create({ name: 'trial_ok', embedding_model: model() });
    expect(res.statusCode).toBe(201);
    const calls = fake.requests.slice(before);
    expect(calls.map((r) => r.path)).toEqual(['/v1/embeddings']);
    expect(calls[0].body).toMatchObject({ model: 'embed-small', input: ['test'] });
    expect(calls[0].headers.authorization).toBe('Bearer sk-trial-secret-123');
  });

  it('refuses a model that rejects the key: a 400 that says why, key masked, nothing saved', async () => {
    fake.setScript(() => ({ status: 401, json: { error: { message: 'bad key sk-trial-secret-123' } } }));
    const res = await create({ name: 'trial_401', embedding_model: model() });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toMatch(
      /^Problem with embedding model config: openai embeddings \(embed-small\)/,
    );
    expect(res.json().detail).toMatch(/401/);
    expect(res.body).not.toContain('sk-trial-secret-123');
    expect(await exists('trial_401')).toBe(false);
  });

  it('refuses a model that is down (after one retry) and one that answers without vectors', async () => {
    const before = fake.requests.length;
    fake.setScript(() => ({ status: 503, json: {} }));
    const down = await create({ name: 'trial_503', embedding_model: model() });
    expect(down.statusCode).toBe(400);
    expect(down.json().detail).toMatch(/Problem with embedding model config: .*503/);
    // A create waits for one retry at most, whatever the server's retry setting.
    expect(fake.requests.length - before).toBe(2);

    fake.setScript(() => ({ json: { nothing: true } }));
    const empty = await create({ name: 'trial_empty', embedding_model: model() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/without a data list/);
    expect(await exists('trial_503')).toBe(false);
    expect(await exists('trial_empty')).toBe(false);
  });

  it('answers CREATE KNOWLEDGE_BASE in SQL with an error result, key masked, and nothing saved', async () => {
    fake.setScript(() => ({ status: 404, json: { error: 'no such model' } }));
    const result = await t.sql(
      `CREATE KNOWLEDGE_BASE trial_sql USING embedding_model = ${JSON.stringify(model({ model_name: 'nope' }))}`,
    );
    expect(result.type).toBe('error');
    expect(result.error_message).toMatch(/^Problem with embedding model config: .*\(nope\).*404/);
    expect(JSON.stringify(result)).not.toContain('sk-trial-secret-123');
    expect(await exists('trial_sql')).toBe(false);
    const shown = await t.sql('SHOW KNOWLEDGE_BASES');
    expect(JSON.stringify(shown.data)).not.toContain('trial_sql');
  });

  it('tries a new embedding model set by ALTER on an empty KB, and keeps the old one when it fails', async () => {
    fake.setScript(answerNormally);
    expect((await create({ name: 'trial_alter', embedding_model: model() })).statusCode).toBe(201);
    fake.setScript(() => ({ status: 401, json: {} }));
    const res = await t.inject({
      method: 'PUT',
      url: '/api/projects/mindsdb/knowledge_bases/trial_alter',
      payload: { knowledge_base: { embedding_model: model({ model_name: 'other' }) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/Problem with embedding model config: .*\(other\)/);
    const kb = (await t.inject({ url: '/api/projects/mindsdb/knowledge_bases/trial_alter' })).json();
    expect(kb.embedding_model.model_name).toBe('embed-small');
  });
});
