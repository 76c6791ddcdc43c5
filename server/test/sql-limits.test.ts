import { describe, expect, it } from 'vitest';
import { useTestApp } from './use-test-app';
import { addDocsAndKb } from './sql-fixtures';

/** A SELECT that runs until it is stopped. */
const ENDLESS = 'SELECT count(*) AS n FROM range(1000000000000000)';

const t = useTestApp({}, async (app) => {
  await addDocsAndKb(app);
  await app.sqlOk('INSERT INTO kb SELECT id, body FROM files.docs');
});

describe('numbers too large for a double', () => {
  it('compare as infinities on tables instead of breaking the statement check', async () => {
    for (const [sql, rows] of [
      ['SELECT id FROM files.docs WHERE id < 1e400 ORDER BY id', [[1], [2]]],
      ['SELECT id FROM files.docs WHERE id > -1e400 AND id < 1e999 ORDER BY id', [[1], [2]]],
      ['SELECT id FROM files.docs WHERE id > 1e400', []],
    ] as const) {
      const res = await t.sql(sql);
      expect(res.type, `${sql}: ${res.error_message}`).toBe('table');
      expect(res.data, sql).toEqual(rows);
    }
  });

  it('are named, not shown as internal text, where a finite number is needed', async () => {
    const res = await t.sql("SELECT id FROM kb WHERE content = 'first' AND relevance >= 1e400");
    expect(res.type).toBe('error');
    expect(res.error_message).toBe('relevance must be a finite number, not Infinity');
    // A knowledge base's filters are pushed down to the vector store, which takes finite numbers only.
    const filtered = await t.sql('SELECT id FROM kb WHERE id < 1e400');
    expect(filtered.type).toBe('error');
    expect(filtered.error_message).toBe('Filter value Infinity is not a finite number');
    const finite = await t.sql('SELECT id FROM kb WHERE id < 1e300');
    expect(finite.type, finite.error_message).toBe('table');
    expect(finite.data.map((r: unknown[]) => String(r[0])).sort()).toEqual(['1', '2']);
  });
});

describe('result size', () => {
  it('refuses a result of few rows but too many bytes with an error result, not a 500', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/sql/query',
      payload: { query: "SELECT repeat('x', 10000000) AS big FROM range(12)" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'error',
      error_message: expect.stringMatching(/^The query returns more than 100 MB of data/),
    });
    const small = await t.sql("SELECT length(repeat('x', 10000000)) AS n FROM range(12)");
    expect(small.type, small.error_message).toBe('table');
  });
});

describe('three long queries', () => {
  it('hold neither the lookups nor a quick query; a fourth long one is stopped early, saying why', async () => {
    const data = t.deps.databases.data;
    const stop = new AbortController();
    const long = [1, 2, 3].map(() =>
      data.queryAtMost(ENDLESS, 10, { signal: stop.signal }).catch((err: Error) => err),
    );
    try {
      await expect.poll(() => data.runningSelects).toBe(3);
      const quick = await t.sql('SELECT count(*) AS n FROM files.docs');
      expect(quick.type, quick.error_message).toBe('table');
      expect(quick.data).toEqual([[2]]);
      expect((await t.inject({ url: '/api/files' })).statusCode).toBe(200);
      const fourth = await t.sql(ENDLESS);
      expect(fourth.type).toBe('error');
      expect(fourth.error_message).toMatch(/while the server was busy with other long queries/);
    } finally {
      stop.abort();
      await Promise.all(long);
    }
    await expect.poll(() => data.runningSelects).toBe(0);
  }, 30_000);
});
