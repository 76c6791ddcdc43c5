import { describe, expect, it } from 'vitest';
import { randomUnit } from '../test/random-vectors';
import { codedCosineDistance, decodedDot, encodeVector } from './vector-codes';

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
};

describe('vector codes', () => {
  it('decode to within 1e-4 of the float dot product, where int8 alone is 100 times coarser', () => {
    let worstCoded = 0;
    let worstCoarse = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const stored = randomUnit(384, seed, 200);
      const query = randomUnit(384, 5000 + seed, 45);
      const codes = encodeVector(stored);
      const exact = dot(query, stored);
      worstCoded = Math.max(worstCoded, Math.abs(decodedDot(query, codes) - exact));
      const coarseOnly = { ...codes, fine: new Int8Array(384), fineScale: 0 };
      worstCoarse = Math.max(worstCoarse, Math.abs(decodedDot(query, coarseOnly) - exact));
    }
    expect(worstCoded).toBeLessThan(1e-4);
    expect(worstCoarse).toBeGreaterThan(worstCoded * 20);
  });

  it('codes a zero vector as zeros and every value within the int8 range', () => {
    const zero = encodeVector(new Float32Array(8));
    expect([...zero.coarse, ...zero.fine].every((c) => c === 0)).toBe(true);
    expect(zero.coarseScale).toBe(0);
    const spike = encodeVector(Float32Array.from([1, 0, 0, -1e-9, 0.5, -0.25, 0, 0]));
    expect(Math.max(...spike.coarse.map(Math.abs))).toBe(127);
    expect(Math.max(...spike.fine.map(Math.abs))).toBeLessThanOrEqual(127);
  });

  it('gives the same distance from the codes as from the vector they code (the copy and the table agree)', () => {
    const stored = randomUnit(64, 3, 40);
    const query = randomUnit(64, 4, 9);
    const codes = encodeVector(stored);
    const copied = { ...codes, coarse: codes.coarse.slice(), fine: codes.fine.slice() };
    expect(Math.max(0, 1 - decodedDot(query, copied))).toBe(codedCosineDistance(query, stored));
    expect(Math.fround(codes.coarseScale)).toBe(codes.coarseScale);
    expect(Math.fround(codes.fineScale)).toBe(codes.fineScale);
  });
});
