import { describe, expect, it } from 'vitest';
import { annIndexOptions } from './vector-index';
import { scanFits } from './exact-search/exact-search';

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

describe('scan or index', () => {
  it("scans a million-row copy for a local model's query and leaves dense queries on large tables to the index", () => {
    expect(scanFits(80, 1_000_000, true)).toBe(true);
    expect(scanFits(384, 1_000_000, true)).toBe(false);
    expect(scanFits(1536, 100_000, true)).toBe(false);
    expect(scanFits(1536, 50_000, true)).toBe(true);
    expect(scanFits(1536, 5_000_000, false)).toBe(true);
  });
});
