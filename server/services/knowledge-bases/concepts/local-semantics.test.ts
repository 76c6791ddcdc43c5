import { describe, expect, it } from 'vitest';
import type { StoredChunk } from '../../../engines/vector-store';
import { ConceptModel } from './concept-model';
import { localSemantics } from './local-semantics';

/**
 * 600 chunks on 60 topics, five words each from the topic's six. "bank" belongs to two of them, the river and
 * the money, so on its own it places between them; only the chunks a search found first say which is meant.
 */
function corpus(): string[] {
  const random = mulberry(7);
  const topics = Array.from({ length: 60 }, (_, t) =>
    t === 0
      ? ['river', 'water', 'fish', 'boat', 'shore', 'bank']
      : t === 1
        ? ['money', 'loan', 'account', 'credit', 'interest', 'bank']
        : Array.from({ length: 6 }, (_, w) => `topic${t}word${w}`),
  );
  return Array.from({ length: 600 }, (_, i) => {
    const topic = topics[i % 60];
    return `${Array.from({ length: 5 }, () => topic[Math.floor(random() * topic.length)]).join(' ')}.`;
  });
}

const chunk = (id: string, content: string): StoredChunk => ({
  chunkId: id,
  docId: id,
  content,
  metadata: {},
  distance: 0.5,
  score: null,
});

describe('the local semantic side', () => {
  const model = ConceptModel.learn(corpus())!;
  const candidates = [
    chunk('r1', 'river bank fish'),
    chunk('r2', 'the boat by the bank of the river'),
    chunk('m1', 'bank loan credit'),
    chunk('m2', 'a bank account with interest'),
    // Neither holds the query's word: only the concept space relates them to it.
    chunk('river', 'water shore boat fish'),
    chunk('money', 'loan credit interest account'),
  ];
  const semantic = localSemantics(model, 'bank')!;
  const score = (keyword: number[]) => {
    const scores = semantic(candidates, keyword);
    return (id: string) => scores[candidates.findIndex((c) => c.chunkId === id)];
  };

  it("moves the query toward the topic of the keyword side's best candidates", () => {
    // The keyword side found the two river chunks; the vector side brought the rest.
    const riverFirst = score([1, 0.9, 0, 0, 0, 0]);
    expect(riverFirst('river')).toBeGreaterThan(riverFirst('money') + 0.2);
    const moneyFirst = score([0, 0, 1, 0.9, 0, 0]);
    expect(moneyFirst('money')).toBeGreaterThan(moneyFirst('river') + 0.2);
  });

  it('places the query by its own words when the keyword side found nothing', () => {
    const none = score([0, 0, 0, 0, 0, 0]);
    expect(Math.abs(none('river') - none('money'))).toBeLessThan(0.2);
  });
});

function mulberry(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
