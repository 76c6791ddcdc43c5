import { expect, it } from 'vitest';
import { postSql, useListeningApp } from '../test/listening-app';

// The worksheet's Stop closes its request. The server must then stop the statement too: the engine runs one
// statement at a time, so a forgotten one would hold up every later query until the time limit.
// A limit far beyond the test's own timeout: only the cancellation can end the statement in time.
const server = useListeningApp({ sqlTimeoutMs: 600_000 });
const post = (query: string, signal?: AbortSignal) => postSql(server.base, { query }, signal);

it('stops a SELECT whose request was closed, so the engine is free again', async () => {
  const engine = server.t.deps.databases.data;
  const cancel = new AbortController();
  const abandoned = post('SELECT count(*) AS n FROM range(1000000000000000)', cancel.signal);
  await expect.poll(() => engine.runningSelects).toBe(1);
  cancel.abort();
  await expect(abandoned).rejects.toThrow();
  // Left running, it would hold a connection until the time limit, ten minutes away.
  await expect.poll(() => engine.runningSelects, { timeout: 10_000 }).toBe(0);
  const next = await post('SELECT 42 AS answer');
  expect(await next.json()).toMatchObject({ type: 'table', data: [[42]] });
}, 30_000);

const cancel = (statementId: string) =>
  fetch(`${server.base}/api/sql/query/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ statement_id: statementId }),
  }).then((res) => res.json());

it('stops a named statement on the cancel route, and its own request says it was stopped', async () => {
  const engine = server.t.deps.databases.data;
  const answer = postSql(server.base, {
    query: 'SELECT count(*) AS n FROM range(1000000000000000)',
    statement_id: 'sheet-1:run-1',
  });
  await expect.poll(() => engine.runningSelects).toBe(1);
  expect(await cancel('sheet-1:run-1')).toEqual({ cancelled: true });
  // The request stayed open: it brings back what happened.
  expect(await (await answer).json()).toMatchObject({
    type: 'error',
    error_message: expect.stringMatching(/was stopped/),
  });
  await expect.poll(() => engine.runningSelects, { timeout: 10_000 }).toBe(0);
  // Ended, unknown or never named: nothing to stop.
  expect(await cancel('sheet-1:run-1')).toEqual({ cancelled: false });
  expect(await cancel('nobody')).toEqual({ cancelled: false });
  const done = await (await postSql(server.base, { query: 'SELECT 1 AS one', statement_id: 'quick' })).json();
  expect(done).toMatchObject({ type: 'table', data: [[1]] });
  expect(await cancel('quick')).toEqual({ cancelled: false });
}, 30_000);
