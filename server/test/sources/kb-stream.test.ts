import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../harness';
import { startMariadb, startPostgres, type RunningServer } from './servers';
import { closeSourceTest, createStatement, mariadbAdmin, pgAdmin, startLoggedApp } from './setup';

// INSERT INTO kb SELECT from a real PostgreSQL and a real MariaDB: the rows are streamed from the source in
// pages while the KB embeds them, rather than read whole first.
const ROWS = 20_000;

let postgres: RunningServer;
let mariadb: RunningServer;
let admin: pg.Client;
let t: TestApp;

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([startPostgres(), startMariadb()]);
  admin = await pgAdmin(postgres);
  await admin.query(`CREATE TABLE notes AS SELECT g AS id, 'note ' || g || ' on topic ' || (g % 17) AS body
    FROM generate_series(1, ${ROWS}) g`);
  ({ t } = await startLoggedApp());
  expect(await t.sql(createStatement('pgsrc', 'postgres', postgres))).toMatchObject({ type: 'ok' });
  expect(await t.sql(createStatement('mysrc', 'mysql', mariadb))).toMatchObject({ type: 'ok' });
  const my = await mariadbAdmin(mariadb);
  await my.query(`CREATE TABLE notes AS SELECT seq AS id, CONCAT('note ', seq, ' on topic ', seq % 17) AS body
    FROM seq_1_to_${ROWS}`);
  await my.end();
}, 120_000);

afterAll(() => closeSourceTest(t, admin, postgres, mariadb));

const progressOf = async (kb: string) =>
  (await t.inject({ method: 'GET', url: `/api/projects/mindsdb/knowledge_bases/${kb}/progress` })).json() as {
    state: string;
    rows_done: number;
    rows_total: number;
    error: string | null;
  };

/** Our sessions on the test PostgreSQL: their state and last statement. */
const ourSessions = async () =>
  (
    await admin.query<{ state: string; query: string }>(
      `SELECT state, query FROM pg_stat_activity WHERE application_name = 'knowledge-studio:pgsrc'`,
    )
  ).rows;

const createKb = async (name: string) =>
  expect(
    await t.sql(`CREATE KNOWLEDGE_BASE ${name} USING content_columns = ['body'], id_column = 'id'`),
  ).toMatchObject({ type: 'ok' });

/** Starts loading a new KB `kb` from `source`.notes and drops the KB once rows come in: the load's answer. */
async function dropWhileLoading(kb: string, source: string) {
  await createKb(kb);
  const insert = t.sql(`INSERT INTO ${kb} SELECT id, body FROM ${source}.notes`);
  for (let i = 0; i < 600 && (await progressOf(kb)).rows_done === 0; i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(await t.sql(`DROP KNOWLEDGE_BASE ${kb}`)).toMatchObject({ type: 'ok' });
  return insert;
}

describe('INSERT INTO kb SELECT from PostgreSQL', () => {
  it('reads the rows through a cursor while it embeds them, counting toward the total', async () => {
    await createKb('pg_kb');
    const insert = t.sql('INSERT INTO pg_kb SELECT id, body FROM pgsrc.notes');
    // While the load runs, the source's connection is inside the cursor's transaction, between FETCHes.
    let seen: { state: string; query: string } | undefined;
    let running: Awaited<ReturnType<typeof progressOf>> | undefined;
    for (let i = 0; i < 600 && !(seen && running); i++) {
      seen ??= (await ourSessions()).find((s) => /^FETCH \d+ FROM ks_rows$/.test(s.query));
      const p = await progressOf('pg_kb');
      if (p.state === 'running' && p.rows_done > 0 && p.rows_done < ROWS) running = p;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await insert).toMatchObject({ type: 'ok', affected_rows: ROWS });
    expect(seen).toBeDefined();
    expect(running?.rows_total).toBe(ROWS);
    expect(await progressOf('pg_kb')).toMatchObject({ state: 'done', rows_done: ROWS, rows_total: ROWS });
    expect((await t.sql(`SELECT id FROM pg_kb WHERE content = 'note 4321 on topic 3' LIMIT 1`)).data).toEqual(
      [[4321]],
    );
    // The cursor's transaction ended with the load: no session is left inside it.
    expect((await ourSessions()).map((s) => s.state)).not.toContain('idle in transaction');
  });

  it('closes the cursor when the load stops half-way, and the source answers the next query', async () => {
    const stopped = await dropWhileLoading('pg_cut', 'pgsrc');
    expect(stopped.type).toBe('error');
    expect(stopped.error_message).toMatch(/pg_cut/);
    expect((await ourSessions()).map((s) => s.state)).not.toContain('idle in transaction');
    expect(await t.deps.dataSources.openConnections('pgsrc')).toBeLessThanOrEqual(4);
    expect((await t.sql('SELECT count(*) AS n FROM pgsrc.notes')).data).toEqual([[ROWS]]);
  });

  it('checks the column names against the query before reading a row', async () => {
    await createKb('pg_cols');
    const r = await t.sql('INSERT INTO pg_cols (id) SELECT id, body FROM pgsrc.notes');
    expect(r.error_message).toMatch(/returns 2 columns for 1 names/);
    expect(await progressOf('pg_cols')).toMatchObject({ state: 'failed', rows_done: 0 });
  });

  it("names the source's own error", async () => {
    await createKb('pg_err');
    const r = await t.sql('INSERT INTO pg_err SELECT id, no_such_column FROM pgsrc.notes');
    expect(r.type).toBe('error');
    expect(r.error_message).toMatch(/no_such_column/);
  });
});

describe('INSERT INTO kb SELECT from MariaDB', () => {
  it('streams the rows into the knowledge base with progress toward the total', async () => {
    await createKb('my_kb');
    const r = await t.sql('INSERT INTO my_kb SELECT id, body FROM mysrc.notes');
    expect(r).toMatchObject({ type: 'ok', affected_rows: ROWS });
    expect(await progressOf('my_kb')).toMatchObject({ state: 'done', rows_done: ROWS, rows_total: ROWS });
    expect((await t.sql(`SELECT id FROM my_kb WHERE content = 'note 777 on topic 12' LIMIT 1`)).data).toEqual(
      [[777]],
    );
  });

  it('frees the connection when the load stops half-way, and the source answers the next query', async () => {
    expect((await dropWhileLoading('my_cut', 'mysrc')).type).toBe('error');
    expect(await t.deps.dataSources.openConnections('mysrc')).toBeLessThanOrEqual(4);
    expect((await t.sql('SELECT count(*) AS n FROM mysrc.notes')).data).toEqual([[ROWS]]);
  });
});
