import { createEmbeddingProvider, createReranker } from '../../providers/registry';
import type { EmbeddingProvider, ModelConfig, ProviderOptions, Reranker } from '../../providers/types';
import { checkModelAddress, withDefaultCredentials } from '../model-config';
import type { KbSettings } from './config';

/**
 * The model providers of knowledge bases, built from their stored configs. A stored config holds only what
 * the user gave; the operator's default key is added here, at each build, and only for the default's address.
 */
export class KbModels {
  /** By config: the local model keeps its scratch buffers, remote ones learn their dimensions once. */
  private readonly embedders = new Map<string, EmbeddingProvider>();

  constructor(private readonly options?: ProviderOptions) {}

  /**
   * Builds the providers once to reject unusable configs, checks the addresses they would call, and pins the
   * model names the KB will use. What it returns is what is stored: no key that the user did not give.
   */
  async check(settings: KbSettings): Promise<KbSettings> {
    await checkModelAddress(settings.embedding_model, 'embedding_model');
    await checkModelAddress(settings.reranking_model, 'reranking_model');
    const embedder = createEmbeddingProvider(this.resolve(settings.embedding_model), this.options);
    const embedding_model = { ...settings.embedding_model, model_name: embedder.model };
    const reranking_model = settings.reranking_model
      ? { ...settings.reranking_model, model_name: this.reranker(settings.reranking_model).model }
      : null;
    return { ...settings, embedding_model, reranking_model };
  }

  embedder(config: ModelConfig): EmbeddingProvider {
    const resolved = this.resolve(config);
    const key = JSON.stringify(resolved);
    let embedder = this.embedders.get(key);
    if (!embedder) {
      embedder = createEmbeddingProvider(resolved, this.options);
      this.embedders.set(key, embedder);
    }
    return embedder;
  }

  reranker(config: ModelConfig): Reranker {
    return createReranker(this.resolve(config), this.options);
  }

  /** The config a call uses: the stored one plus the default's key where it goes to the default's address. */
  private resolve(config: ModelConfig): ModelConfig {
    return withDefaultCredentials(config, this.options?.defaults);
  }
}
