/**
 * Knowledge-base benchmark: prints figures, asserts nothing.
 * - ingest of 100,000 one-chunk rows from a CSV file with the `local` embedding, end to end (chunks/s);
 * - ANN index build time, then top-10 search latency p50/p95 through the service (query embedding included);
 * - recall@10 of the indexed search against brute force; peak RSS of the process.
 * Targets (issue 3): >= 5,000 chunks/s, p50 <= 15 ms, recall >= 0.95, RSS <= 1.5 GB.
 * Usage: npx tsx bench/kb.ts [rows]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DuckDb } from '../server/engines/duckdb';
import { VectorStore } from '../server/engines/vector-store';
import { LocalEmbedding } from '../server/providers/local-embedding';
import { KnowledgeBaseService } from '../server/services/knowledge-bases/service';

const ROWS = Number(process.argv[2] ?? 100_000);
const QUERIES = 200;

/** Deterministic text: 40 topics of 25 words each, mixed with common words, ~200 characters per row. */
function corpus() {
  // mulberry32: a tiny PRNG whose state stays a 32-bit integer (an LCG in doubles loses bits and repeats).
  let seed = 7;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const syllables =
    'ka lo mi ne ru sa ti vo be da fe gu hi jo ku la me ni po qu re si tu va we xo yu ze'.split(' ');
  const word = () =>
    Array.from({ length: 2 + Math.floor(rand() * 3) }, () => syllables[Math.floor(rand() * 26)]).join('');
  const topics = Array.from({ length: 40 }, () => Array.from({ length: 25 }, word));
  const common = Array.from({ length: 300 }, word);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const sentence = (topic: string[], n: number) =>
    Array.from({ length: n }, () => (rand() < 0.45 ? pick(topic) : pick(common))).join(' ');
  return { rand, topics, sentence, pick };
}

async function writeCsv(file: string): Promise<void> {
  const { rand, topics, sentence } = corpus();
  const lines = ['id,content,author,year'];
  for (let i = 0; i < ROWS; i++) {
    const topic = topics[i % topics.length];
    lines.push(`d${i},"${sentence(topic, 28 + Math.floor(rand() * 8))}",author${i % 50},${2000 + (i % 25)}`);
  }
  await fs.writeFile(file, lines.join('\n'));
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

async function main(): Promise<void> {
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-kb-'));
  const catalog = await DuckDb.open(path.join(dir, 'catalog.duckdb'));
  const store = await VectorStore.open(path.join(dir, 'vectors'), { onError: (e) => console.error(e) });
  try {
    await catalog.run(`CREATE SEQUENCE IF NOT EXISTS object_ids START 1`);
    await catalog.run(
      `CREATE TABLE projects (id INTEGER PRIMARY KEY, name VARCHAR UNIQUE, created_at TIMESTAMP)`,
    );
    await catalog.run(`INSERT INTO projects VALUES (nextval('object_ids'), 'mindsdb', now())`);
    const service = new KnowledgeBaseService({ catalog, store });
    await service.ensureSchema();
    await service.create('mindsdb', { name: 'bench', metadata_columns: ['author', 'year'] });

    const csv = path.join(dir, 'docs.csv');
    await writeCsv(csv);
    const data = await DuckDb.open(':memory:');
    let t0 = performance.now();
    const rows = await data.all(`SELECT * FROM read_csv_auto('${csv.replace(/'/g, "''")}')`);
    const readMs = performance.now() - t0;
    const result = await service.insertRows('mindsdb', 'bench', rows);
    const ingestMs = performance.now() - t0;
    data.close();
    console.log(`rows read from CSV: ${rows.length} in ${readMs.toFixed(0)} ms`);
    console.log(
      `ingest (CSV read + chunk + embed + store): ${result.chunks} chunks in ${(ingestMs / 1000).toFixed(1)} s = ` +
        `${Math.round(result.chunks / (ingestMs / 1000))} chunks/s (target >= 5,000)`,
    );

    t0 = performance.now();
    await store.whenIdle();
    const table = (await service.get('mindsdb', 'bench')).vector_database_table;
    const state = await store.indexState(table);
    console.log(
      `ANN index built after the insert: ${state?.ann} (${state?.indexedRows} rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const { topics, sentence } = corpus();
    const queries = Array.from({ length: QUERIES }, (_, i) => sentence(topics[(i * 7) % topics.length], 4));
    for (const q of queries.slice(0, 10)) await service.search('mindsdb', 'bench', { query: q }); // warm-up
    const latencies: number[] = [];
    const indexed: string[][] = [];
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

    const embedder = new LocalEmbedding();
    let found = 0;
    const bruteMs: number[] = [];
    for (let i = 0; i < queries.length; i++) {
      const [vector] = await embedder.embed([queries[i]]);
      t0 = performance.now();
      const exact = await store.vectorSearch(table, vector, { limit: 10, exact: true });
      bruteMs.push(performance.now() - t0);
      const truth = new Set(exact.map((h) => h.chunkId));
      found += indexed[i].filter((id) => truth.has(id)).length;
    }
    console.log(
      `recall@10 vs brute force: ${(found / (queries.length * 10)).toFixed(3)} (target >= 0.95); ` +
        `brute-force p50 ${pct(bruteMs, 50).toFixed(1)} ms`,
    );

    t0 = performance.now();
    const filtered = await service.search('mindsdb', 'bench', {
      query: queries[0],
      filters: [
        { column: 'author', op: '=', value: 'author7' },
        { column: 'year', op: '<', value: 2010 },
      ],
    });
    console.log(
      `filtered search (author = 'author7' AND year < 2010): ${filtered.length} rows in ${(performance.now() - t0).toFixed(1)} ms`,
    );
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.log(
      `peak RSS: ${mb(peakRss)} sampled, ${mb(process.resourceUsage().maxRSS * 1024)} max reported by the OS (target <= 1.5 GB)`,
    );
  } finally {
    clearInterval(sampler);
    await store.whenIdle();
    store.close();
    catalog.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('bench:kb failed:', (err as Error).message);
  process.exit(1);
});
