import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDb } from '../engines/duckdb';
import { VectorStore, type VectorStoreOptions } from '../engines/vector-store';
import { ProjectStore } from '../store/projects';
import { prepareCatalog } from '../store/schema';
import { formatTimestamp } from '../util/time';
import { KnowledgeBaseService, type KnowledgeBaseServiceDeps } from '../services/knowledge-bases/service';

export interface TestEnv {
  dir: string;
  catalog: DuckDb;
  store: VectorStore;
  service: KnowledgeBaseService;
  close(): Promise<void>;
}

/**
 * Real engines in a temporary folder for tests: a DuckDB catalog with every table of the server's own
 * (store/schema.ts), projects `mindsdb` and `other`, and a LanceDB folder.
 */
export async function openTestEnv(
  options: { store?: VectorStoreOptions; service?: Partial<KnowledgeBaseServiceDeps> } = {},
): Promise<TestEnv> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-kb-'));
  const catalog = await DuckDb.open(path.join(dir, 'catalog.duckdb'));
  await prepareCatalog(catalog);
  const projects = new ProjectStore(catalog);
  for (const name of ['mindsdb', 'other']) await projects.insert(name, formatTimestamp());
  const store = await VectorStore.open(path.join(dir, 'vectors'), options.store);
  const service = new KnowledgeBaseService({ catalog, store, ...options.service });
  return {
    dir,
    catalog,
    store,
    service,
    async close() {
      await store.whenIdle();
      await store.close();
      catalog.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
