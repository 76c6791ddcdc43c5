import { UpstreamError, UpstreamRefusedError, ValidationError } from '../errors';
import { joinUrl, postJson } from './http';
import type { CallOptions, EmbeddingProvider, HttpSettings, ModelConfig, ProviderOptions } from './types';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const OPENAI_EMBEDDING_MODEL = 'text-embedding-3-small';
export const OLLAMA_BASE_URL = 'http://127.0.0.1:11434';
export const OLLAMA_EMBEDDING_MODEL = 'nomic-embed-text';

/** One vector as a server sent it: numbers, or (OpenAI's `encoding_format: "base64"`) its float32 bytes. */
type SentVector = readonly number[] | Float32Array;

/** Scales a vector to unit length so that cosine distance behaves the same whatever the server returns. */
function unit(values: SentVector, label: string): Float32Array {
  // A decoded base64 vector is this call's own array: scaled in place rather than copied.
  const v = values instanceof Float32Array ? values : Float32Array.from(values);
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  if (!(sum > 0) || !Number.isFinite(sum))
    throw new UpstreamError(`${label} returned an empty or invalid vector`);
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i] *= scale;
  return v;
}

function batchSize(config: ModelConfig, fallback: number): number {
  const size = config.batch_size ?? fallback;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 2048) {
    throw new ValidationError(`${config.provider} embedding: batch_size must be an integer from 1 to 2048`);
  }
  return size;
}

/**
 * Requests of one `embed` call in flight at once: the model server works on the next batch while this process
 * reads the last one, instead of each side waiting for the other. Few, as remote servers rate-limit bursts
 * (a 429 is retried after a pause: http.ts).
 */
export const EMBED_REQUESTS_IN_FLIGHT = 3;

/** Embeds through HTTP in batches, a few requests at a time, the vectors kept in the texts' order. */
abstract class HttpEmbedding implements EmbeddingProvider {
  abstract readonly provider: string;
  dimensions?: number;

  constructor(
    readonly model: string,
    protected readonly baseUrl: string,
    protected readonly apiKey: string | undefined,
    protected readonly batch: number,
    protected readonly http: Partial<HttpSettings> | undefined,
  ) {}

  protected abstract embedBatch(texts: readonly string[], options?: CallOptions): Promise<SentVector[]>;

  /** Names this model in errors. */
  protected get label(): string {
    return `${this.provider} embeddings (${this.model})`;
  }

  /** Posts one batch of texts to `path` under the base URL, with the key, retries and time limits of `postJson`. */
  protected post<T>(
    path: string,
    texts: readonly string[],
    options?: CallOptions,
    extra: Record<string, unknown> = {},
  ): Promise<T> {
    return postJson<T>({
      label: this.label,
      url: joinUrl(this.baseUrl, path),
      apiKey: this.apiKey,
      body: { model: this.model, input: texts, ...extra },
      signal: options?.signal,
      http: this.http,
    });
  }

