import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from './fake-provider';
import { startTestApp } from './harness';

const DEFAULT_KEY = 'sk-DEFAULT-canary-copied-5555';

describe("a copy of the operator's key stored by an earlier version", () => {
  let provider: FakeProvider;
  let dataDir: string;
  beforeAll(async () => {
    provider = await startFakeProvider();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-default-key-'));
  });
  afterAll(async () => {
    await provider.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is removed at start-up, and the knowledge base still embeds with the default key', async () => {
    const defaultModel = { provider: 'openai', base_url: provider.baseUrl, api_key: DEFAULT_KEY };
    const options = { defaultModel, providerHttp: { retries: 0 } };
    // What earlier versions stored for a KB made with the default model: the key itself.
    const before = await startTestApp(options, dataDir);
    const created = await before.sql(
      `CREATE KNOWLEDGE_BASE kb USING embedding_model = ${JSON.stringify({ ...defaultModel, model_name: 'e' })}`,
    );
    expect(created.type, JSON.stringify(created)).toBe('ok');
    const describeKb = 'DESCRIBE KNOWLEDGE_BASE kb';
    expect(JSON.stringify(await before.sql(describeKb, { show_secrets: true }))).toContain(DEFAULT_KEY);
    await before.close();

    const log: string[] = [];
    const after = await startTestApp({ ...options, log: (m) => log.push(String(m)) }, dataDir);
    try {
      expect(log).toEqual(['Removed stored copies of the default API key from: mindsdb.kb']);
      expect(JSON.stringify(await after.sql(describeKb, { show_secrets: true }))).not.toContain(DEFAULT_KEY);
      expect(
        (await after.sql(`INSERT INTO kb (id, content) VALUES ('1', 'Refunds take five days.')`)).type,
      ).toBe('ok');
      expect(provider.requests.at(-1)?.headers.authorization).toBe(`Bearer ${DEFAULT_KEY}`);
    } finally {
      await after.close();
    }
  });
});
