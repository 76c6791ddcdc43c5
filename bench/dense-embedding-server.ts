/**
 * A local OpenAI-compatible embedding server for `bench:dense`: `POST /v1/embeddings` answers each input text
 * with its clustered unit vector (dense-corpus.ts), as JSON numbers, or as base64 float32 bytes when the
 * request asks for `encoding_format: "base64"` (as OpenAI's own server does).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClusteredVectors } from './dense-corpus';

export interface EmbeddingServer {
  /** `http://127.0.0.1:<port>/v1`, an OpenAI `base_url`. */
  baseUrl: string;
  /** Texts embedded so far. */
  texts: () => number;
  close: () => Promise<void>;
}

interface EmbeddingRequest {
  input?: string | string[];
  encoding_format?: string;
}

/** The JSON text of one embedding: numbers joined by hand (JSON.stringify of a typed array makes an object). */
function floatsJson(v: Float32Array): string {
  return `[${v.join(',')}]`;
}

/** `port` 0 takes a free one; a kept data folder (BENCH_DENSE_FROM) names the port its KB was made with. */
export async function startEmbeddingServer(vectors: ClusteredVectors, port = 0): Promise<EmbeddingServer> {
  let embedded = 0;
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
      embedded += input.length;
      const answer = Buffer.concat(pieces);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${bound}/v1`,
    texts: () => embedded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
