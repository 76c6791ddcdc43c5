/**
 * "Export the full result" benchmark: prints figures, asserts nothing. Starts the real server in its own
 * process, streams `SELECT ... FROM range(N)` through `POST /api/sql/query/export` for growing N, reads the
 * download without keeping it, and samples the server process's resident memory (VmRSS) meanwhile: a flat
 * peak across N shows the result is never held whole.
 * Usage: npx tsx bench/export-rss.ts [largest rows, default 2000000]
 * With `NODE_OPTIONS=--max-old-space-size=96` (passed on to the server) V8 collects eagerly and the peak shows
 * what the export itself holds; without it the peak also holds garbage V8 has not collected yet.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../server/test/server-process';
import { measureExport, rssMb } from './export-measure';

const LARGEST = Number(process.argv[2] ?? 2_000_000);

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-export-'));
  const server = await startServerProcess({ dataDir: dir, outputLimit: 10_000 });
  const pid = server.process.pid!;
  try {
    // Warm up: the engine, the route and the JIT, so the baseline is the server at work, not at rest.
    await (
      await server.request('/api/sql/query/export', { method: 'POST', json: { query: 'SELECT 1 AS x' } })
    ).text();
    const baseline = await rssMb(pid);
    console.log(`server RSS at rest: ${baseline.toFixed(0)} MB`);
    for (const rows of [LARGEST / 10, LARGEST / 2, LARGEST].map(Math.round)) {
      await measureExport(
        server,
        rows,
        `SELECT range AS id, 'row ' || range || ' of the export' AS label, range * 0.5 AS half FROM range(${rows})`,
        baseline,
      );
    }
  } finally {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
