import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake provider received. */
export interface ProviderRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** How the fake answers one request. `hang` never answers (until the client gives up or the fake closes). */
export type ProviderAnswer =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number }
  | 'hang';

export type ProviderScript = (request: ProviderRequest, index: number) => ProviderAnswer;

export interface FakeProvider {
  /** `http://127.0.0.1:<port>/v1`, as an OpenAI `base_url`. */
  baseUrl: string;
  requests: ProviderRequest[];
  /** Replaces how the next requests are answered. */
  setScript(script: ProviderScript): void;
  close(): Promise<void>;
}

export const EMBEDDING_DIMENSIONS = 16;

/** A deterministic vector for a text: hashed words, so that texts sharing words are near each other. */
export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  v[0] = 0.01;
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    v[createHash('md5').update(word).digest()[0] % EMBEDDING_DIMENSIONS] += 1;
  }
  return v;
}

/** The normal answer of an OpenAI-compatible server: embeddings for `/embeddings`, a text for chat. */
export function answerNormally(request: ProviderRequest): ProviderAnswer {
  if (request.path.endsWith('/embeddings')) {
    const input = request.body.input as string[];
    return { json: { data: input.map((text, index) => ({ index, embedding: fakeEmbedding(text) })) } };
  }
  return {
    json: {
      choices: [{ message: { role: 'assistant', content: 'A plain answer.' }, finish_reason: 'stop' }],
    },
  };
}

/**
 * An OpenAI-compatible HTTP server on 127.0.0.1 for protocol and failure tests: embeddings and chat answered
 * by a script that can be swapped mid-test (to fail with 401 or 500, echo what it was sent, or hang).
 */
export async function startFakeProvider(script: ProviderScript = answerNormally): Promise<FakeProvider> {
  const requests: ProviderRequest[] = [];
  let current = script;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        // keep the empty body: the script sees what could be read
      }
      const request: ProviderRequest = { path: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      const answer = current(request, requests.length - 1);
      if (answer === 'hang') return;
      const send = () => {
        if (res.destroyed) return;
        const isText = answer.text !== undefined;
        res.writeHead(answer.status ?? 200, {
          'content-type': isText ? 'text/plain' : 'application/json',
          ...answer.headers,
        });
        res.end(isText ? answer.text : JSON.stringify(answer.json ?? {}));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setScript: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
