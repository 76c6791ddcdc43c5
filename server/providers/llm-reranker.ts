import { UpstreamError, ValidationError } from '../errors';
import { joinUrl, postJson } from './http';
import { OLLAMA_BASE_URL, OPENAI_BASE_URL } from './remote-embedding';
import type { CallOptions, HttpSettings, ModelConfig, ProviderOptions, Reranker } from './types';

export const OPENAI_RERANKER_MODEL = 'gpt-4o-mini';
export const OLLAMA_RERANKER_MODEL = 'llama3.2';

const SYSTEM_PROMPT =
  'You judge search results. Given a query and a document, answer with one number between 0 and 1: ' +
  'how relevant the document is to the query (1 = answers it fully, 0 = unrelated). Answer with the number only.';

/** Documents scored at once: enough to hide latency, few enough to stay under rate limits. */
const CONCURRENCY = 4;
/** Long chunks are cut: the start of a chunk is enough to judge it, and it bounds the cost. */
const MAX_DOCUMENT_CHARS = 4000;

interface ChatResponse {
  choices?: { message?: { content?: string | null } }[];
}

/** The first number in the model's answer, clamped to [0, 1]; answers like "0.8" or "Score: 0.8". */
export function parseScore(answer: string): number | null {
  const match = /-?\d+(?:\.\d+)?/.exec(answer);
  if (!match) return null;
  const n = Number(match[0]);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : null;
}

/** Scores each document by asking a chat model (OpenAI's chat completions protocol) for a 0..1 relevance. */
export class LlmReranker implements Reranker {
  constructor(
    readonly provider: string,
    readonly model: string,
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly http: Partial<HttpSettings> | undefined,
  ) {}

  async score(query: string, documents: readonly string[], options?: CallOptions): Promise<number[]> {
    const scores = new Array<number>(documents.length);
    let next = 0;
    const worker = async () => {
      while (next < documents.length) {
        const i = next++;
        scores[i] = await this.scoreOne(query, documents[i], options);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, documents.length) }, worker));
    return scores;
  }

  private async scoreOne(query: string, document: string, options?: CallOptions): Promise<number> {
    const label = `${this.provider} reranker (${this.model})`;
    const body = await postJson<ChatResponse>({
      label,
      url: joinUrl(this.baseUrl, 'chat/completions'),
      apiKey: this.apiKey,
      body: {
        model: this.model,
        temperature: 0,
        max_tokens: 8,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: `Query: ${query}\n\nDocument:\n${document.slice(0, MAX_DOCUMENT_CHARS)}` },
        ],
      },
      signal: options?.signal,
      http: this.http,
    });
    const answer = body.choices?.[0]?.message?.content ?? '';
    const score = parseScore(answer);
    // The answer is not quoted: whatever sits at a user-chosen address must not be able to send text back.
    if (score === null) throw new UpstreamError(`${label} answered without a score`);
    return score;
  }
}

export function createOpenAiReranker(config: ModelConfig, options?: ProviderOptions): LlmReranker {
  if (!config.api_key && !config.base_url) {
    throw new ValidationError('openai reranker: an api_key is needed (or a base_url of a compatible server)');
  }
  const base = config.base_url ?? OPENAI_BASE_URL;
  return new LlmReranker(
    'openai',
    config.model_name ?? OPENAI_RERANKER_MODEL,
    base,
    config.api_key,
    options?.http,
  );
}

/** Ollama serves the same chat protocol under `/v1`. */
export function createOllamaReranker(config: ModelConfig, options?: ProviderOptions): LlmReranker {
  const base = joinUrl(config.base_url ?? OLLAMA_BASE_URL, 'v1');
  return new LlmReranker(
    'ollama',
    config.model_name ?? OLLAMA_RERANKER_MODEL,
    base,
    config.api_key,
    options?.http,
  );
}
