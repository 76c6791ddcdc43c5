import type { CatalogDb } from '../../engines/catalog-db';
import type { VectorStore } from '../../engines/vector-store';
import { LOCAL_EMBEDDING_MODEL } from '../../providers/local-embedding';
import type { ProviderOptions } from '../../providers/types';
import type { KnowledgeBase, ModelConfig } from '../../domain/knowledge-bases';
import type { KbDefaultModels } from './config';

/** The embedding model of a KB created without one, unless the service is given another. */
export const BUILT_IN_EMBEDDING: ModelConfig = { provider: 'local', model_name: LOCAL_EMBEDDING_MODEL };

/** What the knowledge-base service is built with (openServices, the KB test env). */
export interface KnowledgeBaseServiceDeps {
  /** The catalog database; it must hold `projects(id, name, created_at)`. */
  catalog: CatalogDb;
  store: VectorStore;
  /**
   * MindsDB's `knowledge_bases.disable_autobatch`: an `INSERT INTO kb SELECT ...` without `USING batch_size`
   * runs before it is answered, as every insert did before MindsDB v26. Off by default, as in MindsDB.
   */
  disableAutobatch?: boolean;
  /** The embedding model of a KB created without one (default: the built-in local model). */
  defaultEmbeddingModel?: ModelConfig;
  /**
   * The instance's default models now (services/instance-defaults.ts), read at each create; when given, it
   * wins over `defaultEmbeddingModel`.
   */
  currentDefaults?: () => Promise<KbDefaultModels>;
  /** HTTP settings for remote providers (tests shorten timeouts). */
  providerOptions?: ProviderOptions;
  /** Failures of background work (learning a concept model). */
  onBackgroundError?: (err: unknown) => void;
}

/** A knowledge base with its project's name, as the list endpoint shows it. */
export type ListedKnowledgeBase = KnowledgeBase & { project_name: string };
