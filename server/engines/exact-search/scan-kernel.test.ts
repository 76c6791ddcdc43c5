import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { assembleScanKernel } from '../../../scripts/build-scan-kernel.mjs';
import { QuantisedBlocks } from './scan-kernel';
import { TopScores } from './top-scores';

/** A deterministic pseudo-random unit vector with about `nonZero` non-zero dimensions. */
export function randomUnit(dims: number, seed: number, nonZero = dims): Float32Array {
  let state = seed * 2654435761;
  const next = () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
    return ((state >>> 0) % 100000) / 100000;
  };
  const v = new Float32Array(dims);
  for (let i = 0; i < nonZero; i++) v[Math.floor(next() * dims)] += next() - 0.5;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
};

describe('QuantisedBlocks', () => {
  it('is loaded from a .wasm that matches its .wat source', async () => {
    const assembled = (await assembleScanKernel()) as Buffer;
    const committed = fs.readFileSync(new URL('./scan-kernel.wasm', import.meta.url));
    expect(Buffer.compare(assembled, committed)).toBe(0);
  });

  it('scores every row across blocks as the float dot product does, to int8 precision', () => {
    const dims = 48;
    const blocks = new QuantisedBlocks(dims, 32);
    const rows = Array.from({ length: 103 }, (_, i) => randomUnit(dims, i + 1));
    for (const row of rows) blocks.append(row);
    const query = randomUnit(dims, 999, 6);
    const seen = new Float32Array(rows.length).fill(NaN);
    blocks.score(query, (first, scores) => {
      for (let i = 0; i < scores.length && first + i < rows.length; i++) seen[first + i] = scores[i];
    });
    rows.forEach((row, i) => {
      expect(seen[i]).toBeCloseTo(dot(row, query), 2);
    });
    blocks.clear(7);
    blocks.score(query, (first, scores) => {
      if (first === 0) expect(scores[7]).toBe(0);
    });
  });

  it('scores nothing for a zero query', () => {
    const blocks = new QuantisedBlocks(16);
    blocks.append(randomUnit(16, 3));
    let visited = 0;
    expect(blocks.score(new Float32Array(16), () => visited++)).toBe(0);
    expect(visited).toBe(0);
  });
});

describe('TopScores', () => {
  it('keeps the highest scores, highest first, ties by row', () => {
    const top = new TopScores(3);
    [0.5, 0.9, 0.1, 0.9, 0.7, -1].forEach((score, row) => top.offer(score, row));
    expect(top.sorted()).toEqual([
      { score: expect.closeTo(0.9, 5), row: 1 },
      { score: expect.closeTo(0.9, 5), row: 3 },
      { score: expect.closeTo(0.7, 5), row: 4 },
    ]);
  });
});