  async embed(texts: readonly string[], options?: CallOptions): Promise<Float32Array[]> {
    const slices: (readonly string[])[] = [];
    for (let i = 0; i < texts.length; i += this.batch) slices.push(texts.slice(i, i + this.batch));
    const embedded = new Array<Float32Array[]>(slices.length);
    let next = 0;
    let failed = false;
    /** Takes the next batch until none is left (or another batch failed: no more requests are sent). */
    const sender = async () => {
      while (next < slices.length && !failed) {
        const k = next++;
        try {
          const vectors = await this.embedBatch(slices[k], options);
          if (vectors.length !== slices[k].length) {
            throw new UpstreamError(
              `${this.label} returned ${vectors.length} vectors for ${slices[k].length} texts`,
            );
          }
          embedded[k] = vectors.map((v) => unit(v, this.label));
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    };
    const senders = Math.min(EMBED_REQUESTS_IN_FLIGHT, slices.length);
    await Promise.all(Array.from({ length: senders }, sender));
    const out = embedded.flat();
    if (out.length > 0) this.dimensions = out[0].length;
    return out;
  }
}

interface OpenAiEmbeddingResponse {
  data?: { embedding: number[] | string; index: number }[];
}

/** A vector sent as base64 text of its little-endian float32 bytes (OpenAI's `encoding_format: "base64"`). */
function decodeBase64Floats(text: string, label: string): Float32Array {
  // Decoded straight into the vector's own memory: no buffer in between, no copy.
  const bytes = Buffer.byteLength(text, 'base64');
  if (bytes > 0 && bytes % 4 === 0) {
    const floats = new Float32Array(bytes / 4);
    if (Buffer.from(floats.buffer).write(text, 'base64') === bytes) return floats;
  }
  // Text the estimate above does not fit (line breaks, which base64 decoding skips): decoded on its own.
  const decoded = Buffer.from(text, 'base64');
  if (decoded.length === 0 || decoded.length % 4 !== 0) {
    throw new UpstreamError(`${label} returned a base64 vector that is not whole float32 numbers`);
  }
  // Copied: the decoded bytes may sit at an offset no Float32Array can start at.
  const floats = new Float32Array(decoded.length / 4);
  new Uint8Array(floats.buffer).set(decoded);
  return floats;
}

/**
 * OpenAI's `/embeddings`, or any server that speaks it (set `base_url`). It asks for base64 vectors, as
 * OpenAI's own client libraries do by default, so every compatible server that serves them understands the
 * request: the float32 bytes are a quarter of the JSON numbers' size and need no parsing, which is most of an
 * ingest's CPU with 768 or 1,536 numbers per chunk. A server that sends numbers anyway is read as well.
 */
export class OpenAiEmbedding extends HttpEmbedding {
  readonly provider = 'openai';
  /**
   * Whether the server takes `encoding_format`: unknown until its first answer. A server that refuses the
   * first request (a 4xx) is asked once more without it, and is then always asked for numbers.
   */
  private takesBase64: boolean | null = null;

  private async request(texts: readonly string[], options?: CallOptions): Promise<OpenAiEmbeddingResponse> {
    if (this.takesBase64 === false) return this.post('embeddings', texts, options);
    const base64 = { encoding_format: 'base64' };
    if (this.takesBase64) return this.post('embeddings', texts, options, base64);
    try {
      const body = await this.post<OpenAiEmbeddingResponse>('embeddings', texts, options, base64);
      this.takesBase64 = true;
      return body;
    } catch (err) {
      if (!(err instanceof UpstreamRefusedError) || options?.signal?.aborted) throw err;
      const body = await this.post<OpenAiEmbeddingResponse>('embeddings', texts, options);
      this.takesBase64 = false;
      return body;
    }
  }

  protected async embedBatch(texts: readonly string[], options?: CallOptions): Promise<SentVector[]> {
    const body = await this.request(texts, options);
    if (!Array.isArray(body.data)) throw new UpstreamError(`${this.label} answered without a data list`);
    return [...body.data]
      .sort((a, b) => a.index - b.index)
      .map((d) =>
        typeof d.embedding === 'string' ? decodeBase64Floats(d.embedding, this.label) : d.embedding,
      );
  }
}

interface OllamaEmbedResponse {
  embeddings?: number[][];
}

/** Ollama's `/api/embed` (batched input). */
export class OllamaEmbedding extends HttpEmbedding {
  readonly provider = 'ollama';

  protected async embedBatch(texts: readonly string[], options?: CallOptions): Promise<SentVector[]> {
    const body = await this.post<OllamaEmbedResponse>('api/embed', texts, options);
    if (!Array.isArray(body.embeddings))
      throw new UpstreamError(`${this.label} answered without an embeddings list`);
    return body.embeddings;
  }
}

export function createOpenAiEmbedding(config: ModelConfig, options?: ProviderOptions): OpenAiEmbedding {
  if (!config.api_key && !config.base_url) {
    throw new ValidationError(
      'openai embedding: an api_key is needed (or a base_url of a compatible server)',
    );
  }
  return new OpenAiEmbedding(
    config.model_name ?? OPENAI_EMBEDDING_MODEL,
    config.base_url ?? OPENAI_BASE_URL,
    config.api_key,
    batchSize(config, 256),
    options?.http,
  );
}

export function createOllamaEmbedding(config: ModelConfig, options?: ProviderOptions): OllamaEmbedding {
  return new OllamaEmbedding(
    config.model_name ?? OLLAMA_EMBEDDING_MODEL,
    config.base_url ?? OLLAMA_BASE_URL,
    config.api_key,
    batchSize(config, 64),
    options?.http,
  );
}
