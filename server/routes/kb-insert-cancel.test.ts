import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';

// The console's Cancel closes the INSERT's request. The server must then stop the insert between batches, say
// so in the KB's progress, and leave the KB free for the next insert.
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp({ sqlTimeoutMs: 600_000 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** A SQL answer's JSON (its type and, for ok, affected_rows). */
const json = async (res: Response) => (await res.json()) as { type: string; affected_rows?: number };
const sql = (query: string, signal?: AbortSignal) =>
  fetch(`${base}/api/sql/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, context: { db: 'mindsdb' } }),
    signal,
  });
const progress = async () =>
  (await fetch(`${base}/api/projects/mindsdb/knowledge_bases/cancel_kb/progress`)).json() as Promise<{
    state: string;
    rows_done: number;
    rows_total: number;
    error?: string | null;
  }>;

it('stops an INSERT whose request was closed, reports it, and takes the next insert', async () => {
  expect((await json(await sql('CREATE KNOWLEDGE_BASE cancel_kb'))).type).toBe('ok');
  const total = 60_000;
  const cancel = new AbortController();
  const abandoned = sql(
    `INSERT INTO cancel_kb SELECT range AS id, 'row number ' || range || ' about refunds and orders and parcels' AS content FROM range(${total}) USING batch_size = 500`,
    cancel.signal,
  );
  await expect.poll(async () => (await progress()).rows_done, { timeout: 60_000 }).toBeGreaterThan(0);
  cancel.abort();
  await expect(abandoned).rejects.toThrow();
  await expect.poll(async () => (await progress()).state, { timeout: 30_000 }).toBe('failed');
  const stopped = await progress();
  expect(stopped.rows_done).toBeLessThan(total);
  expect(stopped.error).toMatch(/cancelled/);
  // The KB is free: a new insert runs and finishes.
  const next = await json(
    await sql("INSERT INTO cancel_kb (id, content) VALUES ('after', 'after the cancel')"),
  );
  expect(next).toMatchObject({ type: 'ok', affected_rows: 1 });
  expect((await progress()).state).toBe('done');
}, 120_000);
