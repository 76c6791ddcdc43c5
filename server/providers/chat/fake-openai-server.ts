import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake server received: for protocol tests. */
export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The client closed the connection before the answer was sent. */
  abandoned: boolean;
}

export interface FakeReply {
  status?: number;
  json: unknown;
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
}

export interface FakeOpenAiServer {
  baseUrl: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** A chat-completions answer that calls one tool. */
export const toolCallReply = (name: string, args: Record<string, unknown>, id = 'call_1'): FakeReply => ({
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
export const textReply = (content: string): FakeReply => ({
  json: { choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }] },
});

/**
 * A small OpenAI-compatible HTTP server on 127.0.0.1 for tests: `script` decides each answer from the request
 * body and the call's index, and every request is recorded.
 */
export async function startFakeOpenAi(
  script: (body: Record<string, unknown>, index: number) => FakeReply,
): Promise<FakeOpenAiServer> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      const record: ReceivedRequest = { path: req.url ?? '', headers: req.headers, body, abandoned: false };
      requests.push(record);
      const reply = script(body, requests.length - 1);
      res.on('close', () => {
        if (!res.writableFinished) record.abandoned = true;
      });
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.json));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
