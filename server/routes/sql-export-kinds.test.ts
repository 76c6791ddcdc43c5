import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, type TestApp } from '../test/harness';
import { startPostgres, type RunningServer } from '../test/sources/servers';
import { createStatement, pgAdmin, startLoggedApp } from '../test/sources/setup';

// "Export the full result" of every kind of SELECT the worksheet runs, not only those the SQL engine reads:
// a knowledge-base search, a join with a KB, information_schema, a view, and a query on a real PostgreSQL.
let t: TestApp;
let server: RunningServer;
let admin: pg.Client;
/** More rows than the SQL router answers (its limit is 100,000), so only a streamed export gives them all. */
const BIG_ROWS = 100_050;

beforeAll(async () => {
  server = await startPostgres();
  admin = await pgAdmin(server);
  await admin.query(`CREATE TABLE tickets (id int PRIMARY KEY, subject text);
    INSERT INTO tickets SELECT g, 'ticket ' || g FROM generate_series(1, 1200) g;
    CREATE TABLE big_log AS SELECT g AS id, 'line ' || g AS line FROM generate_series(1, ${BIG_ROWS}) g;`);
  ({ t } = await startLoggedApp());
  await t.inject({
    method: 'PUT',
    url: '/api/files/people',
    ...multipartFile('file', 'p.csv', 'id,name\n1,ann\n2,bob\n3,cid\n'),
  });
  expect(await t.sql(createStatement('helpdesk', 'postgres', server))).toMatchObject({ type: 'ok' });
  expect(await t.sql('CREATE KNOWLEDGE_BASE exp_kb')).toMatchObject({ type: 'ok' });
  expect(
    await t.sql(`INSERT INTO exp_kb (id, content) VALUES
      ('1', 'How to ask for a refund of an order'), ('2', 'Shipping times for parcels'),
      ('3', 'Resetting a forgotten password')`),
  ).toMatchObject({ type: 'ok' });
  expect(await t.sql('CREATE VIEW many_v AS SELECT range AS n FROM range(150000)')).toMatchObject({
    type: 'ok',
  });
}, 120_000);

afterAll(async () => {
  await t?.deps.dataSources.close();
  await t?.close();
  await admin?.end();
  await server?.stop();
});

const exportOf = (query: string, format: 'csv' | 'json' = 'csv') =>
  t.inject({ method: 'POST', url: '/api/sql/query/export', payload: { query, format } });
const csvLines = (body: string) => body.trimEnd().split('\r\n');

describe('POST /api/sql/query/export of a SELECT the engine does not read itself', () => {
  it('exports a knowledge-base search', async () => {
    const res = await exportOf(
      `SELECT id, chunk_content FROM mindsdb.exp_kb WHERE content = 'refund' LIMIT 2`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('result.csv');
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('id,chunk_content');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('1,How to ask for a refund of an order');
  });

  it('exports a join of a knowledge base with a table, as JSON', async () => {
    const res = await exportOf(
      `SELECT p.name, k.chunk_content FROM files.people AS p JOIN mindsdb.exp_kb AS k ON k.id = CAST(p.id AS VARCHAR) ORDER BY p.name`,
      'json',
    );
    expect(res.statusCode).toBe(200);
    const rows = JSON.parse(res.body) as { name: string; chunk_content: string }[];
    expect(rows.map((r) => r.name)).toEqual(['ann', 'bob', 'cid']);
    expect(rows[1].chunk_content).toBe('Shipping times for parcels');
  });

  it('exports information_schema', async () => {
    const res = await exportOf(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'files'`,
    );
    expect(res.statusCode).toBe(200);
    expect(csvLines(res.body)).toEqual(['TABLE_NAME', 'people']);
  });

  it('exports a query on a data source', async () => {
    const res = await exportOf('SELECT id, subject FROM helpdesk.tickets ORDER BY id');
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(1201);
    expect(lines[1]).toBe('1,ticket 1');
    expect(lines.at(-1)).toBe('1200,ticket 1200');
  });

  it('exports a data-source table over the row limit whole, streamed from the source, as CSV and JSON', async () => {
    const csv = await exportOf('SELECT id, line FROM helpdesk.big_log ORDER BY id');
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe('id,line');
    expect(lines).toHaveLength(BIG_ROWS + 1);
    expect(lines[1]).toBe('1,line 1');
    expect(lines.at(-1)).toBe(`${BIG_ROWS},line ${BIG_ROWS}`);

    const json = await exportOf('SELECT * FROM helpdesk.big_log WHERE id % 2 = 0 OR id > 100000', 'json');
    expect(json.statusCode).toBe(200);
    const rows = JSON.parse(json.body) as { id: number; line: string }[];
    expect(rows).toHaveLength(50_000 + 50);
    expect(Object.keys(rows[0])).toEqual(['id', 'line']);
    expect(rows.find((r) => r.id === BIG_ROWS)).toEqual({ id: BIG_ROWS, line: `line ${BIG_ROWS}` });
    // A LIMIT written in the query is the source's, as in the worksheet.
    const limited = await exportOf('SELECT id FROM helpdesk.big_log ORDER BY id LIMIT 3');
    expect(csvLines(limited.body)).toEqual(['id', '1', '2', '3']);
  });

  it('cancels the statement on the source when the reader goes away', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const reader = new AbortController();
    // A first page that takes minutes to read: only a cancel on the source ends it early.
    const download = fetch(`${address}/api/sql/query/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'SELECT id, pg_sleep(0.02) AS s FROM helpdesk.big_log' }),
      signal: reader.signal,
    }).catch(() => undefined);
    // The source's connection: DECLAREs the cursor of the SELECT, then FETCHes its pages.
    const sleeping = async () =>
      (
        await admin.query<{ state: string }>(
          `SELECT state FROM pg_stat_activity WHERE application_name = 'knowledge-studio:helpdesk'
             AND (query LIKE 'FETCH%' OR query LIKE '%pg_sleep(0.02)%')`,
        )
      ).rows;
    await expect.poll(sleeping, { timeout: 20_000 }).toEqual([{ state: 'active' }]);
    reader.abort();
    await download;
    // Cancelled, and the cursor's transaction rolled back: the connection is idle, not inside it.
    await expect.poll(sleeping, { timeout: 10_000 }).not.toContainEqual({ state: 'active' });
    expect(await sleeping()).not.toContainEqual({ state: 'idle in transaction' });
  });

  it('refuses a result over the row limit there, saying which queries export without one', async () => {
    const res = await exportOf('SELECT n FROM mindsdb.many_v');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/more than 100,000 rows/);
    expect(res.json().detail).toMatch(
      /Only a query the SQL engine reads itself .* exports without a row limit/,
    );
    // A statement that is not a table is named too.
    const missing = await exportOf('SELECT * FROM mindsdb.no_such_kb');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/no_such_kb/);
  });
});
