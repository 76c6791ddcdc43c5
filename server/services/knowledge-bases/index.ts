import path from 'node:path';
import type { Databases } from '../../engines/catalog';
import { VectorStore } from '../../engines/vector-store';
import type { ModelConfig, ProviderOptions } from '../../providers/types';
import type { ProjectService } from '../projects';
import { KnowledgeBaseService } from './service';

export interface KnowledgeBaseOptions {
  /** The embedding model of a KB created without one; the built-in `local` model when unset. */
  defaultEmbeddingModel?: ModelConfig;
  providerOptions?: ProviderOptions;
  /** Failures of background index maintenance and orphan repair. */
  log?: (message: string) => void;
  /** A folder of vector tables other servers read and write too, instead of `<dataDir>/vectors`. */
  sharedVectorsDir?: string;
  /** Memory for the vector store's in-memory search copies, in megabytes (0: off). */
  searchMemoryMb?: number;
}

export interface KnowledgeBases {
  knowledgeBases: KnowledgeBaseService;
  vectorStore: VectorStore;
}

/**
 * Opens the vector store in `<dataDir>/vectors` (or the shared folder), repairs what an interrupted drop left behind, and registers
 * the knowledge bases with the project tree. The caller closes `vectorStore` (openServices' `close`).
 */
export async function openKnowledgeBases(
  deps: { databases: Databases; projects: ProjectService },
  options: KnowledgeBaseOptions = {},
): Promise<KnowledgeBases> {
  const log = options.log ?? (() => undefined);
  const shared = options.sharedVectorsDir;
  const vectorStore = await VectorStore.open(shared ?? path.join(deps.databases.dataDir, 'vectors'), {
    shared: shared !== undefined,
    writeLock: shared !== undefined ? deps.databases.catalog.withLock : undefined,
    exactSearchBytes: options.searchMemoryMb === undefined ? undefined : options.searchMemoryMb * 1024 * 1024,
    onError: (err) => log(`Vector store background work failed: ${(err as Error).message}`),
  });
  const knowledgeBases = new KnowledgeBaseService({
    catalog: deps.databases.catalog,
    store: vectorStore,
    defaultEmbeddingModel: options.defaultEmbeddingModel,
    providerOptions: options.providerOptions,
  });
  const removed = await knowledgeBases.repairOrphans();
  if (removed.length) log(`Removed vector tables left by interrupted drops: ${removed.join(', ')}`);
  deps.projects.addObjectSource(knowledgeBases);
  return { knowledgeBases, vectorStore };
}
