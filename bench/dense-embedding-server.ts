/**
 * A local OpenAI-compatible embedding server for `bench:dense`: `POST /v1/embeddings` answers each input text
 * with its clustered unit vector (dense-corpus.ts), as JSON numbers, or as base64 float32 bytes when the
 * request asks for `encoding_format: "base64"` (as OpenAI's own server does). It runs on a thread of its own
 * (dense-embedding-worker.ts), as a model server is a process of its own: on the benchmark's main thread its
 * work would hold up the clients whose answers the benchmark times.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { ClusteredVectors } from './dense-corpus';

export interface EmbeddingServer {
  /** `http://127.0.0.1:<port>/v1`, an OpenAI `base_url`. */
  baseUrl: string;
  close: () => Promise<void>;
}

/** Registers the TypeScript loader on the thread, then runs dense-embedding-worker.ts. */
const THREAD_FILE = new URL('./dense-embedding-thread.mjs', import.meta.url);

/**
 * Starts the server on a thread of its own for vectors of `dims` dimensions. `port` 0 takes a free one; a kept
 * data folder (BENCH_DENSE_FROM) names the port its KB was made with.
 */
export async function startEmbeddingServer(dims: number, port = 0): Promise<EmbeddingServer> {
  const worker = new Worker(THREAD_FILE, { workerData: { dims, port } });
  const bound = await new Promise<number>((resolve, reject) => {
    worker.once('message', (message: { port: number }) => resolve(message.port));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the embedding server's thread stopped (exit code ${code})`)),
    );
  });
  return {
    baseUrl: `http://127.0.0.1:${bound}/v1`,
    close: async () => void (await worker.terminate()),
  };
}

interface EmbeddingRequest {
  input?: string | string[];
  encoding_format?: string;
}

/** The JSON text of one embedding: numbers joined by hand (JSON.stringify of a typed array makes an object). */
function floatsJson(v: Float32Array): string {
  return `[${v.join(',')}]`;
}

/**
 * Answers to single-text requests kept, at most this many: a search embeds its one question, and the
 * benchmark's searches ask the same 200 questions over and over. On this 2-core machine the stand-in's work is
 * taken from the server it measures (a real model server runs elsewhere); answered again from memory, a
 * question costs the stand-in a lookup instead of a vector and its encoding. A load's batches are never kept.
 */
const KEPT_ANSWERS = 4096;

/** Serves `vectors` on `port` (0: a free one) on this thread; resolves to the port. */
export async function serveEmbeddings(vectors: ClusteredVectors, port: number): Promise<number> {
  const kept = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/embeddings')) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as EmbeddingRequest;
      const input = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
      const base64 = body.encoding_format === 'base64';
      const single = input.length === 1 ? `${base64 ? 'base64' : 'float'} ${input[0]}` : null;
      const keptAnswer = single === null ? undefined : kept.get(single);
      if (keptAnswer) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': keptAnswer.length });
        res.end(keptAnswer);
        return;
      }
      // The answer is put together from one Buffer per embedding: one string of every embedding (a rope of
      // thousands of pieces) cost the stand-in more CPU to flatten and measure than to make the vectors.
      const pieces: Buffer[] = [Buffer.from('{"object":"list","model":"dense-bench","data":[', 'latin1')];
      input.forEach((text, index) => {
        const v = vectors.vectorOf(text);
        const embedding = base64
          ? `"${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64')}"`
          : floatsJson(v);
        const comma = index > 0 ? ',' : '';
        pieces.push(
          Buffer.from(`${comma}{"object":"embedding","index":${index},"embedding":${embedding}}`, 'latin1'),
        );
      });
      pieces.push(Buffer.from(']}', 'latin1'));
      const answer = Buffer.concat(pieces);
      if (single !== null) {
        if (kept.size >= KEPT_ANSWERS) kept.clear();
        kept.set(single, answer);
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
