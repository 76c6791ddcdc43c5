/**
 * Scores of a knowledge-base search. Every `relevance` is in [0, 1], higher is better, so that one
 * `relevance >= x` filter means the same kind of thing in every search mode.
 */

/** Relevance of a plain semantic search, as MindsDB defines it: `1 / (1 + distance)`. */
export const semanticRelevance = (distance: number | null): number =>
  distance === null ? 0 : 1 / (1 + distance);

/** Cosine similarity from a cosine distance, clipped to [0, 1] (opposite vectors say nothing more than unrelated ones). */
export const cosineSimilarity = (distance: number | null): number =>
  distance === null ? 0 : Math.min(1, Math.max(0, 1 - distance));
