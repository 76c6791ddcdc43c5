import path from 'node:path';
import type { Databases } from '../../engines/catalog';
import { VectorStore } from '../../engines/vector-store';
import { storageSecrets, type StorageOptions } from '../../engines/vector-location';
import { keepOutOfMessages } from '../../util/secret-text';
import type { ModelConfig, ProviderOptions } from '../../providers/types';
import type { ProjectService } from '../projects';
import { KnowledgeBaseService } from './service';
import type { KnowledgeBaseServiceDeps } from './service-deps';

export interface KnowledgeBaseOptions {
  /** The embedding model of a KB created without one; the built-in `local` model when unset. */
  defaultEmbeddingModel?: ModelConfig;
  /** The instance's default models now, read at each create (see KnowledgeBaseServiceDeps). */
  currentDefaults?: KnowledgeBaseServiceDeps['currentDefaults'];
  providerOptions?: ProviderOptions;
  /** Failures of background index maintenance and orphan repair. */
  log?: (message: string) => void;
  /**
   * A folder or object-store URI of vector tables other servers read and write too, instead of
   * `<dataDir>/vectors`, and the object store's credentials (kept out of every message from here on).
   */
  sharedVectors?: { location: string; storageOptions?: StorageOptions };
  /** Memory for the vector store's in-memory search copies, in megabytes (0: off). */
  searchMemoryMb?: number;
  /** MindsDB's `knowledge_bases.disable_autobatch` (see KnowledgeBaseServiceDeps). */
  disableAutobatch?: boolean;
}

export interface KnowledgeBases {
  knowledgeBases: KnowledgeBaseService;
  vectorStore: VectorStore;
}

/**
 * Opens the vector store in `<dataDir>/vectors` (or the shared folder or object store), repairs what an interrupted drop left behind, and registers
 * the knowledge bases with the project tree. The caller closes `vectorStore` (openServices' `close`).
 */
export async function openKnowledgeBases(
  deps: { databases: Databases; projects: ProjectService },
  options: KnowledgeBaseOptions = {},
): Promise<KnowledgeBases> {
  const log = options.log ?? (() => undefined);
  const shared = options.sharedVectors;
  if (shared?.storageOptions) keepOutOfMessages(storageSecrets(shared.storageOptions));
  const vectorStore = await VectorStore.open(
    shared?.location ?? path.join(deps.databases.dataDir, 'vectors'),
    {
      shared: shared !== undefined,
      writeLock: shared !== undefined ? deps.databases.catalog.withLock : undefined,
      storageOptions: shared?.storageOptions,
      exactSearchBytes:
        options.searchMemoryMb === undefined ? undefined : options.searchMemoryMb * 1024 * 1024,
      onError: (err) => log(`Vector store background work failed: ${(err as Error).message}`),
      // Search copies' files and document counts, in the server's own data folder (none on a shared folder).
      keptFolder: shared === undefined ? deps.databases.dataDir : undefined,
    },
  );
  const knowledgeBases = new KnowledgeBaseService({
    catalog: deps.databases.catalog,
    store: vectorStore,
    defaultEmbeddingModel: options.defaultEmbeddingModel,
    currentDefaults: options.currentDefaults,
    providerOptions: options.providerOptions,
    disableAutobatch: options.disableAutobatch,
    onBackgroundError: (err) =>
      log(`Learning a knowledge base's concept model failed: ${(err as Error).message}`),
  });
  const removed = await knowledgeBases.repairOrphans();
  if (removed.length) log(`Removed vector tables left by interrupted drops: ${removed.join(', ')}`);
  deps.projects.addObjectSource(knowledgeBases);
  return { knowledgeBases, vectorStore };
}
