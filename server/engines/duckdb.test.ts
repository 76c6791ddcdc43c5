import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuckDb, QueryAbortedError, QueryTimeoutError, type DuckDbOptions } from './duckdb';

/** A database in a fresh folder for each test of the block (the function answers it), closed and removed after it. */
function openForEachTest(options: DuckDbOptions = {}): () => DuckDb {
  let dir: string;
  let db: DuckDb;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-duckdb-'));
    db = await DuckDb.open(path.join(dir, 'test.duckdb'), options);
  });
  afterEach(async () => {
    db.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  return () => db;
}

// Far longer than any test runs: only an interrupt can end it.
const ENDLESS = 'SELECT count(*) AS n FROM range(1000000000000000)';
// Thirty million rows that stream as they are made: reading them all takes far longer than any test waits.
const STREAMING = 'SELECT md5(range::VARCHAR) AS v FROM range(30000000)';

describe('DuckDb.queryAtMost with a signal', () => {
  const db = openForEachTest();

  /** Runs `query` and aborts it `afterMs` later, once the engine runs it: it must fail as aborted. */
  async function expectAbortedAfter(query: string, maxRows: number, afterMs: number) {
    const cancel = new AbortController();
    const running = db().queryAtMost(query, maxRows, { signal: cancel.signal });
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    cancel.abort();
    await expect(running).rejects.toBeInstanceOf(QueryAbortedError);
  }

  it('interrupts a running statement when the signal aborts, and the next one runs', async () => {
    // Time for the engine to start it: the abort must stop a statement in flight, not one in the queue.
    await expectAbortedAfter(ENDLESS, 10, 200);
    expect((await db().query('SELECT 42 AS answer')).rows).toEqual([[42]]);
  }, 30_000);

  it('never passes off the rows streamed before an abort as the whole result', async () => {
    // Rows stream for far longer than the test waits, so the abort lands between two chunks (DuckDB then ends
    // the stream quietly instead of failing it).
    await expectAbortedAfter(STREAMING, 100_000_000, 300);
  }, 30_000);

  it('never passes off the rows streamed before its time limit as the whole result', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-duckdb-'));
    const limited = await DuckDb.open(path.join(dir, 'test.duckdb'), { queryTimeoutMs: 300 });
    try {
      await expect(limited.queryAtMost(STREAMING, 100_000_000)).rejects.toBeInstanceOf(QueryTimeoutError);
    } finally {
      limited.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('never starts a statement whose signal aborted while it waited for its turn', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const running = db().queryAtMost(ENDLESS, 10, { signal: first.signal });
    const waiting = db().queryAtMost('CREATE TABLE made_anyway AS SELECT 1 AS x', 10, {
      signal: second.signal,
    });
    second.abort();
    first.abort();
    await expect(running).rejects.toBeInstanceOf(QueryAbortedError);
    await expect(waiting).rejects.toBeInstanceOf(QueryAbortedError);
    const tables = await db().query(
      "SELECT table_name FROM information_schema.tables WHERE table_name = 'made_anyway'",
    );
    expect(tables.rows).toEqual([]);
  }, 30_000);

  it('answers as before when the signal never aborts', async () => {
    const result = await db().queryAtMost('SELECT range AS n FROM range(3)', 10, {
      signal: new AbortController().signal,
    });
    expect(result).toMatchObject({ rows: [[0], [1], [2]], truncated: false });
  });
});

describe('DuckDb results that fail while they stream', () => {
  const db = openForEachTest();
  // A cast that fails only on the last rows, after the engine has handed over many chunks.
  const LATE_FAILURE =
    "SELECT CASE WHEN range < 290000 THEN '1' ELSE 'x' END::INTEGER AS v FROM range(300000)";

  it('are errors, never the rows read before the failure', async () => {
    await expect(db().queryAtMost(LATE_FAILURE, 10_000_000)).rejects.toThrow(/failed after [\d,]+ rows/);
    expect((await db().queryAtMost('SELECT 42 AS n', 10)).rows).toEqual([[42]]);
  }, 60_000);

  it('end a streamed export with an error', async () => {
    let rows = 0;
    const exported = db().streamRows(LATE_FAILURE, async (_names, chunk) => {
      rows += chunk.rowCount;
    });
    await expect(exported).rejects.toThrow(/failed after/);
    expect(rows).toBeGreaterThan(0);
  }, 60_000);

  it('that end well are whole, empty ones included', async () => {
    expect((await db().queryAtMost('SELECT range AS n FROM range(250000)', 1_000_000)).rows).toHaveLength(
      250000,
    );
    expect((await db().queryAtMost('SELECT 1 AS n WHERE false', 10)).rows).toEqual([]);
  }, 60_000);
});

describe('DuckDb results as JSON', () => {
  const db = openForEachTest();

  it('gives wide integers and decimals as numbers, however deeply nested', async () => {
    const { rows } = await db().query(`SELECT count(*) AS c, 1.50::DECIMAL(4,2) AS d,
      {'n': 5::BIGINT, 'd': 1.5::DECIMAL(4,2), 'l': [1::BIGINT, NULL], 's': 'x'} AS s,
      [[7::UBIGINT]] AS ll, MAP {'a': 1::BIGINT} AS m, union_value(num := 2::BIGINT) AS u,
      [1.25::DECIMAL(5,2), 2]::DECIMAL(5,2)[2] AS arr`);
    expect(rows).toEqual([
      [
        1,
        1.5,
        { n: 5, d: 1.5, l: [1, null], s: 'x' },
        [[7]],
        [{ key: 'a', value: 1 }],
        { tag: 'num', value: 2 },
        [1.25, 2],
      ],
    ]);
  });

  it('keeps integers too wide for a JSON number exact, as text', async () => {
    const { rows } = await db().query(
      "SELECT 12345678901234567890::HUGEINT AS h, {'h': 12345678901234567890::UBIGINT} AS s",
    );
    expect(rows).toEqual([['12345678901234567890', { h: '12345678901234567890' }]]);
  });
});

describe('DuckDb with connections for reading', () => {
  const db = openForEachTest({ readConnections: 2 });

  it('answers a quick SELECT while a slow one runs, and sees what was written before it', async () => {
    await db().run('CREATE TABLE t AS SELECT 7 AS x');
    const slow = new AbortController();
    const running = db().queryAtMost(ENDLESS, 10, { signal: slow.signal });
    // Without a connection of its own this would wait for the endless statement, and the test would time out.
    expect((await db().queryAtMost('SELECT x FROM t', 10)).rows).toEqual([[7]]);
    await db().run('INSERT INTO t VALUES (8)');
    expect((await db().queryAtMost('SELECT x FROM t ORDER BY x', 10)).rows).toEqual([[7], [8]]);
    slow.abort();
    await expect(running).rejects.toBeInstanceOf(QueryAbortedError);
  }, 30_000);

  it('reads with select while a write holds the main connection, seeing only what was committed', async () => {
    await db().run('CREATE TABLE t AS SELECT 1 AS x');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = db().transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (2)');
      await held;
    });
    // Without read connections this would wait for the transaction, which waits for this test: a deadlock.
    expect(await db().select('SELECT x FROM t ORDER BY x')).toEqual([{ x: 1 }]);
    release();
    await writing;
    expect(await db().select('SELECT x FROM t ORDER BY x')).toEqual([{ x: 1 }, { x: 2 }]);
  }, 30_000);

  it('queues SELECTs beyond its connections and answers them all', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        db().queryAtMost(`SELECT ${i} AS i, count(*) AS n FROM range(100000)`, 1),
      ),
    );
    expect(answers.map((a) => a.rows)).toEqual(Array.from({ length: 6 }, (_, i) => [[i, 100000]]));
  });
});

