import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake provider received. */
export interface ProviderRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The client closed the connection before the answer was sent (a cancelled run). */
  abandoned: boolean;
}

/** One answer: JSON by default, or plain text; `delayMs` plays a slow model. */
export interface ProviderReply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** How the fake answers one request. `hang` never answers (until the client gives up or the fake closes). */
export type ProviderAnswer = ProviderReply | 'hang';

/** Answers a request, at once or later (a model whose pace the test sets awaits its cue). */
export type ProviderScript = (
  request: ProviderRequest,
  index: number,
) => ProviderAnswer | Promise<ProviderAnswer>;

export interface FakeProvider {
  /** `http://127.0.0.1:<port>/v1`, as an OpenAI `base_url`. */
  baseUrl: string;
  /** `http://127.0.0.1:<port>`, for clients that add their own path (Ollama's `/api/...`). */
  origin: string;
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

/** A chat-completions answer that calls one tool. */
export const toolCallReply = (name: string, args: Record<string, unknown>, id = 'call_1'): ProviderReply => ({
  json: {
    choices: [
      {
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
        },
        finish_reason: 'tool_calls',
      },
    ],
  },
});

/** A chat-completions answer with final text. */
export const textReply = (content: string): ProviderReply => ({
  json: { choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }] },
});

/** The normal answer of an OpenAI-compatible server: embeddings for `/embeddings`, a text for chat. */
export function answerNormally(request: ProviderRequest): ProviderAnswer {
  if (request.path.endsWith('/embeddings')) {
    const input = request.body.input as string[];
    return { json: { data: input.map((text, index) => ({ index, embedding: fakeEmbedding(text) })) } };
  }
  return textReply('A plain answer.');
}

/**
 * An OpenAI-compatible HTTP server on 127.0.0.1 for our clients' protocol and failure tests (it also serves
 * Ollama's paths: the script decides by `path`): embeddings and chat answered by a script that can be swapped
 * mid-test (to call a tool, fail with 401 or 500, echo what it was sent, answer late, or hang). Every request
 * is recorded, with whether the client gave up on it. The one fake model server of the server tests, the
 * end-to-end tests and the benchmarks.
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
      const request: ProviderRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        abandoned: false,
      };
      requests.push(request);
      res.on('close', () => {
        if (!res.writableFinished) request.abandoned = true;
      });
      void Promise.resolve(current(request, requests.length - 1)).then((answer) => {
        if (answer === 'hang') return;
        reply(res, answer);
      });
    });
  });
  /** Sends one answer, after its delay; nothing when the client has gone meanwhile. */
  const reply = (res: http.ServerResponse, answer: ProviderReply) => {
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
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    origin: `http://127.0.0.1:${port}`,
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
