import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { assembleScanKernel } from '../../../scripts/build-scan-kernel.mjs';
import { QuantisedBlocks } from './scan-kernel';
import { scanErrorBound } from './candidates';
import { QueryWeights, type ScanQuery } from './query-weights';
import { TopScores } from './top-scores';
import { encodeVector } from '../vector-codes';
import { randomUnit } from '../../test/random-vectors';

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

  /** Every row's score, as the kernel hands it back with a floor below every score. */
  const allScores = (blocks: QuantisedBlocks, query: ScanQuery, rows: number) => {
    const seen = new Float32Array(rows).fill(NaN);
    blocks.score(
      query,
      () => -Infinity,
      (first, candidates) => {
        for (let k = 0; k < candidates.count; k++) {
          const row = first + candidates.rows[k];
          if (row < rows) seen[row] = candidates.scores[k];
        }
      },
    );
    return seen;
  };

  it('scores and bounds a search rounded once exactly as the query rounded by each scan', () => {
    const dims = 64;
    const blocks = new QuantisedBlocks(dims, 32);
    const rows = Array.from({ length: 100 }, (_, i) => randomUnit(dims, 100 + i));
    for (const row of rows) blocks.append(row);
    for (const nonZero of [5, dims]) {
      const query = randomUnit(dims, 7 + nonZero, nonZero);
      const weights = QueryWeights.of(query, dims);
      expect(allScores(blocks, weights, rows.length)).toEqual(allScores(blocks, query, rows.length));
      expect(scanErrorBound(blocks, weights, 1.2, 0.01)).toBe(scanErrorBound(blocks, query, 1.2, 0.01));
      expect(blocks.scanTask(weights)).toEqual(blocks.scanTask(query));
    }
  });

  it('takes staged rows into its own memory in place of its rows, and lets the staged memory go', () => {
    const dims = 40;
    const vectors = Array.from({ length: 700 }, (_, i) => randomUnit(dims, 300 + i));
    const blocks = new QuantisedBlocks(dims, 32);
    vectors.forEach((v) => blocks.append(v));
    const memory = blocks.heldBytes;
    // The same rows in reverse, fewer of them: staged outside WebAssembly, then adopted.
    const staged = new QuantisedBlocks(dims, 32, true);
    const kept = vectors.slice(100).reverse();
    kept.forEach((v) => staged.append(v));
    expect(staged.heldBytes).toBeGreaterThan(0);
    blocks.adopt(staged);
    expect(staged.heldBytes).toBe(0);
    expect(blocks.heldBytes).toBe(memory);
    expect(blocks.size).toBe(600);
    const query = randomUnit(dims, 9);
    const fresh = new QuantisedBlocks(dims, 32);
    kept.forEach((v) => fresh.append(v));
    // Scored as blocks filled with those rows would be; rows past the last (the old 100) score nothing.
    expect(allScores(blocks, query, 704)).toEqual(allScores(fresh, query, 704));
    expect(() => new QuantisedBlocks(dims, 64).adopt(new QuantisedBlocks(dims, 32, true))).toThrow(/shape/);
  });

  it('scores every row across blocks as the float dot product does, to int8 precision', () => {
    const dims = 48;
    const blocks = new QuantisedBlocks(dims, 32);
    const rows = Array.from({ length: 103 }, (_, i) => randomUnit(dims, i + 1));
    for (const row of rows) blocks.append(row);
    // An odd number of non-zero dimensions: the last one is scored alone.
    for (const nonZero of [5, 6, 48]) {
      const query = randomUnit(dims, 999 + nonZero, nonZero);
      const seen = allScores(blocks, query, rows.length);
      rows.forEach((row, i) => expect(seen[i]).toBeCloseTo(dot(row, query), 2));
    }
    blocks.clear(7);
    expect(allScores(blocks, randomUnit(dims, 5, 6), rows.length)[7]).toBe(0);
  });

  it("keeps every score within its stated error of the query's dot product with the row's coarse vector", () => {
    for (const dims of [48, 384, 1536]) {
      const blocks = new QuantisedBlocks(dims, 64);
      const rows = Array.from({ length: 64 }, (_, i) => randomUnit(dims, i + 1));
      const coarse = rows.map((row) => {
        const codes = encodeVector(row);
        return Float64Array.from(codes.coarse, (c) => c * codes.coarseScale);
      });
      for (const row of rows) blocks.append(row);
      const rowNorm = Math.max(...coarse.map((c) => Math.sqrt(dot(c, c))));
      for (const nonZero of [7, dims]) {
        const query = randomUnit(dims, 5000 + nonZero, nonZero);
        const error = QueryWeights.of(query, dims).scoreError(rowNorm);
        // Small (the query's rounding to int16 weights), yet never passed.
        expect(error).toBeLessThan(1e-3);
        const seen = allScores(blocks, query, rows.length);
        coarse.forEach((c, i) => expect(Math.abs(seen[i] - dot(c, query))).toBeLessThanOrEqual(error));
      }
    }
  });

  it('hands back only the rows above the floor it is given before each block', () => {
    const dims = 32;
    const blocks = new QuantisedBlocks(dims, 32);
    const rows = Array.from({ length: 96 }, (_, i) => randomUnit(dims, i + 40));
    for (const row of rows) blocks.append(row);
    const query = randomUnit(dims, 7, 9);
    const floors = [0.3, 0.1, 0.5];
    const handed: number[] = [];
    let block = 0;
    blocks.score(
      query,
      () => floors[block++],
      (first, candidates) => {
        for (let k = 0; k < candidates.count; k++) handed.push(first + candidates.rows[k]);
      },
    );
    const expected = rows.flatMap((row, i) =>
      dot(row, query) > floors[Math.floor(i / 32)] + 0.01 ? [i] : [],
    );
    for (const row of expected) expect(handed).toContain(row);
    for (const row of handed)
      expect(dot(rows[row], query)).toBeGreaterThan(floors[Math.floor(row / 32)] - 0.01);
  });

  it('keeps sums in range for wide, even vectors (every dimension at its largest)', () => {
    const dims = 3072;
    const blocks = new QuantisedBlocks(dims, 32);
    const even = new Float32Array(dims).fill(1 / Math.sqrt(dims));
    blocks.append(even);
    blocks.append(even.map((x, d) => (d % 2 ? x : -x)));
    const seen = allScores(blocks, even, 2);
    expect(seen[0]).toBeCloseTo(1, 2);
    expect(seen[1]).toBeCloseTo(0, 2);
  });

  it('scores nothing for a zero query', () => {
    const blocks = new QuantisedBlocks(16, 32);
    blocks.append(randomUnit(16, 3));
    let visited = 0;
    expect(
      blocks.score(
        new Float32Array(16),
        () => -Infinity,
        () => visited++,
      ),
    ).toBe(0);
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
