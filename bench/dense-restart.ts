/**
 * bench:dense's restart lines: a restarted server's first search, timed from the process's start, and what the
 * search copy's file (server/engines/exact-search/copy-files.ts) costs: its size and how long it took to write.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import { httpSql } from './http-sql';
import { loadAverage } from './proc-stats';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where scripts/build-server.mjs writes the compiled server. */
export const SERVER_BUNDLE = path.join(ROOT, 'dist-server', 'main.js');

/** Compiles the server as `npm start` does (scripts/build-server.mjs), into SERVER_BUNDLE. */
export async function buildServer(): Promise<void> {
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What the KB status route says of the search copy and path. */
export interface CopyStatus {
  index: {
    search_copy?: { state: string };
    search_path?: { path: string; reason: string };
  };
}

/** Where the server keeps its search copies' files, in its data folder. */
export const copyFolderOf = (dataDir: string) => path.join(dataDir, 'search-copies');

/**
 * A restart's first search (`sql`), timed from the process's start: as `npm start` runs the server (compiled
 * by scripts/build-server.mjs) and as `npm run serve` does (from source, under tsx). `label` says which case.
 */
export async function restart(
  dataDir: string,
  sql: string,
  status: (server: ServerProcess) => Promise<CopyStatus>,
  label = '',
): Promise<void> {
  await buildServer();
  for (const [how, bundle] of [
    ['compiled, as npm start runs it', SERVER_BUNDLE],
    ['from source, as npm run serve runs it', undefined],
  ] as const) {
    const file = await copyFile(dataDir);
    const t0 = performance.now();
    const server = await startServerProcess({ dataDir, outputLimit: 20_000, bundle });
    try {
      const listening = performance.now() - t0;
      const answer = await httpSql(server.url)(sql);
      const s = await status(server);
      console.log(
        `restart (${how}${label}): listening after ${seconds(listening)}, first search answered after ` +
          `${seconds(performance.now() - t0)} (${answer.data?.length ?? 0} rows, from the ${s.index.search_path?.path} ` +
          `while the copy is ${s.index.search_copy?.state}; ` +
          `${file ? `a copy file of ${mb(file.size)} there` : 'no copy file'}; target <= 5 s; ${loadAverage()})`,
      );
    } finally {
      await server.stop();
    }
  }
}

/**
 * Waits for the server to write its search copy's file (after the copy is loaded and grouped, once writes are
 * quiet) and prints its size and how long the write took (from its temporary file's first sight to its
 * rename; polled every 50 ms).
 */
export async function copyFileLine(dataDir: string, limitMs: number): Promise<void> {
  const folder = copyFolderOf(dataDir);
  const end = performance.now() + limitMs;
  let writingSince: number | null = null;
  for (;;) {
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    if (names.some((n) => n.endsWith('.copy.tmp'))) writingSince ??= performance.now();
    const done = await copyFile(dataDir);
    if (done && !names.some((n) => n.endsWith('.copy.tmp'))) {
      // A file already there when the watch began (a kept folder's, or one written in under 50 ms) has no time.
      const took =
        writingSince === null
          ? 'already written when first looked for'
          : `written in ${seconds(performance.now() - writingSince)}`;
      console.log(`search copy file: ${mb(done.size)} on disk, ${took} (${loadAverage()})`);
      return;
    }
    if (performance.now() > end) {
      console.log('search copy file: not written');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function copyFile(dataDir: string): Promise<{ size: number } | null> {
  const folder = copyFolderOf(dataDir);
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const name = names.find((n) => n.endsWith('.copy'));
  return name ? fs.stat(path.join(folder, name)) : null;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
