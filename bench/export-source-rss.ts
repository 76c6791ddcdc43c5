/**
 * "Export the full result" of a query on a connected PostgreSQL: prints figures, asserts nothing. Starts a
 * real PostgreSQL and the real server in its own process, streams `SELECT ... FROM pg.big` (pushed down whole,
 * read through a cursor a page at a time) for growing N, reads the download without keeping it, and samples
 * the server process's resident memory (VmRSS) meanwhile: a flat peak across N shows the result is never held.
 * Usage: npx tsx bench/export-source-rss.ts [largest rows, default 1000000]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../server/test/server-process';
import { measureExport, rssMb } from './export-measure';
import { startPostgres } from '../server/test/sources/servers';
import { createStatement, pgAdmin } from '../server/test/sources/setup';

const LARGEST = Number(process.argv[2] ?? 1_000_000);

async function main(): Promise<void> {
  const postgres = await startPostgres();
  const admin = await pgAdmin(postgres);
  await admin.query(`CREATE TABLE big AS SELECT g AS id, 'row ' || g || ' of the export' AS label, g * 0.5 AS half
    FROM generate_series(1, ${LARGEST}) g`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-export-source-'));
  const server = await startServerProcess({ dataDir: dir, outputLimit: 10_000 });
  const pid = server.process.pid!;
  try {
    const created = await server.request('/api/sql/query', {
      method: 'POST',
      json: { query: createStatement('pg', 'postgres', postgres) },
    });
    console.log(`CREATE DATABASE: ${((await created.json()) as { type: string }).type}`);
    // Warm up: the source's pool, the route and the JIT, so the baseline is the server at work.
    await (
      await server.request('/api/sql/query/export', {
        method: 'POST',
        json: { query: 'SELECT id FROM pg.big LIMIT 10' },
      })
    ).text();
    const baseline = await rssMb(pid);
    console.log(`server RSS at rest: ${baseline.toFixed(0)} MB`);
    for (const rows of [LARGEST / 10, LARGEST / 2, LARGEST].map(Math.round)) {
      await measureExport(server, rows, `SELECT id, label, half FROM pg.big WHERE id <= ${rows}`, baseline);
    }
  } finally {
    await server.stop();
    await admin.end();
    await postgres.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
