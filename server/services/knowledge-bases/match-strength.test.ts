import { describe, expect, it } from 'vitest';
import type { StoredChunk } from '../../engines/vector-store';
import { fuseHybrid } from './fusion';
import { anchorRelevance, matchStrength, termCoverage } from './match-strength';

const chunk = (id: string, content: string, distance: number, score: number): StoredChunk => ({
  chunkId: id,
  docId: id,
  content,
  metadata: {},
  distance,
  score,
});

describe('term coverage', () => {
  it('is the share of the query terms the text holds, stemmed, question words aside', () => {
    expect(termCoverage('How do I cancel my orders?', 'Orders can be cancelled within a day.')).toBe(1);
    expect(termCoverage('cancel orders', 'Orders ship in a day.')).toBe(0.5);
    expect(termCoverage('cancel orders', 'Nothing here.')).toBe(0);
  });
});

describe('anchored hybrid relevance', () => {
  it('keeps the order and gives the best its absolute match strength', () => {
    const fused = fuseHybrid(
      [chunk('a', 'refund policy text', 0.4, 0), chunk('b', 'refund text', 0.6, 0)],
      [chunk('a', 'refund policy text', 0.4, 6), chunk('b', 'refund text', 0.6, 3)],
      0.5,
    );
    const anchored = anchorRelevance('refund policy', fused, 0.5);
    const best = anchored.find((f) => f.chunk.chunkId === 'a')!;
    const other = anchored.find((f) => f.chunk.chunkId === 'b')!;
    expect(best.relevance).toBeCloseTo(0.5 * 0.6 + 0.5 * 1, 6);
    expect(best.relevance).toBeCloseTo(matchStrength('refund policy', best, 0.5), 6);
    const ratio =
      fused.find((f) => f.chunk.chunkId === 'b')!.relevance /
      fused.find((f) => f.chunk.chunkId === 'a')!.relevance;
    expect(other.relevance / best.relevance).toBeCloseTo(ratio, 6);
  });

  it('scores the best of a weak lot low, where the side-by-side scaling gave it 1', () => {
    const weak = [chunk('w', 'shipping to europe', 0.9, 1)];
    const fused = fuseHybrid(weak, weak, 0.5);
    expect(fused[0].relevance).toBeCloseTo(1, 6);
    const [anchored] = anchorRelevance('visa rules for europe holidays', fused, 0.5);
    expect(anchored.relevance).toBeCloseTo(0.5 * 0.1 + 0.5 * 0.25, 6);
  });

  it('gives 0 to candidates when nothing scored', () => {
    const none = fuseHybrid([chunk('z', 'x', 1.5, 0)], [], 0.5);
    expect(anchorRelevance('q', none, 0.5)[0].relevance).toBe(0);
  });
});
