/** Ranking measures of one query: `ranked` is the documents returned, best first; `relevant` the judgements. */

/**
 * nDCG@k with linear gains (the judgement's grade) and log2(rank + 1) discounts, as the public collections'
 * own scorer computes it (`score.py`), so that figures here and there can be compared.
 */
export function ndcgAt(k: number, ranked: readonly string[], relevant: ReadonlyMap<string, number>): number {
  const gain = (g: number, i: number) => g / Math.log2(i + 2);
  const dcg = ranked.slice(0, k).reduce((sum, doc, i) => sum + gain(relevant.get(doc) ?? 0, i), 0);
  const ideal = [...relevant.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + gain(g, i), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

export function recallAt(
  k: number,
  ranked: readonly string[],
  relevant: ReadonlyMap<string, number>,
): number {
  const found = ranked.slice(0, k).filter((d) => relevant.has(d)).length;
  return relevant.size > 0 ? found / relevant.size : 0;
}

/** Reciprocal rank of the first relevant document within the top k (MRR@k once averaged). */
export function reciprocalRank(
  k: number,
  ranked: readonly string[],
  relevant: ReadonlyMap<string, number>,
): number {
  const i = ranked.slice(0, k).findIndex((d) => relevant.has(d));
  return i === -1 ? 0 : 1 / (i + 1);
}
