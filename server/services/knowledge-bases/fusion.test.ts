import { describe, expect, it } from 'vitest';
import type { StoredChunk } from '../../engines/vector-store';
import { fuseHybrid, scaleToBest } from './fusion';
import { cosineSimilarity, semanticRelevance } from './score';
import { defaultsToHybrid, rerankerApplies } from './search';

const chunk = (id: string, distance: number | null, score: number | null = null): StoredChunk => ({
  chunkId: id,
  docId: id,
  content: id,
  metadata: {},
  distance,
  score,
});

const byRelevance = (rows: ReturnType<typeof fuseHybrid>) =>
  [...rows].sort((a, b) => b.relevance - a.relevance).map((r) => r.chunk.chunkId);

describe('hybrid fusion', () => {
  it('lets the vector side break a keyword tie', () => {
    // Equal BM25 scores: only the vector side can order these, and it must be able to.
    const near = chunk('near', 0.3, 5);
    const far = chunk('far', 0.8, 5);
    expect(byRelevance(fuseHybrid([near, far], [far, near], 0.5))).toEqual(['near', 'far']);
  });

  it('gives the vector side a real say against a keyword lead', () => {
    // Keyword 0.6 against 1, vector distance 0.3 against 0.9: 1/(1+distance) squeezed the vector difference
    // (0.77 vs 0.53) below the keyword one and ranked 'wordy' first; scaled to the best similarity
    // (1 vs 0.14) it counts fully.
    const close = chunk('close', 0.3, 3);
    const wordy = chunk('wordy', 0.9, 5);
    expect(byRelevance(fuseHybrid([close, wordy], [wordy, close], 0.5))).toEqual(['close', 'wordy']);
  });

  it('weighs the sides by alpha: 1 is the vector order, 0 the keyword order', () => {
    const a = chunk('a', 0.2, 1);
    const b = chunk('b', 0.6, 9);
    expect(byRelevance(fuseHybrid([a, b], [b, a], 1))).toEqual(['a', 'b']);
    expect(byRelevance(fuseHybrid([a, b], [b, a], 0))).toEqual(['b', 'a']);
  });

  it('keeps relevance in [0, 1], 1 for a chunk best on both sides, and scores one-sided finds', () => {
    const both = chunk('both', 0.2, 8);
    const vectorOnly = chunk('vectorOnly', 0.5);
    const keywordOnly = chunk('keywordOnly', 0.95, 2);
    const rows = fuseHybrid([both, vectorOnly], [both, keywordOnly], 0.5);
    const relevance = Object.fromEntries(rows.map((r) => [r.chunk.chunkId, r.relevance]));
    expect(relevance.both).toBe(1);
    for (const r of rows) {
      expect(r.relevance).toBeGreaterThanOrEqual(0);
      expect(r.relevance).toBeLessThanOrEqual(1);
    }
    expect(relevance.vectorOnly).toBeCloseTo(0.5 * (0.5 / 0.8), 6);
    expect(relevance.keywordOnly).toBeCloseTo(0.5 * (0.05 / 0.8) + 0.5 * (2 / 8), 6);
  });
});

describe('score normalisation', () => {
  it('scales to the best score, keeping 0 at 0 and the spread between candidates', () => {
    expect(scaleToBest([2, 1, 0])).toEqual([1, 0.5, 0]);
    expect(scaleToBest([3, 3])).toEqual([1, 1]);
    expect(scaleToBest([0, 0])).toEqual([0, 0]);
  });

  it('turns distances into similarities in [0, 1], and semantic relevance stays 1/(1+distance)', () => {
    expect(cosineSimilarity(0.25)).toBe(0.75);
    expect(cosineSimilarity(1.5)).toBe(0);
    expect(cosineSimilarity(null)).toBe(0);
    expect(semanticRelevance(1)).toBe(0.5);
  });
});

describe('search defaults', () => {
  it('searches hybrid by default only with the local embedding', () => {
    expect(defaultsToHybrid({ provider: 'local' })).toBe(true);
    expect(defaultsToHybrid({ provider: 'openai' })).toBe(false);
  });

  it('applies the local reranker to semantic searches only, model rerankers to both', () => {
    const local = { provider: 'local', model: 'x', score: async () => [] };
    const remote = { ...local, provider: 'openai' };
    expect(rerankerApplies(local, false)).toBe(true);
    expect(rerankerApplies(local, true)).toBe(false);
    expect(rerankerApplies(remote, true)).toBe(true);
  });
});
