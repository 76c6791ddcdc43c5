import { expect, it } from 'vitest';
import { postSql, useListeningApp } from '../test/listening-app';

// An insert answered once it has ended (knowledge_bases.disable_autobatch, the tests' default, and no USING
// batch_size) stops between batches when its request closes, unless it asked to keep running; the cancel route
// stops it then. Background inserts (the server's default) have their tests in kb-background-insert.test.ts.
const server = useListeningApp({ sqlTimeoutMs: 600_000 });

/** A SQL answer's JSON (its type and, for ok, affected_rows). */
const json = async (res: Response) => (await res.json()) as { type: string; affected_rows?: number };
const sql = (query: string, signal?: AbortSignal, extra: Record<string, unknown> = {}) =>
  postSql(server.base, { query, context: { db: 'mindsdb' }, ...extra }, signal);
const progress = async (kb = 'cancel_kb') =>
  (await fetch(`${server.base}/api/projects/mindsdb/knowledge_bases/${kb}/progress`)).json() as Promise<{
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
    `INSERT INTO cancel_kb SELECT range AS id, 'row number ' || range || ' about refunds and orders and parcels' AS content FROM range(${total})`,
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

// The console's load asks to keep running (a page reload closes its request); it then stops only on the
// cancel route, which also answers whether an insert was running.
it('keeps a keep_running INSERT going after its request closed, until the cancel route stops it', async () => {
  const cancelInsert = async () =>
    (
      await fetch(`${server.base}/api/projects/mindsdb/knowledge_bases/kept_kb/cancel_insert`, {
        method: 'POST',
      })
    ).json();
  expect((await json(await sql('CREATE KNOWLEDGE_BASE kept_kb'))).type).toBe('ok');
  expect(await cancelInsert()).toEqual({ cancelled: false });
  const total = 60_000;
  const leave = new AbortController();
  const left = sql(
    `INSERT INTO kept_kb SELECT range AS id, 'row number ' || range || ' about refunds and orders and parcels' AS content FROM range(${total})`,
    leave.signal,
    { keep_running: true },
  );
  await expect
    .poll(async () => (await progress('kept_kb')).rows_done, { timeout: 60_000 })
    .toBeGreaterThan(0);
  leave.abort();
  await expect(left).rejects.toThrow();
  // Rows go on being stored after the request went away: many batches more than the one in flight when it
  // closed (a stopped insert finishes that one at most).
  const atClose = (await progress('kept_kb')).rows_done;
  await expect
    .poll(async () => (await progress('kept_kb')).rows_done, { timeout: 60_000 })
    .toBeGreaterThan(atClose + 5_000);
  expect((await progress('kept_kb')).state).toBe('running');
  expect(await cancelInsert()).toEqual({ cancelled: true });
  await expect.poll(async () => (await progress('kept_kb')).state, { timeout: 30_000 }).toBe('failed');
  const stopped = await progress('kept_kb');
  expect(stopped.rows_done).toBeLessThan(total);
  expect(stopped.error).toMatch(/cancelled/);
  // The rows stored before the cancel stay: the first batch's among them.
  const kept = (await (await sql('SELECT id FROM kept_kb WHERE id = 0')).json()) as { data: number[][] };
  expect(kept.data).toEqual([[0]]);
}, 180_000);

it('answers 404 for the cancel route of a KB that does not exist', async () => {
  const res = await fetch(`${server.base}/api/projects/mindsdb/knowledge_bases/no_such_kb/cancel_insert`, {
    method: 'POST',
  });
  expect(res.status).toBe(404);
});
