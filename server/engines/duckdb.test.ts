import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuckDb, QueryAbortedError } from './duckdb';

// Far longer than any test runs: only an interrupt can end it.
const ENDLESS = 'SELECT count(*) AS n FROM range(1000000000000000)';

describe('DuckDb.queryAtMost with a signal', () => {
  let dir: string;
  let db: DuckDb;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-duckdb-'));
    db = await DuckDb.open(path.join(dir, 'data.duckdb'));
  });
  afterEach(async () => {
    db.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('interrupts a running statement when the signal aborts, and the next one runs', async () => {
    const cancel = new AbortController();
    const running = db.queryAtMost(ENDLESS, 10, { signal: cancel.signal });
    // Give the engine time to start it: the abort must stop a statement in flight, not one in the queue.
    await new Promise((resolve) => setTimeout(resolve, 200));
    cancel.abort();
    await expect(running).rejects.toBeInstanceOf(QueryAbortedError);
    expect((await db.query('SELECT 42 AS answer')).rows).toEqual([[42]]);
  }, 30_000);

  it('never starts a statement whose signal aborted while it waited for its turn', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const running = db.queryAtMost(ENDLESS, 10, { signal: first.signal });
    const waiting = db.queryAtMost('CREATE TABLE made_anyway AS SELECT 1 AS x', 10, {
      signal: second.signal,
    });
    second.abort();
    first.abort();
    await expect(running).rejects.toBeInstanceOf(QueryAbortedError);
    await expect(waiting).rejects.toBeInstanceOf(QueryAbortedError);
    const tables = await db.query(
      "SELECT table_name FROM information_schema.tables WHERE table_name = 'made_anyway'",
    );
    expect(tables.rows).toEqual([]);
  }, 30_000);

  it('answers as before when the signal never aborts', async () => {
    const result = await db.queryAtMost('SELECT range AS n FROM range(3)', 10, {
      signal: new AbortController().signal,
    });
    expect(result).toMatchObject({ rows: [[0], [1], [2]], truncated: false });
  });
});
