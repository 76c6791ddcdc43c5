import { describe, expect, it } from 'vitest';
import { MirroredTable, type MirrorRow } from './mirrored-table';
import { randomUnit } from '../../test/random-vectors';
import { codedCosineDistance, encodeVector } from '../vector-codes';
import type { QuantisedBlocks } from './scan-kernel';
import { keepsFineCodes, leastBytesOf } from './copy-form';

const DIMS = 32;
/** Row `n`: a dense vector by default (most values non-zero), or one of `nonZero` values at most. */
const denseOrSparseRow = (n: number, nonZero = DIMS): MirrorRow => ({
  id: `c${n}`,
  docId: `d${n % 3000}`,
  content: `chunk ${n}`,
  metadataJson: JSON.stringify({ n }),
  vector: randomUnit(DIMS, n + 1, nonZero),
  filterable: new Map([['n', { text: String(n), number: n }]]),
});

/** The true nearest ids among `held`, by the distance of their decoded vectors (what the copy answers). */
function nearest(held: Map<string, MirrorRow>, query: Float32Array, k: number): string[] {
  return [...held.values()]
    .map((r) => ({ id: r.id, distance: codedCosineDistance(query, r.vector) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, k)
    .map((r) => r.id);
}

/** `count` unit vectors within `spread` of `centre`: near-ties for a query at the centre. */
function around(centre: Float32Array, count: number, spread: number, seed: number): Float32Array[] {
  return Array.from({ length: count }, (_, i) => {
    const noise = randomUnit(centre.length, seed + i);
    const v = centre.map((x, d) => x + spread * noise[d]);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

describe('MirroredTable', () => {
  it.each([
    // Dense rows go to blocks of one strip, whose columns follow each other in memory.
    { kind: 'dense', nonZero: DIMS, largeBlocks: 32 },
    // Sparse ones to large blocks, of which a query reads only its own columns.
    { kind: 'sparse', nonZero: 4, largeBlocks: 4096 },
  ])(
    'answers the exact nearest $kind rows as it grows past small blocks, loses removed ones, and compacts',
    ({ nonZero, largeBlocks }) => {
      const row = (n: number) => denseOrSparseRow(n, nonZero);
      const table = new MirroredTable(DIMS);
      const blockRows = () => (table.scoredRows as QuantisedBlocks).blockRows;
      const held = new Map<string, MirrorRow>();
      const check = () => {
        expect(table.rows).toBe(held.size);
        for (let q = 0; q < 5; q++) {
          const query = randomUnit(DIMS, 90_000 + q, 5);
          const found = table.search(query, 10);
          expect(found.map((c) => c.chunkId)).toEqual(nearest(held, query, 10));
          const first = held.get(found[0].chunkId)!;
          expect(found[0]).toMatchObject({
            content: first.content,
            metadata: JSON.parse(first.metadataJson),
          });
        }
      };
      // Small blocks first: 2,000 rows, then some documents removed.
      for (let n = 0; n < 2000; n += 100) {
        const rows = Array.from({ length: 100 }, (_, i) => row(n + i));
        table.put(rows);
        for (const r of rows) held.set(r.id, r);
      }
      table.removeDocs(['d7', 'd8']);
      held.delete('c7');
      held.delete('c8');
      check();
      expect(blockRows()).toBe(256);
      // Past 4,096 rows: requantised into large blocks, removed rows still gone.
      const more = Array.from({ length: 4000 }, (_, i) => row(2000 + i));
      table.put(more);
      for (const r of more) held.set(r.id, r);
      for (const [id, r] of held) if (r.docId === 'd9') held.delete(id);
      table.removeDocs(['d9']);
      check();
      expect(blockRows()).toBe(largeBlocks);
      // Removing most rows compacts them into fresh blocks.
      const gone = [...held.keys()].filter((id) => Number(id.slice(1)) % 5 !== 0);
      table.removeChunks(gone);
      for (const id of gone) held.delete(id);
      check();
      expect(blockRows()).toBe(256);
      expect(table.chunk('c1')).toBeNull();
      // The metadata columns survive compaction: a filter still reads them.
      const even = table.search(randomUnit(DIMS, 5), 5, (r) => (table.metadataNumber('n', r) ?? 1) % 2 === 0);
      expect(even).toHaveLength(5);
      expect(even.every((c) => (c.metadata.n as number) % 2 === 0)).toBe(true);
      expect(table.chunk('c10', row(10).vector)?.distance).toBeCloseTo(0, 5);
    },
  );

  it('finds the exact nearest rows among hundreds of near-ties and duplicates, whatever the int8 scan ranks', () => {
    for (const dims of [64, 768]) {
      for (let trial = 0; trial < 5; trial++) {
        const centre = randomUnit(dims, 7 + trial);
        // 300 rows whose distances to the centre differ by less than the int8 scan's rounding, every tenth
        // twice (two chunks, one vector): the scan's order of them is noise.
        const vectors = around(centre, 300, 0.02, 1000 * (trial + 1));
        const rows = vectors.flatMap((vector, i) => {
          const one = (id: string): MirrorRow => ({
            id,
            docId: id,
            content: '',
            metadataJson: '{}',
            vector,
            filterable: new Map(),
          });
          return i % 10 === 0 ? [one(`c${i}`), one(`twin${i}`)] : [one(`c${i}`)];
        });
        const table = new MirroredTable(dims);
        table.put(rows);
        const truth = rows
          .map((r) => ({ id: r.id, distance: codedCosineDistance(centre, r.vector) }))
          .sort((a, b) => a.distance - b.distance);
        const found = table.search(centre, 5);
        // Exactly the five smallest distances, each the row's own; twins tie, and either may be answered.
        expect(found.map((c) => c.distance)).toEqual(truth.slice(0, 5).map((t) => t.distance));
        for (const c of found) {
          expect(c.distance).toBe(truth.find((t) => t.id === c.chunkId)!.distance);
        }
        expect(new Set(found.map((c) => c.chunkId)).size).toBe(5);
      }
    }
  });

  it('keeps coarse codes alone for a large dense copy, at half the vector bytes, and ranks by them', () => {
    // Chosen from the size and the density: a million dense rows of 768 keep coarse codes alone; 100,000 of
    // 1,536, and sparse rows at any size, keep both.
    expect(keepsFineCodes(1_000_000, 768, 1)).toBe(false);
    expect(keepsFineCodes(100_000, 1536, 1)).toBe(true);
    expect(keepsFineCodes(1_000_000, 384, 0.1)).toBe(true);
    expect(leastBytesOf(1_000_000, 768, false)).toBeLessThan(0.6 * leastBytesOf(1_000_000, 768, true));

    const dims = 256;
    const rows = Array.from({ length: 6000 }, (_, n) => ({
      ...denseOrSparseRow(n),
      vector: randomUnit(dims, n + 1),
    }));
    const coarseOnly = new MirroredTable(dims, false);
    const full = new MirroredTable(dims, true);
    coarseOnly.put(rows);
    full.put(rows);
    expect(coarseOnly.bytes).toBeLessThan(full.bytes - 6000 * dims * 0.9);
    const coarseDistance = (query: Float32Array, vector: ArrayLike<number>) => {
      const codes = encodeVector(vector);
      let dot = 0;
      for (let d = 0; d < dims; d++) dot += query[d] * codes.coarse[d];
      return Math.max(0, 1 - codes.coarseScale * dot);
    };
    let same = 0;
    for (let q = 0; q < 10; q++) {
      const query = randomUnit(dims, 70_000 + q);
      const found = coarseOnly.search(query, 10);
      // Exactly the ten nearest coarse vectors, with their distances: within the coarse rounding of the table's.
      const truth = rows
        .map((r) => ({ id: r.id, distance: coarseDistance(query, r.vector) }))
        .sort((a, b) => a.distance - b.distance)
        .slice(0, 10);
      expect(found.map((c) => c.chunkId)).toEqual(truth.map((t) => t.id));
      found.forEach((c, i) => {
        expect(c.distance).toBeCloseTo(truth[i].distance, 6);
        const exact = codedCosineDistance(query, rows[Number(c.chunkId.slice(1))].vector);
        expect(Math.abs(c.distance! - exact)).toBeLessThan(0.003);
      });
      // And nearly always the rows the full codes rank first.
      const fullIds = new Set(full.search(query, 10).map((c) => c.chunkId));
      same += found.filter((c) => fullIds.has(c.chunkId)).length;
    }
    expect(same).toBeGreaterThanOrEqual(95);
    // Compaction keeps the form: still coarse codes alone, still right.
    coarseOnly.removeChunks(rows.slice(0, 5000).map((r) => r.id));
    expect(coarseOnly.keepsFine).toBe(false);
    expect(coarseOnly.search(rows[5500].vector as Float32Array, 1)[0].chunkId).toBe('c5500');
  });
});
