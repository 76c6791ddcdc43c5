import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProvider,
  type FakeProvider,
  type ProviderAnswer,
  type ProviderRequest,
  type ProviderScript,
} from '../test/fake-provider';
import { UpstreamError, ValidationError } from '../errors';
import { answerText } from './http';
import { createEmbeddingProvider, createReranker } from './registry';
import { EMBED_REQUESTS_IN_FLIGHT } from './remote-embedding';

const fast = { http: { baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 2000 } };
const inputOf = (req: ProviderRequest) => (req.body.input as string[] | undefined) ?? [];
const embeddingReply = (req: ProviderRequest): ProviderAnswer => ({
  // Answer out of order: the client must sort by index.
  json: {
    data: inputOf(req)
      .map((text, index) => ({ index, embedding: [text.length, 1, 0] }))
      .reverse(),
  },
});

describe('HTTP model providers (fake server)', () => {
  let server: FakeProvider;
  /** Answers queued for the next requests; once they are used up, `fallback` answers. */
  let replies: ProviderAnswer[] = [];
  let fallback: ProviderScript = embeddingReply;
  beforeAll(async () => {
    server = await startFakeProvider((req, i) => replies.shift() ?? fallback(req, i));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    replies = [];
    fallback = embeddingReply;
  });

  it('openai: posts batches to /embeddings with the key, keeps order, normalises', async () => {
    const provider = createEmbeddingProvider(
      {
        provider: 'openai',
        model_name: 'emb-1',
        api_key: 'sk-test',
        base_url: `${server.origin}/v1/`,
        batch_size: 2,
      },
      fast,
    );
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const vectors = await provider.embed(texts);
    expect(server.requests.map((s) => s.body.input)).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    expect(server.requests[0].path).toBe('/v1/embeddings');
    expect(server.requests[0].method).toBe('POST');
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-test');
    expect(server.requests[0].body.model).toBe('emb-1');
    expect(vectors.map((v) => Math.round((v[0] / v[1]) * 10) / 10)).toEqual([1, 2, 3, 4, 5]);
    expect(Math.hypot(...vectors[2])).toBeCloseTo(1, 5);
    expect(provider.dimensions).toBe(3);
  });

  it('retries after a 429 and then succeeds', async () => {
    replies = [{ status: 429, json: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } }];
    const provider = createEmbeddingProvider(
      { provider: 'openai', api_key: 'sk-test', base_url: server.origin },
      fast,
    );
    const vectors = await provider.embed(['hello']);
    expect(server.requests).toHaveLength(2);
    expect(vectors).toHaveLength(1);
  });

  it('fails at once on a 400, naming the provider and the status but never the key or the body', async () => {
    fallback = () => ({
      status: 400,
      json: { error: { message: 'bad input for key sk-secret-123' } },
    });
    const provider = createEmbeddingProvider(
      { provider: 'openai', model_name: 'emb-1', api_key: 'sk-secret-123', base_url: server.origin },
      fast,
    );
    const error = await provider.embed(['x']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    const message = (error as Error).message;
    expect(message).toBe('openai embeddings (emb-1) failed: the model server answered 400 Bad Request');
    expect(message).not.toContain('sk-secret-123');
    expect(message).not.toContain('bad input');
    // The first request asked for base64 vectors; a server that refuses it is asked once more without.
    expect(server.requests.map((r) => r.body.encoding_format)).toEqual(['base64', undefined]);
  });

  it('openai: asks for base64 vectors and reads their float32 bytes', async () => {
    const floats = (values: number[]) => Buffer.from(new Float32Array(values).buffer).toString('base64');
    fallback = (req) => ({
      json: { data: inputOf(req).map((text, index) => ({ index, embedding: floats([text.length, 1, 0]) })) },
    });
    const provider = createEmbeddingProvider({ provider: 'openai', base_url: server.origin }, fast);
    const vectors = await provider.embed(['a', 'bbb']);
    expect(server.requests[0].body.encoding_format).toBe('base64');
    expect(vectors.map((v) => Math.round(v[0] / v[1]))).toEqual([1, 3]);
    expect(Math.hypot(...vectors[1])).toBeCloseTo(1, 5);
    // Line breaks, which base64 decoding skips, do not change the vector.
    fallback = () => ({
      json: { data: [{ index: 0, embedding: floats([3, 4]).replace(/(.{4})/, '$1\n') }] },
    });
    const [wrapped] = await provider.embed(['x']);
    expect(Array.from(wrapped)).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    fallback = () => ({ json: { data: [{ index: 0, embedding: 'AAAAAAA=' }] } });
    await expect(provider.embed(['x'])).rejects.toThrow(/not whole float32 numbers/);
  });

  it('sends a few batches at once and keeps the vectors in the order of the texts', async () => {
    let inFlight = 0;
    let most = 0;
    fallback = async (req) => {
      most = Math.max(most, ++inFlight);
      // Later texts are answered sooner: the answers come back out of order.
      await new Promise((resolve) => setTimeout(resolve, 40 - 5 * inputOf(req)[0].length));
      inFlight--;
      return embeddingReply(req);
    };
    const provider = createEmbeddingProvider(
      { provider: 'openai', base_url: server.origin, batch_size: 1 },
      fast,
    );
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff'];
    const vectors = await provider.embed(texts);
    expect(most).toBe(EMBED_REQUESTS_IN_FLIGHT);
    expect(vectors.map((v) => Math.round(v[0] / v[1]))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('sends no more batches once one failed', async () => {
    fallback = async (req) => {
      if (inputOf(req)[0] === 'c') return { status: 400, json: {} };
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { json: { embeddings: [[1, 0]] } };
    };
    const provider = createEmbeddingProvider(
      { provider: 'ollama', base_url: server.origin, batch_size: 1 },
      fast,
    );
    await expect(provider.embed(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).rejects.toThrow(/answered 400/);
    // The three first batches were sent together; the two still running when the third failed sent no more.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(server.requests.map((r) => inputOf(r)[0]).sort()).toEqual(['a', 'b', 'c']);
  });

  it('reads an ASCII answer byte for byte, and any other as UTF-8 without its byte-order mark', () => {
    expect(JSON.parse(answerText(Buffer.from('{"a":"AAB+/w=="}')))).toEqual({ a: 'AAB+/w==' });
    expect(JSON.parse(answerText(Buffer.from('{"a":"café ✓ 日本"}')))).toEqual({ a: 'café ✓ 日本' });
    expect(JSON.parse(answerText(Buffer.from('\ufeff{"a":"é"}')))).toEqual({ a: 'é' });
  });

  it('openai: a server that refuses encoding_format is asked for numbers from then on', async () => {
    fallback = (req) =>
      req.body.encoding_format ? { status: 422, json: { error: 'unknown field' } } : embeddingReply(req);
    const provider = createEmbeddingProvider({ provider: 'openai', base_url: server.origin }, fast);
    expect(await provider.embed(['a'])).toHaveLength(1);
    expect(await provider.embed(['b'])).toHaveLength(1);
    expect(server.requests.map((r) => r.body.encoding_format)).toEqual(['base64', undefined, undefined]);
  });

  it('gives up on repeated 5xx after the configured retries', async () => {
    fallback = () => ({ status: 503, json: { error: 'overloaded' } });
    const provider = createEmbeddingProvider(
      { provider: 'ollama', base_url: server.origin },
      { http: { ...fast.http, retries: 2 } },
    );
    await expect(provider.embed(['x'])).rejects.toThrow(
      /ollama embeddings .* failed \(after 3 attempts\): the model server answered 503 Service Unavailable$/,
    );
    expect(server.requests).toHaveLength(3);
  });

  it('times out a silent server', async () => {
    replies = ['hang'];
    const provider = createEmbeddingProvider(
      { provider: 'ollama', base_url: server.origin },
      { http: { timeoutMs: 100, retries: 0, baseDelayMs: 1 } },
    );
    await expect(provider.embed(['x'])).rejects.toThrow(
      /ollama embeddings .* failed: no answer within 100 ms/,
    );
  });

  it('names the address when nothing listens there', async () => {
    const provider = createEmbeddingProvider(
      { provider: 'ollama', base_url: 'http://127.0.0.1:9' },
      { http: { retries: 1, baseDelayMs: 1, timeoutMs: 2000 } },
    );
    await expect(provider.embed(['x'])).rejects.toThrow(
      /ollama embeddings .* failed \(after 2 attempts\): cannot reach http:\/\/127\.0\.0\.1:9/,
    );
  });

  it('ollama: posts to /api/embed with no auth header when no key is set', async () => {
    fallback = (req) => ({
      status: 200,
      json: { embeddings: inputOf(req).map(() => [0, 2]) },
    });
    const provider = createEmbeddingProvider(
      { provider: 'ollama', model_name: 'nomic', base_url: server.origin },
      fast,
    );
    const [v] = await provider.embed(['hello']);
    expect(server.requests[0].path).toBe('/api/embed');
    expect(server.requests[0].headers.authorization).toBeUndefined();
    expect(server.requests[0].body).toEqual({ model: 'nomic', input: ['hello'] });
    expect(Array.from(v)).toEqual([0, 1]);
  });

  it('openai reranker: asks chat completions for a 0..1 score per document', async () => {
    fallback = (req) => {
      const messages = req.body.messages as { role: string; content: string }[];
      const user = messages.find((m) => m.role === 'user')?.content ?? '';
      const doc = user.split('Document:')[1] ?? '';
      const content = doc.includes('refund') ? 'Score: 0.9' : doc.includes('way off') ? '7' : '0.1';
      return { status: 200, json: { choices: [{ message: { role: 'assistant', content } }] } };
    };
    const reranker = createReranker(
      { provider: 'openai', model_name: 'judge', api_key: 'sk-r', base_url: server.origin },
      fast,
    );
    const scores = await reranker.score('refunds?', ['refund rules', 'opening hours', 'way off']);
    expect(scores).toEqual([0.9, 0.1, 1]);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0].path).toBe('/chat/completions');
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-r');
    expect(server.requests[0].body.model).toBe('judge');
  });

  it('openai reranker: an answer without a number is an error naming the reranker', async () => {
    fallback = () => ({ status: 200, json: { choices: [{ message: { content: 'relevant!' } }] } });
    const reranker = createReranker({ provider: 'openai', api_key: 'k', base_url: server.origin }, fast);
    await expect(reranker.score('q', ['d'])).rejects.toThrow(
      /openai reranker \(gpt-4o-mini\) answered without a score/,
    );
  });
});

describe('provider registry', () => {
  it('builds the local models without any config but the provider', async () => {
    const embedding = createEmbeddingProvider({ provider: 'local' });
    expect(embedding.dimensions).toBe(384);
    expect(createReranker({ provider: 'local' }).provider).toBe('local');
  });

  it('rejects an unknown or missing provider, listing the known ones', () => {
    expect(() => createEmbeddingProvider({ provider: 'nope' })).toThrow(
      "Unknown embedding model provider 'nope' (available: local, openai, ollama)",
    );
    expect(() => createReranker({ provider: '' })).toThrow(ValidationError);
  });

  it('requires a key for OpenAI itself but not for a compatible server', () => {
    expect(() => createEmbeddingProvider({ provider: 'openai' })).toThrow(/api_key/);
    expect(() =>
      createEmbeddingProvider({ provider: 'openai', base_url: 'http://127.0.0.1:1/v1' }),
    ).not.toThrow();
  });
});
