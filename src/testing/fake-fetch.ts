import { vi } from 'vitest';
import { FakeStream } from './fake-stream';

export { FakeStream } from './fake-stream';

/** A request as a fake handler sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  /** A JSON body parsed; a multipart upload as its FormData. */
  body: unknown;
  /** Request headers, names in lower case. */
  headers: Headers;
  signal?: AbortSignal | null;
}

/**
 * What a handler answers: a JSON body (or raw text) with a status, a body the test streams as it goes, or
 * undefined for "no such route".
 */
export interface FakeResponse {
  status?: number;
  json?: unknown;
  text?: string;
  stream?: FakeStream;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

const NOT_FOUND = (req: FakeRequest): FakeResponse => ({
  status: 404,
  json: { title: 'Not Found', detail: `No route ${req.method} ${req.path}` },
});

function readBody(body: unknown): unknown {
  if (typeof body === 'string') return JSON.parse(body);
  return body ?? undefined;
}

function request(method: string | undefined, url: string, body: unknown, headers: HeadersInit | undefined) {
  const parsed = new URL(url, 'http://console.test');
  return {
    method: (method ?? 'GET').toUpperCase(),
    path: parsed.pathname,
    search: parsed.searchParams,
    body: readBody(body),
    headers: new Headers(headers),
  };
}

/**
 * The network edge for component tests: replaces `fetch` (and XMLHttpRequest, which uploads use for their
 * progress) so the real API client, query hooks and QueryClient run unchanged while the handler plays the
 * server. Every request is recorded so tests can check exactly what the console sent.
 */
export function fakeFetch(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  const answer = async (req: FakeRequest) => {
    requests.push(req);
    return (await handler(req)) ?? NOT_FOUND(req);
  };

  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const req: FakeRequest = {
      ...request(init.method, String(input), init.body, init.headers),
      signal: init.signal,
    };
    const res = await answer(req);
    const status = res.status ?? 200;
    if (res.stream) {
      res.stream.attach(init.signal);
      // A bare response: the test environment's Response may wrap (and detach) the stream it is given.
      return {
        ok: status < 400,
        status,
        statusText: '',
        headers: new Headers({ 'Content-Type': 'text/event-stream' }),
        body: res.stream.body,
        text: () => new Response(res.stream!.body).text(),
      } as unknown as Response;
    }
    const body = res.text ?? (res.json === undefined ? '' : JSON.stringify(res.json));
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(answer));
  return {
    requests,
    mock,
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** Just what the upload client uses of XMLHttpRequest: open, headers, upload progress, send, abort. */
function fakeXhrClass(answer: (req: FakeRequest) => Promise<FakeResponse>) {
  return class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      void (async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        const res = await answer(request(this.method, this.url, body, this.headers));
        if (this.aborted) return;
        this.status = res.status ?? 200;
        this.responseText = res.text ?? (res.json === undefined ? '' : JSON.stringify(res.json));
        this.onload?.();
      })();
    }
  };
}

/** A SQL endpoint answer with rows. */
export const sqlTable = (column_names: string[], data: unknown[][]): FakeResponse => ({
  json: { type: 'table', column_names, data, context: { db: 'mindsdb' } },
});
