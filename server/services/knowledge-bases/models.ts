import { scrubSecrets } from '../../../protocol/secrets';
import { ValidationError } from '../../errors';
import { createEmbeddingProvider, createReranker } from '../../providers/registry';
import type { EmbeddingProvider, ModelConfig, ProviderOptions, Reranker } from '../../providers/types';
import { checkModelAddress, withDefaultCredentials } from '../model-config';
import type { KbSettings } from '../../domain/knowledge-bases';

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
   * model names the KB will use. With `trial`, a remote embedding model is also asked to embed one word, as
   * MindsDB does at create: a wrong key, model name or address is refused now rather than at the first insert.
   * What it returns is what is stored: no key that the user did not give.
   */
  async check(settings: KbSettings, options: { trial?: boolean } = {}): Promise<KbSettings> {
    await checkModelAddress(settings.embedding_model, 'embedding_model');
    await checkModelAddress(settings.reranking_model, 'reranking_model');
    const embedder = createEmbeddingProvider(this.resolve(settings.embedding_model), this.trialOptions());
    if (options.trial && embedder.provider !== 'local') await this.tryEmbedding(embedder, settings);
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

  /**
   * One real call; its failure is the user's config (a 400 that says why), not an outage of ours. The key is
   * scrubbed again here, though provider errors never carry it.
   */
  private async tryEmbedding(embedder: EmbeddingProvider, settings: KbSettings): Promise<void> {
    try {
      await embedder.embed(['test']);
    } catch (err) {
      const cause = err instanceof Error ? err.message : String(err);
      const keys = [settings.embedding_model.api_key, this.resolve(settings.embedding_model).api_key];
      throw new ValidationError(
        `Problem with embedding model config: ${scrubSecrets(cause, keys)}`,
        'embedding_model',
      );
    }
  }

  /** A create waits for one trial call, not a whole retry schedule: at most one retry. */
  private trialOptions(): ProviderOptions {
    const retries = Math.min(this.options?.http?.retries ?? 1, 1);
    return { ...this.options, http: { ...this.options?.http, retries } };
  }

  /** The config a call uses: the stored one plus the default's key where it goes to the default's address. */
  private resolve(config: ModelConfig): ModelConfig {
    return withDefaultCredentials(config, this.options?.defaults);
  }
}
