/**
 * Parts of `bench:kb` (issue 19): search latency and CPU per search by mode through SQL, recall of the
 * semantic search, ingest with 1 and 2 embedding workers, and how long a restart takes to open the KB.
 * Wall-clock figures on a shared machine are noisy: CPU time per operation (all threads of the process) is
 * printed beside them, with the load average.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { VectorStore } from '../server/engines/vector-store';
import { LocalEmbedding } from '../server/providers/local-embedding';
import { openServices } from '../server/open-services';
import { loadAverage } from './proc-stats';
import { sqlRunner } from './sql-runner';

type Sql = (query: string) => Promise<{ type: string; data?: unknown[][] }>;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const load = loadAverage;

/** CPU time so far, in ms, of whatever serves the searches (default: this process, all its threads). */
export type CpuClock = () => number | Promise<number>;

const ownCpu: CpuClock = () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
};

/** Runs `run` once per query after a warm-up; prints p50, p95 and CPU per operation. */
export async function timeEach(
  label: string,
  target: string,
  queries: string[],
  run: (q: string) => Promise<unknown>,
  cpuClock: CpuClock = ownCpu,
): Promise<{ p50: number; p95: number }> {
  for (const q of queries.slice(0, 10)) await run(q);
  const latencies: number[] = [];
  const cpuBefore = await cpuClock();
  for (const q of queries) {
    const t0 = performance.now();
    await run(q);
    latencies.push(performance.now() - t0);
  }
  const cpu = (await cpuClock()) - cpuBefore;
  const p50 = pct(latencies, 50);
  const p95 = pct(latencies, 95);
  console.log(
    `${label}, ${queries.length} queries: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
      `CPU ${(cpu / queries.length).toFixed(1)} ms per search (${target}; ${load()})`,
  );
  return { p50, p95 };
}

const quote = (s: string) => s.replace(/'/g, "''");

export interface SearchModeOptions {
  /** How the statements reach the server, for the labels: `SQL` (the SQL service in this process) or `HTTP`. */
  via?: string;
  /** Whose CPU time a search costs (`timeEach`). */
  cpu?: CpuClock;
  /** The targets printed beside each mode. */
  targets?: { semantic: string; hybrid: string; filtered: string };
  /** Told as each mode's searches start (a benchmark marks its phases). */
  onMode?: (mode: 'semantic' | 'hybrid' | 'filtered') => unknown;
}

const KB_TARGETS = {
  semantic: 'target p50 <= 5 ms, CPU <= 5 ms',
  hybrid: 'target p50 <= 12 ms',
  filtered: 'target p50 <= 10 ms',
};

/** The statement of each search mode, top 10 of the KB for question `q`. */
const MODES = {
  semantic: { label: 'semantic top-10', where: 'hybrid_search = false' },
  hybrid: { label: 'hybrid top-10', where: 'hybrid_search = true' },
  filtered: {
    label: "filtered semantic top-10 (author = 'author7' AND year < 2010)",
    where: "author = 'author7' AND year < 2010 AND hybrid_search = false",
  },
};

/** Semantic, hybrid and filtered top-10 searches through SQL; returns each mode's p50 and p95. */
export async function benchSearchModes(
  sql: Sql,
  kb: string,
  queries: string[],
  options: SearchModeOptions = {},
): Promise<Record<keyof typeof MODES, { p50: number; p95: number }>> {
  const via = options.via ?? 'SQL';
  const targets = options.targets ?? KB_TARGETS;
  const figures = {} as Record<keyof typeof MODES, { p50: number; p95: number }>;
  for (const mode of ['semantic', 'hybrid', 'filtered'] as const) {
    const { label, where } = MODES[mode];
    await options.onMode?.(mode);
    figures[mode] = await timeEach(
      `${label} through ${via}`,
      targets[mode],
      queries,
      (q) => sql(`SELECT * FROM ${kb} WHERE content = '${quote(q)}' AND ${where} LIMIT 10`),
      options.cpu,
    );
  }
  return figures;
}

/**
 * Chunk + embed + store at the layer the insert uses, with 1 and then 2 embedding worker threads: embedding of
 * the next batch overlaps the write of the previous one, as in an insert.
 */
export async function benchIngestWorkers(texts: string[]): Promise<void> {
  for (const workers of [1, 2]) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-ingest-'));
    const store = await VectorStore.open(dir, { annThreshold: Number.MAX_SAFE_INTEGER });
    const model = new LocalEmbedding(undefined, undefined, workers);
    await model.embed(texts.slice(0, 2000)); // starts the workers
    try {
      await store.createTable('t', model.dimensions);
      const t0 = performance.now();
      const cpuBefore = process.cpuUsage();
      let writing: Promise<void> = Promise.resolve();
      for (let start = 0; start < texts.length; start += 2000) {
        const batch = texts.slice(start, start + 2000);
        const vectors = await model.embed(batch);
        await writing;
        const records = batch.map((content, i) => ({
          id: `c${start + i}`,
          docId: `d${start + i}`,
          content,
          metadata: { n: start + i },
          filterable: { n: start + i },
          vector: vectors[i],
        }));
        writing = store.upsert('t', records, []);
      }
      await writing;
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      console.log(
        `embed + store with ${workers} embedding worker(s): ${Math.round(texts.length / seconds)} chunks/s ` +
          `(${texts.length} chunks, CPU ${((cpu.user + cpu.system) / 1000 / texts.length).toFixed(3)} ms per chunk; ${load()})`,
      );
    } finally {
      store.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}

/** Rows of the CSV inserted per worker count: below the ANN threshold, so that no index build competes. */
const SQL_INGEST_ROWS = 40_000;

/**
 * `INSERT INTO kb SELECT ... FROM files.docs` of the CSV's first `rows` rows, end to end through SQL (read the
 * rows, chunk, embed, store), in a fresh data folder with the embedding workers `KS_EMBED_WORKERS` says; the
 * upload is not timed.
 */
export async function timedSqlInsert(
  csv: string,
  rows: number,
): Promise<{ perSecond: number; cpuMsPerChunk: number }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-sql-ingest-'));
  const deps = await openServices({ dataDir: dir, demo: false, log: () => undefined });
  try {
    const sql = sqlRunner(deps);
    await deps.files.importFile('docs', csv, 'docs.csv');
    await sql("CREATE KNOWLEDGE_BASE w USING metadata_columns = ['author', 'year']");
    const t0 = performance.now();
    const cpuBefore = process.cpuUsage();
    await sql(`INSERT INTO w SELECT id, content, author, year FROM files.docs WHERE n < ${rows}`);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await deps.knowledgeBases.whenIdle();
    return { perSecond: Math.round(rows / seconds), cpuMsPerChunk: (cpu.user + cpu.system) / 1000 / rows };
  } finally {
    await deps.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** `timedSqlInsert` with 1 and then 2 embedding worker threads. */
export async function benchSqlIngestWorkers(csv: string, rows: number): Promise<void> {
  const n = Math.min(rows, SQL_INGEST_ROWS);
  const configured = process.env.KS_EMBED_WORKERS;
  for (const workers of [1, 2]) {
    process.env.KS_EMBED_WORKERS = String(workers);
    const { perSecond, cpuMsPerChunk } = await timedSqlInsert(csv, n);
    console.log(
      `INSERT ... SELECT through SQL with ${workers} embedding worker(s): ${perSecond} chunks/s ` +
        `(${n} chunks, CPU ${cpuMsPerChunk.toFixed(3)} ms per chunk; target >= 20,000; ${load()})`,
    );
  }
  if (configured === undefined) delete process.env.KS_EMBED_WORKERS;
  else process.env.KS_EMBED_WORKERS = configured;
}

/** Opens the data folder again as a restarted server would, and times it until the KB answers a search. */
export async function benchRestart(dataDir: string, kb: string, query: string): Promise<void> {
  const t0 = performance.now();
  const deps = await openServices({ dataDir, demo: false, log: (m) => console.error(m) });
  const opened = performance.now() - t0;
  const r = await deps.sql.execute(`SELECT * FROM ${kb} WHERE content = '${quote(query)}' LIMIT 10`, {
    db: 'mindsdb',
    show_secrets: false,
  });
  const answered = performance.now() - t0;
  console.log(
    `restart: services open in ${(opened / 1000).toFixed(1)} s, first search answered after ${(answered / 1000).toFixed(1)} s ` +
      `(${r.type === 'table' ? r.data.length : r.type} rows; target <= 5 s)`,
  );
  await deps.close();
}

interface Searcher {
  search(
    project: string,
    kb: string,
    q: { query: string; limit: number; hybrid: boolean; exact?: boolean },
  ): Promise<{ chunk_id: string }[]>;
}

/** Recall@10 of the semantic (ANN) search against brute force over the same vectors. */
export async function semanticRecall(service: Searcher, kb: string, queries: string[]): Promise<void> {
  let found = 0;
  for (const query of queries) {
    const ann = await service.search('mindsdb', kb, { query, limit: 10, hybrid: false });
    const exact = await service.search('mindsdb', kb, { query, limit: 10, hybrid: false, exact: true });
    const truth = new Set(exact.map((h) => h.chunk_id));
    found += ann.filter((h) => truth.has(h.chunk_id)).length;
  }
  console.log(
    `semantic recall@10 vs brute force: ${(found / (queries.length * 10)).toFixed(3)} (target >= 0.97)`,
  );
}
