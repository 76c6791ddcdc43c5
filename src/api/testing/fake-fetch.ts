import { vi } from 'vitest';

/** A request as a fake handler sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  /** Request headers, names in lower case. */
  headers: Headers;
}

/** What a handler answers: a JSON body (or raw text) with a status, or undefined for "no such route". */
export interface FakeResponse {
  status?: number;
  json?: unknown;
  text?: string;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

/**
 * Replaces `fetch` for component tests: the real API client, query hooks and QueryClient run unchanged, and the
 * handler plays the server. Every request is recorded so tests can check exactly what the console sent.
 */
export function fakeFetch(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const raw = typeof init.body === 'string' ? init.body : undefined;
    const req: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.searchParams,
      body: raw === undefined ? undefined : JSON.parse(raw),
      headers: new Headers(init.headers),
    };
    requests.push(req);
    const res = (await handler(req)) ?? {
      status: 404,
      json: { title: 'Not Found', detail: `No route ${req.method} ${req.path}` },
    };
    const status = res.status ?? 200;
    const body = res.text ?? (res.json === undefined ? '' : JSON.stringify(res.json));
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return {
    requests,
    mock,
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** A SQL endpoint answer with rows. */
export const sqlTable = (column_names: string[], data: unknown[][]): FakeResponse => ({
  json: { type: 'table', column_names, data, context: { db: 'mindsdb' } },
});
