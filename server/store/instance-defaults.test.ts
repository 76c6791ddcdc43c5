import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabases, type Databases } from '../engines/catalog';
import type { ModelConfig } from '../domain/knowledge-bases';
import { prepareCatalog } from './schema';
import { InstanceDefaultsStore } from './instance-defaults';

/** The default models' rows in a real catalog (DuckDB in a temporary data folder). */
describe('InstanceDefaultsStore.replace', () => {
  let dir: string;
  let dbs: Databases;
  let store: InstanceDefaultsStore;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-defaults-'));
    dbs = await openDatabases(dir);
    await prepareCatalog(dbs.catalog);
    store = new InstanceDefaultsStore(dbs.catalog);
  });
  afterAll(async () => {
    dbs.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('sets and forgets several roles together', async () => {
    await store.replace({
      default_llm: { provider: 'openai', model_name: 'chat-a' },
      default_embedding_model: { provider: 'ollama', model_name: 'embed-a' },
    });
    await store.replace({ default_llm: null, default_reranking_model: { provider: 'local' } });
    expect(await store.all()).toEqual({
      default_embedding_model: { provider: 'ollama', model_name: 'embed-a' },
      default_reranking_model: { provider: 'local' },
    });
  });

  it('changes none of the roles when one of them cannot be saved', async () => {
    const before = await store.all();
    // A value JSON cannot write: the second role fails after the first was written in the transaction.
    const unwritable = { provider: 'openai', model_name: 'x', size: 1n } as unknown as ModelConfig;
    await expect(
      store.replace({
        default_llm: { provider: 'openai', model_name: 'chat-b' },
        default_embedding_model: unwritable,
      }),
    ).rejects.toThrow();
    expect(await store.all()).toEqual(before);
  });
});
