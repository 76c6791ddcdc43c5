/**
 * Model providers behind one interface each: a knowledge base embeds with an `EmbeddingProvider` and may rerank
 * with a `Reranker`, whatever serves them (the built-in lexical models, OpenAI or any compatible server, Ollama).
 */

/** A model as a knowledge base or agent names it; providers read the keys they know and ignore the rest. */
export interface ModelConfig {
  provider: string;
  model_name?: string;
  api_key?: string;
  base_url?: string;
  [key: string]: unknown;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface EmbeddingProvider {
  readonly provider: string;
  readonly model: string;
  /** The vector length, when known before the first call (the local model); remote models reveal it then. */
  readonly dimensions?: number;
  /** One unit-length vector per text, in order. Batches large inputs itself. */
  embed(texts: readonly string[], options?: CallOptions): Promise<Float32Array[]>;
}

export interface Reranker {
  readonly provider: string;
  readonly model: string;
  /** One relevance score in [0, 1] per document, in order. */
  score(query: string, documents: readonly string[], options?: CallOptions): Promise<number[]>;
}

/** Knobs for the HTTP clients; tests shorten the waits. */
export interface HttpSettings {
  timeoutMs: number;
  retries: number;
  /** First wait before a retry; doubled each time (with jitter). */
  baseDelayMs: number;
  /** Longest wait before a retry, whatever a Retry-After header asks. */
  maxDelayMs: number;
}

export const DEFAULT_HTTP: HttpSettings = {
  timeoutMs: 60_000,
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
};

export interface ProviderOptions {
  http?: Partial<HttpSettings>;
  /**
   * The operator's default model (flags, environment). Its key is added only to models that go to its
   * address (see `withDefaultCredentials`), and is never stored with a knowledge base.
   */
  defaults?: ModelConfig;
}
