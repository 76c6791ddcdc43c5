import path from 'node:path';
import type { Databases } from '../../engines/catalog';
import { VectorStore } from '../../engines/vector-store';
import type { ModelConfig, ProviderOptions } from '../../providers/types';
import type { ProjectService } from '../projects';
import { EngineSelect } from '../sql/engine-select';
import { registerKnowledgeBaseHandlers } from '../sql/kb-handlers';
import type { SqlRouter } from '../sql/router';
import { KnowledgeBaseService } from './service';

export interface KnowledgeBaseOptions {
  /** The embedding model of a KB created without one; the built-in `local` model when unset. */
  defaultEmbeddingModel?: ModelConfig;
  providerOptions?: ProviderOptions;
  /** Failures of background index maintenance and orphan repair. */
  log?: (message: string) => void;
}

export interface KnowledgeBases {
  knowledgeBases: KnowledgeBaseService;
  vectorStore: VectorStore;
}

/**
 * Opens the vector store in `<dataDir>/vectors`, repairs what an interrupted drop left behind, and registers
 * the knowledge bases with the project tree and the SQL router.
 */
export async function openKnowledgeBases(
  deps: { databases: Databases; projects: ProjectService; sql: SqlRouter },
  options: KnowledgeBaseOptions = {},
): Promise<KnowledgeBases> {
  const log = options.log ?? (() => undefined);
  const vectorStore = await VectorStore.open(path.join(deps.databases.dataDir, 'vectors'), {
    onError: (err) => log(`Vector index maintenance failed: ${(err as Error).message}`),
  });
  const knowledgeBases = new KnowledgeBaseService({
    catalog: deps.databases.catalog,
    store: vectorStore,
    defaultEmbeddingModel: options.defaultEmbeddingModel,
    providerOptions: options.providerOptions,
  });
  await knowledgeBases.ensureSchema();
  const removed = await knowledgeBases.repairOrphans();
  if (removed.length) log(`Removed vector tables left by interrupted drops: ${removed.join(', ')}`);
  deps.projects.addObjectSource(knowledgeBases);
  registerKnowledgeBaseHandlers(deps.sql, {
    kbs: knowledgeBases,
    engine: new EngineSelect(deps.databases.data, deps.projects),
  });
  // The vector store closes with the databases, so whoever closes those (main, tests) closes it too.
  const closeDatabases = deps.databases.close.bind(deps.databases);
  deps.databases.close = () => {
    vectorStore.close();
    closeDatabases();
  };
  return { knowledgeBases, vectorStore };
}
