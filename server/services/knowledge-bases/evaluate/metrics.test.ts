import { describe, expect, it } from 'vitest';
import { ndcg, scoreDocIdQuestion, summarizeDocId, summarizeRelevancy } from './metrics';

describe('retrieval metrics', () => {
  it('ranks documents, not chunks, for our metrics; MindsDB positions count chunks', () => {
    const s = scoreDocIdQuestion({ retrievedIds: ['a', 'a', 'b', 'c'], expectedIds: ['b'], queryMs: 1 });
    expect(s.chunkPosition).toBe(2);
    expect(s.rank).toBe(2);
    expect(s.reciprocalRank).toBe(0.5);
    expect(s.ndcgAt10).toBeCloseTo(1 / Math.log2(3));
    expect(s.recallAtK).toBe(1);
  });

  it('nDCG@10 and recall with several expected documents', () => {
    const expected = new Set(['x', 'y']);
    expect(ndcg(['x', 'y', 'z'], expected)).toBe(1);
    const ideal = 1 + 1 / Math.log2(3);
    expect(ndcg(['z', 'x'], expected)).toBeCloseTo(1 / Math.log2(3) / ideal);
    // A document past the tenth place does not count.
    expect(ndcg([...'abcdefghij'.split(''), 'x'], expected)).toBe(0);
    const s = scoreDocIdQuestion({ retrievedIds: ['y', 'q'], expectedIds: ['x', 'y'], queryMs: 1 });
    expect(s.recallAtK).toBe(0.5);
  });

  it('summarises hit@k, MRR and the recall curve over the questions', () => {
    const outcomes = [
      { retrievedIds: ['1', '2'], expectedIds: ['1'], queryMs: 10 },
      { retrievedIds: ['2', '3'], expectedIds: ['3'], queryMs: 30 },
      { retrievedIds: ['4', '5'], expectedIds: ['9'], queryMs: 20 },
    ];
    const m = summarizeDocId(outcomes, outcomes.map(scoreDocIdQuestion), 2);
    expect(m).toMatchObject({
      total: 3,
      total_found: 2,
      retrieved_in_top_10: 2,
      hit_at_1: 0.3333,
      hit_at_3: 0.6667,
      mrr: 0.5,
      recall_at_k: 0.6667,
      avg_query_time: 0.02,
      k: 2,
    });
    expect(JSON.parse(String(m.cumulative_recall))).toEqual({ '0': 0.3333, '1': 0.6667 });
  });

  it("follows MindsDB's llm_relevancy columns (threshold 0.5)", () => {
    const m = summarizeRelevancy([
      { scores: [0.9, 0.1], queryMs: 5 },
      { scores: [0.2, 0.6], queryMs: 5 },
      { scores: [0.1, 0.1], queryMs: 5 },
    ]);
    expect(m.mean_mrr).toBeCloseTo((1 + 0.5 + 0) / 3, 3);
    expect(JSON.parse(String(m.hit_at_k))).toEqual([0.33, 0.67]);
    expect(m.avg_first_relevant_position).toBe(0.5);
    expect(summarizeRelevancy([{ scores: [0.1], queryMs: 1 }]).avg_first_relevant_position).toBeNull();
  });
});
