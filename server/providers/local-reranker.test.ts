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

  it('keeps candidates that hold the same query terms apart: the denser mention scores higher', () => {
    // Before, every candidate holding "file" once scored alike, and a results table showed two values only.
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const documents = [2, 5, 10, 20, 40, 80].map((n) => `The file ${filler(n)}.`);
    documents.push('The file and the file again, a file.');
    const scores = scoreDocuments('upload a csv file', documents);
    expect(new Set(scores).size).toBe(documents.length);
    // Shorter documents first; three mentions in a short one beat one mention in any.
    const byLength = scores.slice(0, 6);
    expect(byLength).toEqual([...byLength].sort((a, b) => b - a));
    expect(scores[6]).toBeGreaterThan(scores[0]);
    // Still a share of the query: one term of three, however dense, stays below a full match.
    expect(Math.max(...scores)).toBeLessThan(scoreDocuments('upload a csv file', ['upload a csv file'])[0]);
    for (const s of scores) expect(s).toBeGreaterThan(0);
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
