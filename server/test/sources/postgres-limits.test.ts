import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../harness';
import { startPostgres, type RunningServer } from './servers';
import { closeSourceTest, createStatement, expectStoppedOnSource, pgAdmin, startLoggedApp } from './setup';

// A real PostgreSQL started for this file: the time limit, Stop, a source that goes away, the bounded pool.
let server: RunningServer;
let admin: pg.Client;
let t: TestApp;

beforeAll(async () => {
  server = await startPostgres();
  admin = await pgAdmin(server);
  await admin.query(`CREATE TABLE orders (id int PRIMARY KEY, customer text);
    INSERT INTO orders SELECT g, 'c' || (g % 7) FROM generate_series(1, 300) g;`);
  ({ t } = await startLoggedApp({ sqlTimeoutMs: 2_000 }));
  expect(await t.sql(createStatement('shop', 'postgres', server))).toMatchObject({ type: 'ok' });
}, 60_000);

afterAll(() => closeSourceTest(t, admin, server));

describe('limits and faults', () => {
  const activeSleeps = async () =>
    (
      await admin.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%pg_sleep(30)%' AND state = 'active' AND pid <> pg_backend_pid()`,
      )
    ).rows[0].n as number;

  it('stops a statement past the time limit on the source too', async () => {
    const r = await t.sql('SELECT pg_sleep(30) AS s FROM shop.orders LIMIT 1');
    expect(r.type).toBe('error');
    expect(r.error_message).toMatch(/longer than 2 s and was stopped on the source/);
    await expect.poll(activeSleeps, { timeout: 15_000 }).toBe(0);
  });

  it('cancels the statement on the source when the request is stopped', async () => {
    await expectStoppedOnSource(t, 'SELECT * FROM shop (SELECT pg_sleep(30))', activeSleeps);
  });

  it('answers an error when the source goes away mid-query, and reconnects for the next one', async () => {
    const running = t.sql('SELECT * FROM shop (SELECT pg_sleep(30))');
    await expect.poll(activeSleeps, { timeout: 15_000 }).toBe(1);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()`,
    );
    const r = await running;
    expect(r.type).toBe('error');
    expect(r.error_message).not.toMatch(/at .*\.ts|node_modules/);
    expect((await t.sql('SELECT count(*) AS n FROM shop.orders')).data).toEqual([[300]]);
  });

  it('keeps the pool bounded over 1,000 queries', async () => {
    const batch = Array.from({ length: 1000 }, (_, i) => i);
    for (let i = 0; i < batch.length; i += 50) {
      const results = await Promise.all(
        batch.slice(i, i + 50).map((n) => t.sql(`SELECT id FROM shop.orders WHERE id = ${(n % 300) + 1}`)),
      );
      expect(results.every((r) => r.type === 'table')).toBe(true);
    }
    expect(await t.deps.dataSources.openConnections('shop')).toBeLessThanOrEqual(4);
    const onServer = await admin.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'knowledge-studio:shop'`,
    );
    expect(onServer.rows[0].n).toBeGreaterThan(0);
    expect(onServer.rows[0].n).toBeLessThanOrEqual(4);
  });
});
