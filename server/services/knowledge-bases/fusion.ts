import type { StoredChunk } from '../../engines/vector-store';
import { cosineSimilarity } from './score';

/** A chunk with the normalised score of each side of a hybrid search (0 for a side that did not find it). */
export interface FusedChunk {
  chunk: StoredChunk;
  vector: number;
  keyword: number;
  relevance: number;
}

/**
 * Scales scores so that the best is 1 and 0 stays 0 (`score / max`). Unlike min-max scaling, a side whose
 * candidates all score alike keeps them alike, and a single weak candidate is not promoted to 1 by its own
 * weakness being the minimum too; unlike `1/(1+distance)` the spread between candidates is kept, so the side
 * can still reorder them.
 */
export function scaleToBest(scores: readonly number[]): number[] {
  const best = Math.max(0, ...scores);
  return scores.map((s) => (best > 0 ? Math.max(0, s) / best : 0));
}

/**
 * Hybrid fusion: `relevance = alpha * vector + (1 - alpha) * keyword`, each side's score scaled to its own
 * best candidate (cosine similarity for the vector side, BM25 for the keyword side).
 *
 * Why normalised scores rather than reciprocal-rank fusion: the result must carry a relevance in [0, 1] that a
 * `relevance >= x` filter can use, and `hybrid_search_alpha` must keep its meaning of a weight between the
 * sides; rank fusion yields neither (its scores are tiny, and they say nothing about how far apart two ranks
 * are). Scaling by the best score rather than squeezing distances through `1/(1+distance)` lets the vector side
 * count: cosine similarities of a query's candidates spread over a wide range, which that formula flattened.
 *
 * The vector side's score is the chunk's cosine similarity to the query, or what `semantic` says of the
 * candidates (already scaled to [0, 1]; for the `local` embedding, see local-semantics.ts).
 *
 * A chunk that only the keyword side found still has its vector similarity (the store computes it), so both
 * sides score every candidate the keyword side returns; a chunk only the vector side found has no keyword
 * score, which is right: the keyword side ranked it below its own candidates.
 */
export function fuseHybrid(
  vector: readonly StoredChunk[],
  keyword: readonly StoredChunk[],
  alpha: number,
  semantic?: (chunks: readonly StoredChunk[], keywordScores: readonly number[]) => number[],
): FusedChunk[] {
  const merged = new Map<string, { chunk: StoredChunk; bm25: number }>();
  for (const c of vector) merged.set(c.chunkId, { chunk: c, bm25: 0 });
  for (const k of keyword) {
    const entry = merged.get(k.chunkId);
    merged.set(k.chunkId, { chunk: entry?.chunk ?? k, bm25: k.score ?? 0 });
  }
  const entries = [...merged.values()];
  const chunks = entries.map((e) => e.chunk);
  const keywordScores = scaleToBest(entries.map((e) => e.bm25));
  const vectorScores = semantic
    ? semantic(chunks, keywordScores)
    : scaleToBest(chunks.map((c) => cosineSimilarity(c.distance)));
  return entries.map((e, i) => ({
    chunk: e.chunk,
    vector: vectorScores[i],
    keyword: keywordScores[i],
    relevance: alpha * vectorScores[i] + (1 - alpha) * keywordScores[i],
  }));
}
