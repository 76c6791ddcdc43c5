import { afterAll, beforeAll } from 'vitest';
import type { ServiceOptions } from '../open-services';
import { startTestApp, type TestApp } from './harness';

/** The app of `useListeningApp` and the address it listens on (`http://127.0.0.1:<port>`). */
export interface ListeningApp {
  t: TestApp;
  base: string;
}

/**
 * The real app listening on a free loopback port, for tests that need real connections: closing a request
 * is what stops its statement, and an injected request cannot be closed half-way. Started before the file's
 * first test and closed after its last; the object returned is filled in when the app starts.
 */
export function useListeningApp(options: Partial<ServiceOptions> = {}): ListeningApp {
  const listening = {} as ListeningApp;
  beforeAll(async () => {
    listening.t = await startTestApp(options);
    listening.base = await listening.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => listening.t?.close());
  return listening;
}

/** POSTs `body` to the SQL route over the network; aborting `signal` closes the request, as Stop does. */
export function postSql(base: string, body: Record<string, unknown>, signal?: AbortSignal) {
  return fetch(`${base}/api/sql/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}
