import { describe, expect, it } from 'vitest';
import { QueryWeights, weightsFor } from './query-weights';
import { QuantisedBlocks } from './scan-kernel';
import { randomUnit } from '../../test/random-vectors';

describe('QueryWeights', () => {
  it('rounds each dimension to the nearest unit of its scale, within half a unit', () => {
    const query = randomUnit(96, 3);
    const weights = QueryWeights.of(query, 96);
    expect(weights.scale).toBeGreaterThan(0);
    let rounding = 0;
    for (let d = 0; d < 96; d++) {
      const moved = query[d] - weights.weights[d] * weights.scale;
      expect(Math.abs(moved)).toBeLessThanOrEqual(weights.scale / 2 + 1e-12);
      rounding += moved * moved;
    }
    expect(weights.roundingNorm).toBeCloseTo(Math.sqrt(rounding), 12);
    expect(weights.norm).toBeCloseTo(1, 6);
    // The largest weight is as large as the kernel's i32 sums allow, and int16 at most.
    expect(Math.max(...weights.weights.map(Math.abs))).toBeLessThanOrEqual(32767);
  });

  it('scores nothing for a zero query and refuses weights rounded for other dimensions', () => {
    const zero = QueryWeights.of(new Float32Array(16), 16);
    expect(zero.scale).toBe(0);
    expect(zero.scoreError(1)).toBe(0);
    const blocks = new QuantisedBlocks(16, 32);
    blocks.append(randomUnit(16, 1));
    expect(blocks.scanTask(zero)).toBeNull();
    expect(() => weightsFor(QueryWeights.of(randomUnit(8, 2), 8), 16)).toThrow(/8 dimensions/);
  });
});
