/**
 * Dense-vector benchmark (issue 38): what a knowledge base embedded by a real model (OpenAI, Ollama: 768 or
 * 1,536 numbers per chunk, all non-zero) costs, end to end through HTTP. Prints figures, asserts nothing.
 *
 * - Starts a local OpenAI-compatible embedding server (dense-embedding-server.ts: clustered unit vectors, the
 *   same text always the same vector) and the real server in its own process, on a fresh data folder.
 * - Ingest through the real insert path: the CSV uploaded as `files.docs` (`PUT /api/files/docs`), then
 *   `INSERT INTO bench SELECT ...` through `POST /api/sql/query` (chunking, the embedding client, storage).
 * - The ANN index: how long after the load it is ready, and how long an insert waits while it builds.
 * - 200 queries drawn like the rows, through HTTP, after 3 s of searches of other queries (a warm server, as
 *   for the client lines): semantic, hybrid and filtered top-10 (p50/p95, the server's CPU per search); recall@10 against the exact top 10 (brute force here); the same query straight on
 *   LanceDB's table in this process (its own default query), and ours over it; 32 concurrent clients against
 *   one; the server's peak RSS and the phase it was in (rss-timeline.ts), the data folder on disk; a restart's
 *   first search.
 * The machine is shared: the load average is printed beside every timing.
 *
 *   npm run bench:dense [-- <rows> <dims> [--ingest-only] [--profile=<folder>]]
 *       (default 100,000 rows of 1,536 dimensions)
 *
 * A 1,000,000-row KB takes minutes to build: `BENCH_DENSE_KEEP=<folder>` builds it in that folder and keeps it
 * (data folder, the embedding server's port, the exact top 10 of the queries once worked out);
 * `BENCH_DENSE_FROM=<folder>` starts from such a folder with the same <rows> <dims>, skipping the ingest and
 * index lines, and measures everything else on it.
 * `--ingest-only` stops after the ingest line (to measure or profile the insert path alone);
 * `--restart-only` (with BENCH_DENSE_FROM) prints the restart lines alone: without the search copy's file, then
 * once a server has loaded and grouped the copy and written its file (its size and write time), with it;
 * `--clients-only` (with BENCH_DENSE_FROM) prints the 1- and 32-client lines alone.
 * `--profile=<folder>` writes the server process's CPU profile there (`node --cpu-prof`) when it stops.
 */
import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as lancedb from '@lancedb/lancedb';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import {
  ClusteredVectors,
  denseQueries,
  warmUpQueries,
  denseRows,
  exactTop10,
  checkNoiseVersion,
  writeNoiseVersion,
  writeDenseCsv,
} from './dense-corpus';
import { startEmbeddingServer } from './dense-embedding-server';
import { httpSql, percentile } from './http-sql';
import { concurrency, warmUp } from './dense-clients';
import { lanceTop10, recallOf } from './dense-lance';
import { benchSearchModes } from './kb-search';
import { buildServer, copyFileLine, copyFolderOf, restart, SERVER_BUNDLE } from './dense-restart';
import { cpuMs, folderBytes, loadAverage, threadCpuMs } from './proc-stats';
import { RssTimeline } from './rss-timeline';
import { GROUP_FROM_WORK } from '../server/engines/exact-search/row-groups';
import { SAVE_FROM_ROWS } from '../server/engines/exact-search/copy-files';

const ARGS = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const INGEST_ONLY = process.argv.includes('--ingest-only');
const RESTART_ONLY = process.argv.includes('--restart-only');
const CLIENTS_ONLY = process.argv.includes('--clients-only');
const PROFILE_DIR = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
const ROWS = Number(ARGS[0] ?? 100_000);
const DIMS = Number(ARGS[1] ?? 1536);
const QUERIES = 200;
/** A data folder built and kept, or one to start from (see the header). */
const KEEP = process.env.BENCH_DENSE_KEEP;
const FROM = process.env.BENCH_DENSE_FROM;
/** Rows per `INSERT ... SELECT`: one SELECT may return at most 100 MB. */
const INSERT_SLICE = 200_000;
const LARGE = ROWS >= 1_000_000;
const TARGETS = {
  semantic: LARGE ? 'target p50 <= 10 ms, p95 <= 25 ms' : 'target p50 <= 5 ms',
  hybrid: LARGE ? 'target p50 <= 25 ms' : 'no target',
  filtered: 'no target',
};

