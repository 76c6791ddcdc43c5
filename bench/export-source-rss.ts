/**
 * "Export the full result" of a query on a connected database: prints figures, asserts nothing. Starts a
 * real PostgreSQL (or MariaDB) and the real server in its own process, streams `SELECT ... FROM src.big`
 * (pushed down whole, read a page at a time: a cursor on PostgreSQL, a paused stream on MariaDB) for growing
 * N, reads the download without keeping it, and samples the server process's resident memory (VmRSS)
 * meanwhile: a flat peak across N shows the result is never held.
 * Usage: npx tsx bench/export-source-rss.ts [largest rows, default 1000000] [postgres | mariadb]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../server/test/server-process';
import { measureExport, rssMb } from './export-measure';
import { startMariadb, startPostgres } from '../server/test/sources/servers';
import { createStatement, mariadbAdmin, pgAdmin } from '../server/test/sources/setup';

const LARGEST = Number(process.argv[2] ?? 1_000_000);
const ENGINE = process.argv[3] ?? 'postgres';

/** The database server with a table `big` of LARGEST rows, and how to stop it. */
async function startSource() {
  if (ENGINE === 'mariadb') {
    const server = await startMariadb();
    const admin = await mariadbAdmin(server);
    await admin.query(`CREATE TABLE big AS SELECT seq AS id, CONCAT('row ', seq, ' of the export') AS label,
      seq * 0.5 AS half FROM seq_1_to_${LARGEST}`);
    return { server, stop: async () => (await admin.end(), await server.stop()) };
  }
  if (ENGINE !== 'postgres') throw new Error(`No such engine: ${ENGINE} (postgres or mariadb)`);
  const server = await startPostgres();
  const admin = await pgAdmin(server);
  await admin.query(`CREATE TABLE big AS SELECT g AS id, 'row ' || g || ' of the export' AS label, g * 0.5 AS half
    FROM generate_series(1, ${LARGEST}) g`);
  return { server, stop: async () => (await admin.end(), await server.stop()) };
}

async function main(): Promise<void> {
  const source = await startSource();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-export-source-'));
  const server = await startServerProcess({ dataDir: dir, outputLimit: 10_000 });
  const pid = server.process.pid!;
  try {
    const created = await server.request('/api/sql/query', {
      method: 'POST',
      json: { query: createStatement('src', ENGINE === 'mariadb' ? 'mysql' : 'postgres', source.server) },
    });
    console.log(`CREATE DATABASE (${ENGINE}): ${((await created.json()) as { type: string }).type}`);
    // Warm up: the source's pool, the route and the JIT, so the baseline is the server at work.
    await (
      await server.request('/api/sql/query/export', {
        method: 'POST',
        json: { query: 'SELECT id FROM src.big LIMIT 10' },
      })
    ).text();
    const baseline = await rssMb(pid);
    console.log(`server RSS at rest: ${baseline.toFixed(0)} MB`);
    for (const rows of [LARGEST / 10, LARGEST / 2, LARGEST].map(Math.round)) {
      await measureExport(server, rows, `SELECT id, label, half FROM src.big WHERE id <= ${rows}`, baseline);
    }
  } finally {
    await server.stop();
    await source.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
