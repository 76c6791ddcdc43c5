/**
 * "A refused huge result" benchmark: prints figures, asserts nothing. Runs, in this process on the real
 * services, SELECTs whose results are over the byte bound (sixty 10 MB strings, by default) and prints this
 * process's memory before, just after, and after a few seconds of rest: resident memory (RSS), the V8 heap, and
 * the memory of Buffers and ArrayBuffers (`external`, where the engine's result chunks are mapped into JS).
 * Usage: npx tsx bench/result-memory.ts [rows, default 60] [MB per row, default 10] [rounds, default 3]
 * With `node --expose-gc --import tsx bench/result-memory.ts` it also prints the figures after a full
 * collection: what is left then is held, not garbage V8 has not collected yet.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openServices } from '../server/open-services';

const ROWS = Number(process.argv[2] ?? 60);
const MB_PER_ROW = Number(process.argv[3] ?? 10);
const ROUNDS = Number(process.argv[4] ?? 3);
const SETTLE_MS = 3_000;

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function memory(label: string): void {
  const m = process.memoryUsage();
  console.log(
    `${label.padEnd(22)} rss ${mb(m.rss).padStart(7)}  heap ${mb(m.heapUsed).padStart(7)}  external ${mb(m.external).padStart(7)}  arrayBuffers ${mb(m.arrayBuffers).padStart(7)}`,
  );
}

const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-result-memory-'));
  const deps = await openServices({ dataDir: dir });
  const session = { db: 'mindsdb', show_secrets: false };
  try {
    await deps.sql.execute('SELECT 1 AS warm_up', session);
    memory('at rest');
    const query = `SELECT repeat('x', ${MB_PER_ROW * 2 ** 20}) AS big FROM range(${ROWS})`;
    console.log(`${ROWS} rows of ${MB_PER_ROW} MB: ${query}`);
    for (let round = 1; round <= ROUNDS; round++) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await deps.sql.execute(query, session);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const answer = result.type === 'error' ? result.error_message : `${result.type} (not refused!)`;
      console.log(
        `round ${round}: ${answer.slice(0, 70)} | ${ms.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`,
      );
      memory(`  just after`);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      memory(`  after ${SETTLE_MS / 1000} s of rest`);
      if (gc) {
        gc();
        await new Promise((r) => setTimeout(r, 200));
        memory('  after a full gc');
      }
    }
  } finally {
    await deps.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