/** Rows inserted while the index builds: inserts go on meanwhile. */
const LATE_ROWS = Array.from({ length: 10 }, (_, i) => ({
  id: `late${i}`,
  text: `late row ${i} written while the index builds`,
}));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const quote = (s: string) => s.replace(/'/g, "''");
const semanticSql = (q: string, columns = '*') =>
  `SELECT ${columns} FROM bench WHERE content = '${quote(q)}' AND hybrid_search = false LIMIT 10`;

interface KbStatus {
  chunks: number;
  last_insert: { state: string; error: string | null } | null;
  index: {
    vector: boolean;
    indexed_rows: number;
    unindexed_rows: number;
    upkeep: string;
    search_copy?: { state: string; rows: number; bytes: number };
    search_path?: { path: string; reason: string; scan_work: number; groups?: number; probes?: number };
  };
}

async function status(server: ServerProcess): Promise<KbStatus> {
  // A kept-alive connection the server closed as it was reused fails once: asked again on a new one.
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await server.request('/api/projects/mindsdb/knowledge_bases/bench/status');
      return (await res.json()) as KbStatus;
    } catch (err) {
      if (attempt === 3 || server.process.exitCode !== null) throw err;
    }
  }
}

async function waitFor(server: ServerProcess, done: (s: KbStatus) => boolean, limitMs: number) {
  const end = performance.now() + limitMs;
  for (;;) {
    const s = await status(server);
    if (done(s) || performance.now() > end) return s;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function ingest(server: ServerProcess, csv: string, embeddingUrl: string): Promise<void> {
  const sql = httpSql(server.url);
  const pid = server.process.pid!;
  const serverCpu0 = await cpuMs(pid);
  const threads0 = await threadCpuMs(pid);
  const ownCpu0 = process.cpuUsage();
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(csv), 'docs.csv');
  const up = await fetch(`${server.url}/api/files/docs`, { method: 'PUT', body: form });
  if (up.status !== 200) throw new Error(`upload failed: ${await up.text()}`);
  const uploaded = performance.now() - t0;
  const model = { provider: 'openai', model_name: 'dense-bench', api_key: 'bench', base_url: embeddingUrl };
  await sql(
    `CREATE KNOWLEDGE_BASE bench USING embedding_model = ${JSON.stringify(model)}, metadata_columns = ['author', 'year']`,
  );
  for (let start = 0; start < ROWS; start += INSERT_SLICE) {
    await sql(
      `INSERT INTO bench SELECT id, content, author, year FROM files.docs WHERE n >= ${start} AND n < ${start + INSERT_SLICE}`,
    );
    // The insert is answered at once and runs in the background (as on MindsDB): its end is in the status.
    const after = await waitFor(server, (x) => x.last_insert?.state !== 'running', 60 * 60_000);
    if (after.last_insert?.state !== 'done') {
      throw new Error(`insert ${after.last_insert?.state}: ${after.last_insert?.error ?? ''}`);
    }
    if (ROWS > INSERT_SLICE)
      console.error(`  inserted ${Math.min(ROWS, start + INSERT_SLICE)} of ${ROWS} rows`);
  }
  const ms = performance.now() - t0;
  const serverCpu = (await cpuMs(pid)) - serverCpu0;
  const threads = [...(await threadCpuMs(pid))]
    .map(([name, ms]) => [name, ms - (threads0.get(name) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1]);
  const own = process.cpuUsage(ownCpu0);
  const { chunks } = await status(server);
  console.log(
    `ingest (upload ${seconds(uploaded)} + INSERT ... SELECT through HTTP: chunk, embed over HTTP, store): ` +
      `${chunks} chunks in ${seconds(ms)} = ${Math.round(chunks / (ms / 1000))} chunks/s ` +
      `(${LARGE ? 'target >= 10,000; ' : ''}${loadAverage()})`,
  );
  // The embedding server runs on a thread of this process: its CPU is most of this process's during the ingest.
  console.log(
    `  CPU during the ingest: server ${seconds(serverCpu)} (${threads.map(([n, ms]) => `${n} threads ${seconds(ms)}`).join(', ')}), ` +
      `embedding server (the benchmark's process) ${seconds((own.user + own.system) / 1000)}`,
  );
}

/**
 * Waits for the ANN index the load asked for (its build starts once the KB's writes have paused for a few
 * seconds); an insert made while it builds is timed. A KB below the server's threshold gets none.
 */
async function indexAfterLoad(server: ServerProcess): Promise<void> {
  const sql = httpSql(server.url);
  const t0 = performance.now();
  const building = await waitFor(server, (s) => s.index.upkeep === 'building' || s.index.vector, 60_000);
  if (building.index.upkeep !== 'building' && !building.index.vector) {
    console.log(
      `no ANN index after ${seconds(performance.now() - t0)}: the KB is below the server's threshold`,
    );
    return;
  }
  const buildStart = performance.now();
  let insertMs: number | null = null;
  if (building.index.upkeep === 'building') {
    const values = LATE_ROWS.map((row) => `('${row.id}', '${row.text}', 'author1', 2001)`);
    const t = performance.now();
    await sql(`INSERT INTO bench (id, content, author, year) VALUES ${values.join(', ')}`);
    insertMs = performance.now() - t;
  }
  const ready = await waitFor(server, (s) => s.index.vector && s.index.upkeep === 'idle', 60 * 60_000);
  const now = performance.now();
  console.log(
    `ANN index ready ${seconds(now - t0)} after the load (build ${seconds(now - buildStart)}; ` +
      `${ready.index.indexed_rows} rows indexed, ${ready.index.unindexed_rows} not); an insert of 10 rows ` +
      `while it built: ${insertMs === null ? 'not tried (no build seen)' : `${insertMs.toFixed(0)} ms`} ` +
      `(${LARGE ? 'target <= 10 min; ' : ''}${loadAverage()})`,
  );
}

/** Recall of our semantic search, and the same queries on LanceDB's table, against the exact top 10. */
async function compareWithLance(
  server: ServerProcess,
  dataDir: string,
  queries: string[],
  vectors: ClusteredVectors,
  oursP50: number,
): Promise<void> {
  const sql = httpSql(server.url);
  const ours: string[][] = [];
  for (const q of queries) {
    const answer = await sql(semanticSql(q, 'id'));
    ours.push((answer.data ?? []).map((row) => String(row[0])));
  }
  const queryVectors = queries.map((q) => vectors.vectorOf(q));
  const t0 = performance.now();
  // Minutes at a million rows: a kept folder keeps it (the rows and queries are the same on every run).
  const saved = path.join(path.dirname(dataDir), `exact-top10-${QUERIES}.json`);
  const kept = (KEEP ?? FROM) ? await fs.readFile(saved, 'utf8').catch(() => null) : null;
  const exact = kept
    ? (JSON.parse(kept) as string[][])
    : exactTop10(vectors, queryVectors, [...denseRows(ROWS), ...LATE_ROWS]);
  if ((KEEP ?? FROM) && !kept) await fs.writeFile(saved, JSON.stringify(exact));
  console.log(
    `recall@10 against exact search (brute force over every row's vector, ${seconds(performance.now() - t0)}): ` +
      `${recallOf(ours, exact).toFixed(3)} (target >= 0.95)`,
  );
  const db = await lancedb.connect(path.join(dataDir, 'vectors'));
  try {
    const [name] = await db.tableNames();
    const table = await db.openTable(name);
    // Warmed with other queries, as our server is (warmUp).
    await lanceTop10(
      table,
      warmUpQueries(QUERIES).map((q) => vectors.vectorOf(q)),
    );
    const lance = await lanceTop10(table, queryVectors);
    const lanceP50 = percentile(lance.latencies, 50);
    console.log(
      `the same queries straight on LanceDB's table (its default query, in this process, no HTTP, no ` +
        `embedding): p50 ${lanceP50.toFixed(1)} ms, p95 ${percentile(lance.latencies, 95).toFixed(1)} ms, ` +
        `recall@10 ${recallOf(lance.ids, exact).toFixed(3)}; ours through HTTP / LanceDB at p50: ` +
        `${(oursP50 / lanceP50).toFixed(2)}x (target <= 1.3x; ${loadAverage()})`,
    );
  } finally {
    db.close();
  }
}

/**
 * The restart lines alone (`--restart-only`): without the search copy's file, then with the one a server writes
 * once it has loaded and grouped the copy.
 */
async function restartOnly(dataDir: string): Promise<void> {
  const queries = denseQueries(QUERIES);
  await fs.rm(copyFolderOf(dataDir), { recursive: true, force: true });
  await restart(dataDir, semanticSql(queries[1]), status, ', without a copy file');
  const server = await startServerProcess({ dataDir, outputLimit: 20_000 });
  try {
    const t0 = performance.now();
    await httpSql(server.url)(semanticSql(queries[0]));
    await waitFor(server, (x) => x.index.search_path?.reason === 'grouped', 20 * 60_000);
    console.log(`search copy loaded and grouped ${seconds(performance.now() - t0)} after the first search`);
    await copyFileLine(dataDir, 10 * 60_000);
  } finally {
    await server.stop();
  }
  await restart(dataDir, semanticSql(queries[1]), status, ', with the copy file');
}

/** The work folder: a kept one (BENCH_DENSE_KEEP / BENCH_DENSE_FROM) or a fresh temporary one. */
async function workFolder(): Promise<string> {
  const kept = FROM ?? KEEP;
  if (!kept) return fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-dense-'));
  await fs.mkdir(kept, { recursive: true });
  return path.resolve(kept);
}

async function main(): Promise<void> {
  const work = await workFolder();
  const dataDir = path.join(work, 'data');
  const csv = path.join(work, 'docs.csv');
  const portFile = path.join(work, 'embedding-port');
  if (FROM) await checkNoiseVersion(work);
  if (KEEP) await writeNoiseVersion(work);
  const vectors = new ClusteredVectors(DIMS);
  const embeddings = await startEmbeddingServer(DIMS, FROM ? Number(await fs.readFile(portFile, 'utf8')) : 0);
  if (KEEP) await fs.writeFile(portFile, new URL(embeddings.baseUrl).port);
  let server: ServerProcess | undefined;
  try {
    console.log(
      `bench:dense, ${ROWS} rows of ${DIMS} dimensions, ${QUERIES} queries` +
        `${FROM ? `, from the kept folder ${FROM}` : ''} (${loadAverage()})`,
    );
    if (!FROM) await writeDenseCsv(csv, ROWS);
    if (RESTART_ONLY) return await restartOnly(dataDir);
    // Compiled, as `npm start` runs it: from source, tsx compiles each thread's code as it starts (the scan
    // thread's first searches), which no user's server does.
    await buildServer();
    server = await startServerProcess({
      dataDir,
      bundle: SERVER_BUNDLE,
      outputLimit: 20_000,
      nodeFlags: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    });
    const pid = server.process.pid!;
    const rss = new RssTimeline(pid, FROM ? 'start' : 'ingest');
    if (!FROM) {
      await ingest(server, csv, embeddings.baseUrl);
      if (INGEST_ONLY) return;
      await rss.phase('index build (ANN, then full-text)');
      await indexAfterLoad(server);
    }

    const queries = denseQueries(QUERIES);
    const sql = httpSql(server.url);
    // The first search may start loading an in-memory copy of the chunks: searches are timed once it has.
    const t0 = performance.now();
    await rss.phase('copy load (searches meanwhile from the index)');
    await sql(semanticSql(queries[0]));
    const s = await waitFor(server, (x) => x.index.search_copy?.state !== 'loading', 30 * 60_000);
    const copy = s.index.search_copy;
    console.log(
      `search copy after the first search: ${copy?.state}, ${copy?.rows} chunks, ` +
        `${Math.round((copy?.bytes ?? 0) / 2 ** 20)} MB (settled after ${seconds(performance.now() - t0)})`,
    );
    // Dense vectors past GROUP_FROM_WORK pairs are grouped in the background (engines/exact-search/row-groups.ts):
    // searches are timed once they are.
    const g0 = performance.now();
    await rss.phase('grouping the copy');
    const settled = await waitFor(
      server,
      (x) => {
        const p = x.index.search_path;
        if (p?.reason === 'grouped') return true;
        return p?.reason !== 'scan_too_large' && (p?.scan_work ?? 0) <= GROUP_FROM_WORK;
      },
      20 * 60_000,
    );
    const searchPath = settled.index.search_path;
    console.log(
      `search path: ${searchPath?.path} (${searchPath?.reason}` +
        (searchPath?.groups ? `: ${searchPath.groups} groups, ${searchPath.probes} read per search` : '') +
        `, ${(searchPath?.scan_work ?? 0).toLocaleString('en')} (row, dimension) pairs compared per search; ` +
        `settled ${seconds(performance.now() - g0)} after the copy)`,
    );
    // The copy is then written to its file in the background (for the next start): searches are timed after.
    if (ROWS >= SAVE_FROM_ROWS) await copyFileLine(dataDir, 10 * 60_000);
    if (CLIENTS_ONLY)
      return await concurrency(
        server,
        queries.map((q) => semanticSql(q)),
      );
    await warmUp(
      sql,
      warmUpQueries(QUERIES).map((q) => semanticSql(q)),
    );
    const modes = await benchSearchModes(sql, 'bench', queries, {
      via: 'HTTP',
      cpu: () => cpuMs(pid),
      targets: TARGETS,
      onMode: (mode) => rss.phase(`${mode} searches`),
    });
    await rss.phase("recall, and LanceDB's own query (in the benchmark's process)");
    await compareWithLance(server, dataDir, queries, vectors, modes.semantic.p50);
    await rss.phase('1 and 32 clients');
    await concurrency(
      server,
      queries.map((q) => semanticSql(q)),
    );
    for (const line of await rss.stop()) console.log(line);
    console.log(`server peak RSS: ${rss.peakMb.toFixed(0)} MB (${LARGE ? 'target <= 4 GB' : 'no target'})`);
    await server.stop();
    server = undefined;
    console.log(`data folder on disk: ${((await folderBytes(dataDir)) / 2 ** 20).toFixed(0)} MB`);
    await restart(dataDir, semanticSql(queries[1]), status);
  } catch (err) {
    if (server) console.error(`the server's last output:\n${server.output().slice(-4000)}`);
    throw err;
  } finally {
    await server?.stop();
    await embeddings.close();
    if (!KEEP && !FROM) await fs.rm(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('bench:dense failed:', err);
  process.exit(1);
});
