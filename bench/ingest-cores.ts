/**
 * Does ingest scale with cores? Runs `INSERT INTO kb SELECT ... FROM files.docs` through SQL (read the rows,
 * chunk, embed with the `local` model, store) in a child process pinned to 1 core and then to every core, with 1
 * and 2 embedding workers, each in a fresh data folder, and prints chunks/s for each. Pinning uses Linux's
 * `taskset`; without it only the unpinned runs are printed. Beside each figure: how many cores the insert kept
 * busy (its CPU time over its wall time). Prints figures, asserts nothing.
 * Usage: npm run bench:ingest-cores [-- rows=200000]
 *   (the child: npx tsx bench/ingest-cores.ts --child <csv> <rows>)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeCorpusCsv } from './kb-corpus';
import { timedSqlInsert } from './kb-search';

const TSX = path.resolve('node_modules/.bin/tsx');
const SELF = path.resolve('bench/ingest-cores.ts');

/** In the child: one timed insert; prints `chunks/s cpu-ms-per-chunk` for the parent. */
async function child(csv: string, rows: number): Promise<void> {
  const { perSecond, cpuMsPerChunk } = await timedSqlInsert(csv, rows);
  console.log(`${perSecond} ${cpuMsPerChunk.toFixed(3)}`);
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function run(csv: string, rows: number, workers: number, cores: number | null): string {
  const command =
    cores === null ? [TSX] : ['taskset', '-c', Array.from({ length: cores }, (_, i) => i).join(',')];
  const args =
    cores === null ? [SELF, '--child', csv, String(rows)] : [TSX, SELF, '--child', csv, String(rows)];
  const out = spawnSync(command[0], [...command.slice(1), ...args], {
    env: { ...process.env, KS_EMBED_WORKERS: String(workers) },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`the insert failed: ${out.stderr.trim().split('\n').pop()}`);
  const [rate, cpu] = out.stdout.trim().split('\n').pop()!.split(' ');
  // CPU time over wall time: how many cores the insert kept busy. Near the cores it may use, a further embedding
  // worker can only share them, not add speed.
  const coresBusy = (Number(rate) * Number(cpu)) / 1000;
  return `${Number(rate).toLocaleString('en-US')} chunks/s (CPU ${cpu} ms per chunk, ${coresBusy.toFixed(2)} cores busy)`;
}

async function main(): Promise<void> {
  const rows = Number(process.argv[2] ?? 200_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-cores-csv-'));
  try {
    const csv = path.join(dir, 'docs.csv');
    await writeCorpusCsv(csv, rows);
    const all = os.availableParallelism();
    const pinning = hasTaskset();
    if (!pinning) console.log('taskset is missing: the runs are not pinned to a core count');
    console.log(`INSERT ... SELECT of ${rows} one-chunk rows through SQL, ${all} cores on this machine`);
    for (const workers of [1, 2]) {
      for (const cores of pinning ? [1, all] : [null]) {
        const where = cores === null ? 'unpinned' : `${cores} core${cores > 1 ? 's' : ''}`;
        console.log(`  ${where}, ${workers} embedding worker(s): ${run(csv, rows, workers, cores)}`);
      }
    }
    console.log(`  load average now ${os.loadavg()[0].toFixed(1)}`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  child(process.argv[3], Number(process.argv[4])).catch((err) => {
    console.error((err as Error).message);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error('bench:ingest-cores failed:', (err as Error).message);
    process.exit(1);
  });
}
