import { describe, expect, it } from 'vitest';
import { annIndexOptions } from './vector-index';

describe('ANN index settings', () => {
  it('gives a partition per 12,500 rows and builds large tables with fewer candidates per insertion', () => {
    expect(annIndexOptions(100_000)).toEqual({ distanceType: 'cosine', numPartitions: 8 });
    expect(annIndexOptions(1_000)).toMatchObject({ numPartitions: 1 });
    expect(annIndexOptions(1_000_000)).toEqual({
      distanceType: 'cosine',
      numPartitions: 80,
      efConstruction: 150,
    });
  });
});
