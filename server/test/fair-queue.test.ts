import http from 'node:http';
import { expect, it } from 'vitest';
import { useListeningApp } from './listening-app';

// Item 8 of issue 12: three heavy queries of one user must not starve everyone else's SELECT. Without login
// the user is the client's address: two loopback addresses stand for two users.
// A limit far beyond the test's own timeout: only fair queueing can answer the second user in time.
const server = useListeningApp({ sqlTimeoutMs: 600_000 });

/** POSTs a query from `from` (a loopback address); `stop` closes the request, which stops the statement. */
function query(from: string, sql: string) {
  let request!: http.ClientRequest;
  const answer = new Promise<unknown>((resolve, reject) => {
    request = http.request(
      {
        host: '127.0.0.1',
        port: new URL(server.base).port,
        localAddress: from,
        method: 'POST',
        path: '/api/sql/query',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(JSON.parse(body)));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ query: sql }));
  });
  return { answer, stop: () => request.destroy() };
}

const HEAVY = 'SELECT count(*) AS n FROM range(1000000000000000) a, range(1000000) b';

it("answers a second user's SELECT while the first user's heavy queries hold every connection", async () => {
  const engine = server.t.deps.databases.data;
  const settled: string[] = [];
  const heavy = Array.from({ length: 5 }, (_, i) => {
    const q = query('127.0.0.2', HEAVY);
    const settle = () => settled.push(`heavy ${i}`);
    void q.answer.then(settle, settle);
    return q;
  });
  // Every heavy query has reached the engine: running, or waiting for a connection.
  await expect.poll(() => engine.runningSelects + engine.waitingSelects, { timeout: 20_000 }).toBe(5);
  const startedBefore = engine.runningSelects;

  const other = await query('127.0.0.3', 'SELECT 42 AS answer').answer;

  expect(other).toMatchObject({ type: 'table', data: [[42]] });
  // Answered while the first user's queries all still run or wait: none had to end to make room, and the
  // ones queued behind the first user's own have not started.
  expect(settled).toEqual([]);
  expect(engine.runningSelects).toBe(startedBefore);
  expect(engine.waitingSelects).toBe(5 - startedBefore);

  for (const q of heavy) q.stop();
  await expect.poll(() => engine.runningSelects + engine.waitingSelects, { timeout: 20_000 }).toBe(0);
}, 60_000);
