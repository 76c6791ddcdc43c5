import { createEmbeddingProvider, createReranker } from '../../providers/registry';
import type { EmbeddingProvider, ModelConfig, ProviderOptions, Reranker } from '../../providers/types';
import type { KbSettings } from './config';

/** The model providers of knowledge bases, built from their stored configs. */
export class KbModels {
  /** By config: the local model keeps its scratch buffers, remote ones learn their dimensions once. */
  private readonly embedders = new Map<string, EmbeddingProvider>();

  constructor(private readonly options?: ProviderOptions) {}

  /** Builds the providers once to reject unusable configs, and pins the model names the KB will use. */
  check(settings: KbSettings): KbSettings {
    const embedder = createEmbeddingProvider(settings.embedding_model, this.options);
    const embedding_model = { ...settings.embedding_model, model_name: embedder.model };
    const reranking_model = settings.reranking_model
      ? { ...settings.reranking_model, model_name: this.reranker(settings.reranking_model).model }
      : null;
    return { ...settings, embedding_model, reranking_model };
  }

  embedder(config: ModelConfig): EmbeddingProvider {
    const key = JSON.stringify(config);
    let embedder = this.embedders.get(key);
    if (!embedder) {
      embedder = createEmbeddingProvider(config, this.options);
      this.embedders.set(key, embedder);
    }
    return embedder;
  }

  reranker(config: ModelConfig): Reranker {
    return createReranker(config, this.options);
  }
}
