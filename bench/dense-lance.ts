/**
 * What bench:dense (dense.ts) compares its search with: the same queries straight on LanceDB's table, and the
 * recall of a list of top-10 ids against the exact ones.
 */
import type * as lancedb from '@lancedb/lancedb';
import { performance } from 'node:perf_hooks';

/** Top-10 document ids of each query straight from LanceDB's table, with its own default query. */
export async function lanceTop10(table: lancedb.Table, vectors: Float32Array[]) {
  const latencies: number[] = [];
  const ids: string[][] = [];
  for (const v of vectors) {
    const t0 = performance.now();
    const rows = await table
      .vectorSearch(v)
      .distanceType('cosine')
      .select(['id', 'doc_id', 'content', 'metadata', '_distance'])
      .limit(10)
      .toArray();
    latencies.push(performance.now() - t0);
    ids.push(rows.map((r: { doc_id: string }) => String(r.doc_id)));
  }
  return { latencies, ids };
}

/** Share of the exact top 10 that each query's ids found, over all queries. */
export const recallOf = (found: string[][], truth: string[][]) => {
  let hits = 0;
  found.forEach((ids, i) => {
    const exact = new Set(truth[i]);
    hits += ids.filter((id) => exact.has(id)).length;
  });
  return hits / (truth.length * 10);
};
