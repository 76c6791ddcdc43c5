/**
 * Where the shared vector tables live, measured (docs/scaling.md): the same knowledge base built and searched
 * through SQL with its tables in a shared folder and in object storage (Azure's Blob Storage emulator on
 * loopback, the store the tests use), both beside a catalog on a real PostgreSQL. Prints ingest chunks/s, when
 * the ANN index and the in-memory search copy are ready, and search p50/p95 and CPU per search by mode (read
 * from the copy while no other server writes the table); asserts nothing. Loopback has no network latency: against a
 * cloud bucket every read adds round trips, so these figures are the floor of object storage, not its cost.
 * Usage: npx tsx bench/object-store.ts [rows]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_INDEX_POLICY } from '../server/engines/vector-index';
import { openServices, type ServiceOptions } from '../server/open-services';
import { startObjectStore } from '../server/test/object-store-server';
import { startPostgres } from '../server/test/sources/servers';
import { corpus, writeCorpusCsv } from './kb-corpus';
import { benchSearchModes } from './kb-search';
import { sqlRunner } from './sql-runner';

const ROWS = Number(process.argv[2] ?? 20_000);
const QUERIES = 200;

async function measure(label: string, options: Partial<ServiceOptions>, csv: string): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-object-store-'));
  const deps = await openServices({ dataDir, demo: false, log: (m) => console.error(m), ...options });
  const sql = sqlRunner(deps);
  try {
    await deps.files.importFile('docs', csv, 'docs.csv');
    const kb = `bench_${label.replace(/\W+/g, '_')}`;
    await sql(`CREATE KNOWLEDGE_BASE ${kb} USING metadata_columns = ['author', 'year']`);
    const t0 = performance.now();
    await sql(`INSERT INTO ${kb} SELECT id, content, author, year FROM files.docs`);
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `\n${label}: ingest ${ROWS} rows in ${seconds.toFixed(1)} s = ${Math.round(ROWS / seconds)} chunks/s`,
    );
    // The index builds that follow a load run in the background: searches are timed once they are done.
    const t1 = performance.now();
    await deps.knowledgeBases.whenIdle();
    const state = await deps.knowledgeBases.indexState('mindsdb', kb);
    console.log(
      `${label}: indexes ready ${((performance.now() - t1) / 1000).toFixed(1)} s after the load ` +
        `(ANN index: ${state?.ann ? 'yes' : `no, under ${DEFAULT_INDEX_POLICY.annThreshold} rows a search scans`})`,
    );
    const { topics, sentence } = corpus();
    const queries = Array.from({ length: QUERIES }, (_, i) => sentence(topics[(i * 7) % topics.length], 4));
    // The first search starts loading the in-memory copy that later searches read while the table is unchanged.
    const t2 = performance.now();
    await sql(`SELECT id FROM ${kb} WHERE content = 'warm up' LIMIT 1`);
    await deps.knowledgeBases.whenIdle();
    const copy = await deps.knowledgeBases.searchCopy('mindsdb', kb);
    console.log(
      `${label}: search copy ${copy.state} (${copy.rows} rows) ${((performance.now() - t2) / 1000).toFixed(1)} s after the first search`,
    );
    await benchSearchModes(sql, kb, queries);
  } finally {
    await deps.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [postgres, store] = await Promise.all([startPostgres(), startObjectStore()]);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-object-store-'));
  try {
    const csv = path.join(work, 'docs.csv');
    await writeCorpusCsv(csv, ROWS);
    await store.createContainer('vectors');
    // One catalog for both runs: their knowledge bases have names of their own.
    const catalogUrl = `postgres://${postgres.user}:${encodeURIComponent(postgres.password)}@127.0.0.1:${postgres.port}/${postgres.database}`;
    console.log(
      `${ROWS} one-chunk rows, local embedding, ${QUERIES} queries per mode; catalog on PostgreSQL`,
    );
    await measure('shared folder', { catalogUrl, vectorsDir: path.join(work, 'vectors') }, csv);
    await measure(
      'object storage',
      { catalogUrl, vectorsUri: 'az://vectors/bench', vectorsStorageOptions: store.storageOptions },
      csv,
    );
  } finally {
    await Promise.all([postgres.stop(), store.stop()]);
    await fs.rm(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
