import { describe, expect, it } from 'vitest';
import { LocalReranker, scoreDocuments, stem } from './local-reranker';

describe('LocalReranker', () => {
  it('scores in [0, 1]: full coverage > partial > none', async () => {
    const scores = await new LocalReranker().score('refund policy for damaged orders', [
      'Refund policy: damaged orders are refunded in full.',
      'Our policy on shipping.',
      'Opening hours are 9 to 5.',
    ]);
    expect(scores[0]).toBeGreaterThan(scores[1]);
    expect(scores[1]).toBeGreaterThan(scores[2]);
    expect(scores[2]).toBe(0);
    for (const s of scores) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  });

  it('rewards the query phrase in order', () => {
    const [inOrder, scattered] = scoreDocuments('credit card', [
      'We accept any credit card.',
      'Card games earn store credit.',
    ]);
    expect(inOrder).toBeGreaterThan(scattered);
  });

  it('gives rare terms more weight than terms every candidate has', () => {
    const [rare, common] = scoreDocuments('invoice warranty', [
      'invoice copy',
      'warranty terms',
      'warranty claim',
      'warranty length',
    ]);
    expect(rare).toBeGreaterThan(common);
  });

  it('falls back to stop words when the query has nothing else, and scores empty input as 0', () => {
    expect(scoreDocuments('to be or not to be', ['To be, or not to be.', 'Hamlet'])[0]).toBeGreaterThan(0.5);
    expect(scoreDocuments('', ['anything'])).toEqual([0]);
    expect(scoreDocuments('query', [])).toEqual([]);
  });

  it('stems common endings', () => {
    expect(['refunds', 'refunded', 'refunding', 'refund'].map(stem)).toEqual([
      'refund',
      'refund',
      'refund',
      'refund',
    ]);
    expect(stem('policies')).toBe('policy');
    expect(stem('is')).toBe('is');
  });
});
