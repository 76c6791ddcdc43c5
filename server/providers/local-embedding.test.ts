import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { createLocalEmbedding, LocalEmbedding } from './local-embedding';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const norm = (a: Float32Array) => Math.sqrt(cosine(a, a));

describe('LocalEmbedding', () => {
  const model = new LocalEmbedding();

  it('gives unit vectors of the configured length, the same every time', async () => {
    const [a, b] = await model.embed(['How do refunds work?', 'How do refunds work?']);
    expect(a).toHaveLength(384);
    expect(norm(a)).toBeCloseTo(1, 5);
    expect(Array.from(a)).toEqual(Array.from(b));
    const [again] = await new LocalEmbedding().embed(['How do refunds work?']);
    expect(Array.from(again)).toEqual(Array.from(a));
  });

  it('places texts that share words closer than unrelated ones', async () => {
    const [query, related, unrelated] = await model.embed([
      'refund policy for orders',
      'Our refund policy: orders can be returned within 30 days.',
      'Shipping takes three business days to Europe.',
    ]);
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
  });

  it('matches word forms through character n-grams, and ignores case', async () => {
    const [refund, refunds, shipping, upper] = await model.embed(['refund', 'refunds', 'shipping', 'REFUND']);
    expect(cosine(refund, refunds)).toBeGreaterThan(0.3);
    expect(cosine(refund, refunds)).toBeGreaterThan(cosine(refund, shipping) + 0.3);
    expect(cosine(refund, upper)).toBeCloseTo(1, 5);
  });

  it('weighs stop words lightly', async () => {
    const [a, b, c] = await model.embed(['the cat', 'the dog', 'a cat']);
    expect(cosine(a, c)).toBeGreaterThan(cosine(a, b));
  });

  it('handles empty, punctuation-only and non-Latin text', async () => {
    const [empty, dashes, greek, greek2] = await model.embed(['', '---', 'καλημέρα κόσμε', 'καλημέρα']);
    expect(norm(empty)).toBeCloseTo(1, 5);
    expect(norm(dashes)).toBeCloseTo(1, 5);
    expect(cosine(greek, greek2)).toBeGreaterThan(0.5);
  });

  it('gives the same vectors from its worker threads as on the calling thread', async () => {
    const texts = Array.from(
      { length: 2500 },
      (_, i) => `chunk ${i} about refunds, topic ${i % 13}, Ünïcode ${i}`,
    );
    const inline = new LocalEmbedding(undefined, undefined, 0).embedSync(texts);
    const parallel = await new LocalEmbedding(undefined, undefined, 2).embed(texts);
    expect(parallel).toHaveLength(texts.length);
    for (const i of [0, 1, 1249, 1250, 2499]) expect(Array.from(parallel[i])).toEqual(Array.from(inline[i]));
  });

  it('returns independent vectors for long batches, each usable on its own', async () => {
    const texts = Array.from({ length: 100 }, (_, i) => `document number ${i} about topic ${i % 7}`);
    const vectors = await model.embed(texts);
    expect(vectors).toHaveLength(100);
    for (const v of vectors) expect(norm(v)).toBeCloseTo(1, 4);
    const [single] = await model.embed([texts[42]]);
    expect(Array.from(vectors[42])).toEqual(Array.from(single));
  });

  it('takes a dimension from the config and rejects a silly one', async () => {
    const small = createLocalEmbedding({ provider: 'local', dimensions: 64 });
    const [v] = await small.embed(['hello']);
    expect(v).toHaveLength(64);
    expect(() => createLocalEmbedding({ provider: 'local', dimensions: 3 })).toThrow(ValidationError);
  });
});
