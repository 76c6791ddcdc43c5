/** Words apart at most for two query terms to count as used together. */
const WINDOW = 8;

/**
 * How closely a chunk uses the query's terms together: for each pair of them found within a few words of each
 * other, more the closer they stand and the rarer they are. BM25 counts each term on its own, wherever it
 * stands; a chunk that says "heat transfer" answers a query about heat transfer better than one that mentions
 * heat in one sentence and a transfer in another. `words` are the chunk's words in order (stemmed as the
 * terms are); `weight` is a term's rarity.
 */
export function proximity(
  terms: readonly string[],
  words: readonly string[],
  weight: (term: string) => number,
): number {
  if (terms.length < 2) return 0;
  const positions = new Map<string, number[]>(terms.map((t) => [t, []]));
  words.forEach((w, i) => positions.get(w)?.push(i));
  let score = 0;
  for (let a = 0; a < terms.length; a++) {
    const pa = positions.get(terms[a])!;
    if (pa.length === 0) continue;
    for (let b = a + 1; b < terms.length; b++) {
      const pb = positions.get(terms[b])!;
      if (pb.length === 0) continue;
      let nearest = Infinity;
      // Both lists are in order: one merge-like walk finds the closest pair.
      for (let i = 0, j = 0; i < pa.length && j < pb.length;) {
        nearest = Math.min(nearest, Math.abs(pa[i] - pb[j]));
        if (pa[i] < pb[j]) i++;
        else j++;
      }
      if (nearest > WINDOW) continue;
      const wa = weight(terms[a]);
      const wb = weight(terms[b]);
      score += wa + wb > 0 ? (wa * wb) / (wa + wb) / nearest : 0;
    }
  }
  return score;
}