describe('DuckDb keeping reads (cacheReads)', () => {
  const db = openForEachTest({ readConnections: 1, cacheReads: true });

  it('answers from what it kept until a write, then reads again', async () => {
    await db().run('CREATE TABLE t AS SELECT 1 AS x');
    expect(await db().select('SELECT x FROM t ORDER BY x')).toEqual([{ x: 1 }]);
    await db().run('INSERT INTO t VALUES (2)');
    expect(await db().select('SELECT x FROM t ORDER BY x')).toEqual([{ x: 1 }, { x: 2 }]);
    await db().transaction(async (tx) => tx.run('DELETE FROM t WHERE x = 1'));
    expect(await db().select('SELECT x FROM t ORDER BY x')).toEqual([{ x: 2 }]);
  });

  it('reads again each time when told not to keep an answer that changes with time', async () => {
    const first = await db().select<{ t: string }>('SELECT now()::VARCHAR AS t, random() AS r', [], {
      keep: false,
    });
    const second = await db().select<{ t: string }>('SELECT now()::VARCHAR AS t, random() AS r', [], {
      keep: false,
    });
    expect(second).not.toEqual(first);
    const kept = await db().select('SELECT random() AS r');
    expect(await db().select('SELECT random() AS r')).toEqual(kept);
  });
});
