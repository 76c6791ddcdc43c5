import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPostgres, type RunningServer } from './servers';
import { closeSourceTest, pgAdmin } from './setup';

// What an export from a PostgreSQL source costs in memory, counted rather than timed: the bytes V8 moves to
// its old generation while the source client streams a table through its cursor. Read through the driver's
// own promise, about every page was promoted, and the old generation grew with the result until a full
// collection (an export of a million rows raised the server's RSS by about 125 MB; bench/export-source-rss.ts).
const ROWS = 300_000;
const CHILD = path.join(import.meta.dirname, 'stream-promotion-child.ts');

let server: RunningServer;
let admin: pg.Client;

beforeAll(async () => {
  server = await startPostgres();
  admin = await pgAdmin(server);
  await admin.query(`CREATE TABLE big AS
    SELECT g AS id, 'row ' || g || ' of the export' AS label, g * 0.5 AS half FROM generate_series(1, ${ROWS}) g`);
}, 60_000);

afterAll(() => closeSourceTest(undefined, admin, server));

it('streams a large result through the cursor without V8 promoting its pages', () => {
  const args = [String(server.port), server.user, server.password, server.database, 'big'];
  const run = spawnSync(process.execPath, ['--trace-gc-nvp', '--import', 'tsx', CHILD, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  expect(run.stdout).toContain(`ROWS ${ROWS}`);
  const promotedBytes = [...run.stdout.matchAll(/ promoted=(\d+)/g)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
  const promotedMb = promotedBytes / 2 ** 20;
  // About 9 MB here, under load too; 40 MB when every page was promoted (the driver's own promise).
  expect(promotedMb).toBeGreaterThan(0);
  expect(promotedMb).toBeLessThan(20);
}, 90_000);
