/**
 * What the export benchmarks share: the server process's resident memory, and one export measured while it
 * is sampled (the download read and counted, never kept).
 */
import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { startServerProcess } from '../server/test/server-process';

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/** The process's resident memory (VmRSS), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Exports `query` as CSV, sampling the server's RSS every 25 ms, and prints one line of figures. */
export async function measureExport(
  server: ServerProcess,
  rows: number,
  query: string,
  baseline: number,
): Promise<void> {
  const pid = server.process.pid!;
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssMb(pid));
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const started = performance.now();
  const res = await server.request('/api/sql/query/export', { method: 'POST', json: { query } });
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
    `${rows.toLocaleString('en')} rows: HTTP ${res.status}, ${(bytes / 2 ** 20).toFixed(0)} MB of CSV (${(lines - 1).toLocaleString('en')} rows) in ${seconds.toFixed(1)} s; server RSS peak ${peak.toFixed(0)} MB (+${(peak - baseline).toFixed(0)} MB over rest)`,
  );
}
