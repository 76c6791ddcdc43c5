/**
 * LanceDB's ANN indexes on dense vectors, raw (no server): for each index kind and search setting, the build
 * time, the p50 latency and CPU per top-10 query, and recall@10 against the exact top 10 (brute force). The rows are those
 * of `bench:dense` (clustered unit vectors, dense-corpus.ts), written through the vector store. Prints
 * figures, asserts nothing; how the server's choice in engines/vector-index.ts was measured.
 *
 *   npx tsx bench/dense-index.ts [rows] [dims] [kinds]   (default 100,000 x 1,536; kinds e.g. hnsw,ivfpq,ivfrq)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Index, type Table, type VectorQuery } from '@lancedb/lancedb';
import * as lancedb from '@lancedb/lancedb';
import { type ChunkRecord, VectorStore } from '../server/engines/vector-store';
import { ClusteredVectors, denseQueries, denseRows, exactTop10 } from './dense-corpus';
import { percentile } from './http-sql';
import { loadAverage } from './proc-stats';

const ROWS = Number(process.argv[2] ?? 100_000);
const DIMS = Number(process.argv[3] ?? 1536);
const KINDS = (process.argv[4] ?? 'hnsw,ivfpq,ivfrq,ivfflat').split(',');
const QUERIES = 200;
const BATCH = 5_000;

interface Setting {
  label: string;
  tune: (q: VectorQuery) => VectorQuery;
}

const partitions = Math.max(1, Math.round(Math.sqrt(ROWS)));
const CONFIGS: Record<string, { index: () => Index; settings: Setting[] }> = {
  hnsw: {
    index: () =>
      Index.hnswSq({ distanceType: 'cosine', numPartitions: Math.max(1, Math.round(ROWS / 12_500)) }),
    settings: [
      { label: 'ef 150, refine 2', tune: (q) => q.ef(150).refineFactor(2) },
      { label: 'ef 50, refine 2', tune: (q) => q.ef(50).refineFactor(2) },
      { label: 'ef 30', tune: (q) => q.ef(30) },
    ],
  },
  ivfpq: {
    index: () => Index.ivfPq({ distanceType: 'cosine', numPartitions: partitions, numSubVectors: DIMS / 16 }),
    settings: [
      { label: 'nprobes 10, refine 5', tune: (q) => q.nprobes(10).refineFactor(5) },
      { label: 'nprobes 20, refine 5', tune: (q) => q.nprobes(20).refineFactor(5) },
      { label: 'nprobes 20', tune: (q) => q.nprobes(20) },
    ],
  },
  ivfrq: {
    index: () => Index.ivfRq({ distanceType: 'cosine', numPartitions: partitions }),
    settings: [
      { label: 'nprobes 10, refine 5', tune: (q) => q.nprobes(10).refineFactor(5) },
      { label: 'nprobes 20, refine 10', tune: (q) => q.nprobes(20).refineFactor(10) },
      { label: 'nprobes 20', tune: (q) => q.nprobes(20) },
    ],
  },
  ivfflat: {
    index: () => Index.ivfFlat({ distanceType: 'cosine', numPartitions: partitions }),
    settings: [
      { label: 'nprobes 5', tune: (q) => q.nprobes(5) },
      { label: 'nprobes 10', tune: (q) => q.nprobes(10) },
      { label: 'nprobes 20', tune: (q) => q.nprobes(20) },
    ],
  },
};

async function top10(table: Table, vectors: Float32Array[], tune: (q: VectorQuery) => VectorQuery) {
  const ids: string[][] = [];
  const latencies: number[] = [];
  const cpu0 = process.cpuUsage();
  for (const v of vectors) {
    const t0 = performance.now();
    const q = tune(table.vectorSearch(v).distanceType('cosine'))
      .select(['id', 'doc_id', 'content', 'metadata', '_distance'])
      .limit(10);
    ids.push((await q.toArray()).map((r: { id: string }) => r.id));
    latencies.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ids, p50: percentile(latencies, 50), cpuMs: (cpu.user + cpu.system) / 1000 / vectors.length };
}

function recall(found: string[][], truth: string[][]): number {
  let hits = 0;
  found.forEach((ids, i) => (hits += ids.filter((id) => truth[i].includes(id)).length));
  return hits / (truth.length * 10);
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-dense-index-'));
  try {
    const store = await VectorStore.open(dir, { annThreshold: Number.MAX_SAFE_INTEGER, exactSearchBytes: 0 });
    await store.createTable('t', DIMS);
    const vectors = new ClusteredVectors(DIMS);
    let t0 = performance.now();
    let batch: ChunkRecord[] = [];
    for (const row of denseRows(ROWS)) {
      const vector = vectors.vectorOf(row.text);
      batch.push({ id: row.id, docId: row.id, content: row.text, metadata: {}, filterable: {}, vector });
      if (batch.length === BATCH) {
        await store.upsert('t', batch, []);
        batch = [];
      }
    }
    if (batch.length) await store.upsert('t', batch, []);
    store.close();
    const db = await lancedb.connect(dir);
    const table = await db.openTable('t');
    await table.optimize();
    console.log(
      `${ROWS} x ${DIMS} written and compacted in ${((performance.now() - t0) / 1000).toFixed(1)} s (${loadAverage()})`,
    );
    const queries = denseQueries(QUERIES).map((q) => vectors.vectorOf(q));
    const exact = { ids: exactTop10(vectors, queries, denseRows(ROWS)) };
    for (const kind of KINDS) {
      const config = CONFIGS[kind];
      t0 = performance.now();
      await table.createIndex('vector', { name: 'vector_idx', replace: true, config: config.index() });
      console.log(`${kind}: built in ${((performance.now() - t0) / 1000).toFixed(1)} s (${loadAverage()})`);
      for (const setting of config.settings) {
        await top10(table, queries.slice(0, 10), setting.tune);
        const r = await top10(table, queries, setting.tune);
        console.log(
          `  ${setting.label.padEnd(24)} p50 ${r.p50.toFixed(2)} ms, CPU ${r.cpuMs.toFixed(2)} ms per query, ` +
            `recall@10 ${recall(r.ids, exact.ids).toFixed(3)} (${loadAverage()})`,
        );
      }
    }
    db.close();
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('dense-index failed:', err);
  process.exit(1);
});
