import { ValidationError } from '../errors';
import { createOllamaReranker, createOpenAiReranker } from './llm-reranker';
import { createLocalEmbedding } from './local-embedding';
import { LocalReranker } from './local-reranker';
import { createOllamaEmbedding, createOpenAiEmbedding } from './remote-embedding';
import type { EmbeddingProvider, ModelConfig, ProviderOptions, Reranker } from './types';

type Factory<T> = (config: ModelConfig, options?: ProviderOptions) => T;

const embeddingFactories = new Map<string, Factory<EmbeddingProvider>>([
  ['local', createLocalEmbedding],
  ['openai', createOpenAiEmbedding],
  ['ollama', createOllamaEmbedding],
]);

const rerankerFactories = new Map<string, Factory<Reranker>>([
  ['local', (config) => new LocalReranker(config.model_name)],
  ['openai', createOpenAiReranker],
  ['ollama', createOllamaReranker],
]);

function pick<T>(kind: string, factories: Map<string, Factory<T>>, config: ModelConfig): Factory<T> {
  if (!config || typeof config.provider !== 'string' || config.provider === '') {
    throw new ValidationError(`The ${kind} needs a provider (one of: ${[...factories.keys()].join(', ')})`);
  }
  const factory = factories.get(config.provider.toLowerCase());
  if (!factory) {
    throw new ValidationError(
      `Unknown ${kind} provider '${config.provider}' (available: ${[...factories.keys()].join(', ')})`,
    );
  }
  return factory;
}

/** Builds the embedding provider a model config names; throws ValidationError for an unusable config. */
export function createEmbeddingProvider(config: ModelConfig, options?: ProviderOptions): EmbeddingProvider {
  return pick('embedding model', embeddingFactories, config)(config, options);
}

/** Builds the reranker a model config names; throws ValidationError for an unusable config. */
export function createReranker(config: ModelConfig, options?: ProviderOptions): Reranker {
  return pick('reranking model', rerankerFactories, config)(config, options);
}

/** Plug-in point: adds (or replaces) a provider, e.g. for a deployment with its own model server. */
export function registerEmbeddingProvider(name: string, factory: Factory<EmbeddingProvider>): void {
  embeddingFactories.set(name.toLowerCase(), factory);
}

export function registerReranker(name: string, factory: Factory<Reranker>): void {
  rerankerFactories.set(name.toLowerCase(), factory);
}

export function embeddingProviderNames(): string[] {
  return [...embeddingFactories.keys()];
}
