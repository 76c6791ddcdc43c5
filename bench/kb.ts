/**
 * Knowledge-base benchmark: prints figures, asserts nothing.
 * - ingest of 100,000 one-chunk rows with the `local` embedding, end to end: the CSV uploaded as `files.docs`,
 *   then `INSERT INTO kb SELECT ... FROM files.docs` through the SQL router (chunks/s);
 * - ANN index build time, then top-10 search latency p50/p95 through the service, through SQL, and through HTTP
 *   (`POST /api/sql/query` on a listening app over the same services);
 * - recall@10 of the indexed search against brute force; peak RSS of the process;
 * - EVALUATE KNOWLEDGE_BASE over 300 generated questions, and a KB search joined and grouped (kb-evaluate.ts).
 * Targets (issue 3): >= 5,000 chunks/s, p50 <= 15 ms, recall >= 0.95, RSS <= 1.5 GB.
 * Usage: npx tsx bench/kb.ts [rows]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { openServices } from '../server/open-services';
import { httpSql } from './http-sql';
import { corpus, corpusTexts, writeCorpusCsv } from './kb-corpus';
import { benchEvaluate } from './kb-evaluate';
import {
  benchIngestWorkers,
  benchRestart,
  benchSearchModes,
  benchSqlIngestWorkers,
  semanticRecall,
} from './kb-search';
import { sqlRunner } from './sql-runner';

const ROWS = Number(process.argv[2] ?? 100_000);
const QUERIES = 200;
const INSERT_SLICE = 200_000;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

async function main(): Promise<void> {
  let peakRss = 0;
  let phasePeak = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss;
    peakRss = Math.max(peakRss, rss);
    phasePeak = Math.max(phasePeak, rss);
  }, 50);
  // Each phase's own peak, so that the whole run's peak can be traced to the phase that made it.
  const phasePeaks: string[] = [];
  const endPhase = (name: string) => {
    phasePeaks.push(`${name} ${mb(Math.max(phasePeak, process.memoryUsage().rss))}`);
    phasePeak = 0;
  };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-kb-'));
  // The same setting as the server's: a million chunks need about 2.4 GB of search memory for their copy.
  const searchMemoryMb = process.env.KS_SEARCH_MEMORY_MB
    ? Number(process.env.KS_SEARCH_MEMORY_MB)
    : undefined;
  const deps = await openServices({
    dataDir: dir,
    demo: false,
    searchMemoryMb,
    log: (m) => console.error(m),
  });
  const service = deps.knowledgeBases;
  const sql = sqlRunner(deps);
  let closed = false;
  try {
    const csv = path.join(dir, 'docs.csv');
    await writeCorpusCsv(csv, ROWS);
    // The side benchmarks of 1 and 2 embedding workers run first, in data folders of their own: run later, the
    // services they open would sit in this process beside the large KB's copy, as a second server would not.
    await benchIngestWorkers(corpusTexts(Math.min(ROWS, 50_000)));
    await benchSqlIngestWorkers(csv, ROWS);
    endPhase('ingest workers');
    let t0 = performance.now();
    await deps.files.importFile('docs', csv, 'docs.csv');
    const uploadMs = performance.now() - t0;
    await sql("CREATE KNOWLEDGE_BASE bench USING metadata_columns = ['author', 'year']");
    // In slices: one SELECT may return at most 100 MB, which 400,000 rows of this text pass.
    let insertedRows = 0;
    for (let start = 0; start < ROWS; start += INSERT_SLICE) {
      const r = await sql(
        `INSERT INTO bench SELECT id, content, author, year FROM files.docs WHERE n >= ${start} AND n < ${start + INSERT_SLICE}`,
      );
      insertedRows += r.type === 'ok' ? Number(r.affected_rows) : 0;
      if (ROWS > INSERT_SLICE) console.error(`  inserted ${insertedRows} of ${ROWS} rows`);
    }
    const ingestMs = performance.now() - t0;
    endPhase('ingest');
    const chunks = await service.countChunks('mindsdb', 'bench');
    console.log(`CSV of ${ROWS} rows uploaded as files.docs in ${uploadMs.toFixed(0)} ms`);
    console.log(
      `ingest (upload + INSERT ... SELECT: chunk + embed + store): ${insertedRows} rows, ` +
        `${chunks} chunks in ${(ingestMs / 1000).toFixed(1)} s = ${Math.round(chunks / (ingestMs / 1000))} chunks/s (target >= 5,000)`,
    );

    t0 = performance.now();
    await service.whenIdle();
    const state = await service.indexState('mindsdb', 'bench');
    endPhase('index build');
    console.log(
      `ANN index built after the insert: ${state?.ann} (${state?.indexedRows} rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const { topics, sentence } = corpus();
    const queries = Array.from({ length: QUERIES }, (_, i) => sentence(topics[(i * 7) % topics.length], 4));
    for (const q of queries.slice(0, 10)) await service.search('mindsdb', 'bench', { query: q }); // warm-up
    // The first search starts loading the in-memory copy that searches then read: timed once it has loaded.
    t0 = performance.now();
    await service.whenIdle();
    const copy = await service.searchCopy('mindsdb', 'bench');
    endPhase('copy load');
    console.log(
      `in-memory search copy (search memory ${searchMemoryMb ?? 'default'} MB): ${copy.state}, ` +
        `${copy.rows} chunks, ${mb(copy.bytes)}, ready ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s after the first search`,
    );
    const latencies: number[] = [];
    const indexed: string[][] = [];
    // CPU time (all threads of the process) per query tells what a search costs when the machine is shared.
    const cpuBefore = process.cpuUsage();
    for (const q of queries) {
      t0 = performance.now();
      const hits = await service.search('mindsdb', 'bench', { query: q, limit: 10 });
      latencies.push(performance.now() - t0);
      indexed.push(hits.map((h) => h.chunk_id));
    }
    console.log(
      `top-10 search through the service, ${QUERIES} queries: p50 ${pct(latencies, 50).toFixed(1)} ms, ` +
        `p95 ${pct(latencies, 95).toFixed(1)} ms (target p50 <= 15 ms)`,
    );
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `  CPU per search: ${((cpu.user + cpu.system) / 1000 / QUERIES).toFixed(1)} ms; load average now ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
    );
    const viaSql: number[] = [];
    for (const q of queries.slice(0, 100)) {
      t0 = performance.now();
      await sql(`SELECT * FROM bench WHERE content = '${q}' LIMIT 10`);
      viaSql.push(performance.now() - t0);
    }
    console.log(
      `top-10 search through SQL, 100 queries: p50 ${pct(viaSql, 50).toFixed(1)} ms, p95 ${pct(viaSql, 95).toFixed(1)} ms`,
    );

    let found = 0;
    const bruteMs: number[] = [];
    for (let i = 0; i < queries.length; i++) {
      t0 = performance.now();
      const exact = await service.search('mindsdb', 'bench', { query: queries[i], limit: 10, exact: true });
      bruteMs.push(performance.now() - t0);
      const truth = new Set(exact.map((h) => h.chunk_id));
      found += indexed[i].filter((id) => truth.has(id)).length;
    }
    console.log(
      `recall@10 vs brute force: ${(found / (queries.length * 10)).toFixed(3)} (target >= 0.95); ` +
        `brute-force p50 ${pct(bruteMs, 50).toFixed(1)} ms`,
    );

    t0 = performance.now();
    const filtered = await sql(
      `SELECT id FROM bench WHERE content = '${queries[0]}' AND author = 'author7' AND year < 2010 LIMIT 10`,
    );
    console.log(
      `filtered search (author = 'author7' AND year < 2010): ${filtered.type === 'table' ? filtered.data.length : 0} rows in ${(performance.now() - t0).toFixed(1)} ms`,
    );
    endPhase('searches and brute force');
    await benchSearchModes(sql, 'bench', queries);
    // The same statements through HTTP on a listening app over the same services: the request, the JSON
    // answer and its parsing count too. Client and server share this process, so CPU covers both.
    const app = createApp(deps);
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      await benchSearchModes(httpSql(base), 'bench', queries, {
        via: 'HTTP (client and server in this process)',
      });
    } finally {
      await app.close();
    }
    await semanticRecall(service, 'bench', queries);
    endPhase('search modes and recall');
    await benchEvaluate(sql, 'bench');
    endPhase('evaluate');
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.log(
      `peak RSS: ${mb(peakRss)} sampled, ${mb(process.resourceUsage().maxRSS * 1024)} max reported by the OS (target <= 1.5 GB)`,
    );
    console.log(`  peak RSS by phase: ${phasePeaks.join(', ')}`);
    await service.whenIdle();
    await deps.close();
    closed = true;
    await benchRestart(dir, 'bench', queries[0]);
  } finally {
    clearInterval(sampler);
    if (!closed) await deps.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('bench:kb failed:', (err as Error).message);
  process.exit(1);
});
