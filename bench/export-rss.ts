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
import { performance } from 'node:perf_hooks';
import { startServerProcess } from '../server/test/server-process';

const LARGEST = Number(process.argv[2] ?? 2_000_000);

async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

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
      let peak = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await rssMb(pid));
          await new Promise((r) => setTimeout(r, 25));
        }
      })();
      const started = performance.now();
      const res = await server.request('/api/sql/query/export', {
        method: 'POST',
        json: {
          query: `SELECT range AS id, 'row ' || range || ' of the export' AS label, range * 0.5 AS half FROM range(${rows})`,
        },
      });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      const seconds = (performance.now() - started) / 1000;
      sampling = false;
      await sampler;
      console.log(
        `${rows.toLocaleString('en')} rows: ${(bytes / 2 ** 20).toFixed(0)} MB of CSV (${(lines - 1).toLocaleString('en')} rows) in ${seconds.toFixed(1)} s; server RSS peak ${peak.toFixed(0)} MB (+${(peak - baseline).toFixed(0)} MB over rest)`,
      );
    }
  } finally {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
