/**
 * Retrieval benchmark: prints nDCG@10, recall@10 and MRR@10 of each search mode (semantic, hybrid, keyword,
 * and the default a query gets without saying), each with and without the KB's `local` reranker.
 * Everything goes through the public SQL API of a real server (engines in a temporary data folder).
 *
 *   npm run bench:retrieval                     our labelled sets (bench/retrieval-data)
 *   npm run bench:retrieval -- --held-out       and the held-out questions over the same documents
 *   npm run bench:retrieval -- <dir> [<dir>...] any collection in BEIR's layout (corpus.jsonl, queries.jsonl,
 *                                               qrels/test.tsv), e.g. a downloaded copy of a public one
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { createApp } from '../server/app';
import { openServices } from '../server/services/index';
import { scoreDocuments } from '../server/providers/local-reranker';
import { HELD_OUT_SETS, loadHeldOut, loadSet, OWN_SETS, type LabelledSet } from './retrieval-sets';
import { ndcgAt, recallAt, reciprocalRank } from './retrieval-metrics';

const K = 10;
/** Chunks fetched per query: several chunks of one document count once, so ask for more than K. */
const CHUNK_LIMIT = 30;

interface Mode {
  name: string;
  where: string;
  /** Reorder the returned chunks with the local reranker here, to measure what the product declines to do. */
  rerankHere?: boolean;
}

const MODES: Mode[] = [
  { name: 'semantic', where: 'AND hybrid_search = false AND reranking = false' },
  { name: 'semantic + local reranker', where: 'AND hybrid_search = false' },
  { name: 'keyword (alpha 0)', where: 'AND hybrid_search_alpha = 0 AND reranking = false' },
  { name: 'keyword + local reranker', where: 'AND hybrid_search_alpha = 0' },
  { name: 'hybrid (alpha 0.5)', where: 'AND hybrid_search = true AND reranking = false' },
  { name: 'hybrid + local reranker', where: 'AND hybrid_search = true' },
  {
    name: '  (hybrid reranked anyway)',
    where: 'AND hybrid_search = true AND reranking = false',
    rerankHere: true,
  },
  { name: 'default (no options)', where: '' },
];

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

interface SqlResult {
  type: string;
  column_names?: string[];
  data?: unknown[][];
  error_message?: string;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dirs = args.filter((a) => a !== '--held-out').map((a) => path.resolve(a));
  const sets = [
    ...(dirs.length ? dirs : OWN_SETS).map(loadSet),
    ...(args.includes('--held-out') ? HELD_OUT_SETS.map(loadHeldOut) : []),
  ];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-retrieval-'));
  const deps = await openServices({ dataDir: dir });
  const app = createApp(deps);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const sql = async (query: string): Promise<SqlResult> => {
    const res = await fetch(`${base}/api/sql/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, context: { db: 'mindsdb' } }),
    });
    const body = (await res.json()) as SqlResult;
    if (body.type === 'error') throw new Error(`${query.slice(0, 120)}: ${body.error_message}`);
    return body;
  };
  try {
    for (const set of sets) await benchSet(set, dir, deps, sql);
  } finally {
    await app.close();
    await deps.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function benchSet(
  set: LabelledSet,
  dir: string,
  deps: Awaited<ReturnType<typeof openServices>>,
  sql: (q: string) => Promise<SqlResult>,
): Promise<void> {
  const table = `bench_${set.name.replace(/\W/g, '_').toLowerCase()}`;
  const csv = path.join(dir, `${table}.csv`);
  // The title leads the text, as the demo loads its articles and as BEIR evaluations do.
  const rows = set.docs.map((d) => ({
    id: d.id,
    title: d.title,
    body: d.title ? `${d.title}. ${d.text}` : d.text,
  }));
  await fs.writeFile(csv, Papa.unparse(rows, { columns: ['id', 'title', 'body'] }));
  let t0 = performance.now();
  await deps.files.importFile(table, csv, `${table}.csv`);
  await sql(
    `CREATE KNOWLEDGE_BASE mindsdb.${table}_kb USING content_columns = ['body'], metadata_columns = ['title'], ` +
      `id_column = 'id', reranking_model = {"provider": "local"}`,
  );
  await sql(`INSERT INTO mindsdb.${table}_kb SELECT id, title, body FROM files.${table}`);
  await deps.knowledgeBases.whenIdle();
  const loadMs = performance.now() - t0;
  const kinds = [...new Set(set.queries.map((q) => q.kind).filter(Boolean))] as string[];
  console.log(
    `\n${set.name}: ${set.docs.length} documents, ${set.queries.length} queries` +
      `${kinds.length ? ` (${kinds.map((k) => `${set.queries.filter((q) => q.kind === k).length} ${k}`).join(', ')})` : ''}` +
      `, loaded in ${(loadMs / 1000).toFixed(1)} s`,
  );
  const header = ['mode'.padEnd(28), 'nDCG@10', 'recall@10', 'MRR@10'];
  for (const k of kinds) header.push(`nDCG ${k}`.padStart(16));
  console.log(header.join('  '));
  for (const mode of MODES) {
    t0 = performance.now();
    const perQuery: { kind?: string; ndcg: number; recall: number; rr: number }[] = [];
    for (const q of set.queries) {
      const result = await sql(
        `SELECT id, chunk_content FROM mindsdb.${table}_kb WHERE content = ${quote(q.text)} ${mode.where} LIMIT ${CHUNK_LIMIT}`,
      );
      let hits = (result.data ?? []).map(([id, content]) => ({ id: String(id), content: String(content) }));
      if (mode.rerankHere && hits.length) {
        const scores = scoreDocuments(
          q.text,
          hits.map((h) => h.content),
        );
        hits = hits
          .map((h, i) => ({ h, s: scores[i], i }))
          .sort((a, b) => b.s - a.s || a.i - b.i)
          .map((x) => x.h);
      }
      const ranked = [...new Set(hits.map((h) => h.id))];
      const relevant = set.qrels.get(q.id)!;
      perQuery.push({
        kind: q.kind,
        ndcg: ndcgAt(K, ranked, relevant),
        recall: recallAt(K, ranked, relevant),
        rr: reciprocalRank(K, ranked, relevant),
      });
    }
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const cells = [
      mode.name.padEnd(28),
      mean(perQuery.map((p) => p.ndcg))
        .toFixed(3)
        .padStart(7),
      mean(perQuery.map((p) => p.recall))
        .toFixed(3)
        .padStart(9),
      mean(perQuery.map((p) => p.rr))
        .toFixed(3)
        .padStart(6),
      ...kinds.map((k) =>
        mean(perQuery.filter((p) => p.kind === k).map((p) => p.ndcg))
          .toFixed(3)
          .padStart(16),
      ),
    ];
    console.log(
      `${cells.join('  ')}   (${((performance.now() - t0) / set.queries.length).toFixed(1)} ms/query)`,
    );
  }
}

main().catch((err) => {
  console.error('bench:retrieval failed:', (err as Error).message);
  process.exit(1);
});
