import { describe, expect, it } from 'vitest';
import { clusteredUnit, randomUnit } from '../../test/random-vectors';
import { MirroredTable, type MirrorRow } from './mirrored-table';
import { trainOnThread } from './train-thread';
import { assignOnThread } from './assign-thread';
import {
  Centroids,
  groupPlan,
  nearestCentroids,
  nonZeroShare,
  sampleSize,
  seededRandom,
  trainCentroids,
  worthGrouping,
} from './row-groups';

const DIMS = 48;
const CLUSTERS = 24;

const clustered = (cluster: number, seed: number) => clusteredUnit(DIMS, cluster, seed);

const row = (n: number): MirrorRow => ({
  id: `c${n}`,
  docId: `d${n}`,
  content: `chunk ${n}`,
  metadataJson: JSON.stringify({ n }),
  vector: clustered(n % CLUSTERS, n),
  filterable: new Map([['n', { text: String(n), number: n }]]),
});

/** A seeded generator, so that the centroids trained are the same on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function exactNearest(rows: MirrorRow[], query: Float32Array, k: number): string[] {
  const dot = (v: ArrayLike<number>) => Array.from(v).reduce((sum, x, d) => sum + x * query[d], 0);
  return rows
    .map((r) => ({ id: r.id, score: dot(r.vector) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((r) => r.id);
}

describe('groups of similar rows for dense copies', () => {
  it('are chosen from the size and dimensions: more groups as rows grow, a tenth or less of the work read', () => {
    // 100,000 chunks of 1,536 dimensions (OpenAI's size): 158 groups; 7.5 million pairs would be 7.7 groups,
    // so the floor of 8 applies (5%).
    expect(groupPlan(100_000, 1536)).toEqual({ groups: 158, probes: 8 });
    // A million of 768: 500 groups, 8 read.
    expect(groupPlan(1_000_000, 768)).toEqual({ groups: 500, probes: 8 });
    // Just past the threshold: 100 groups, 7.5 million pairs are 13 of them.
    expect(groupPlan(40_000, 1536)).toEqual({ groups: 100, probes: 13 });
    // Centroids trained on 256 sample rows each, fewer where that would be too much work, never under 64.
    expect(sampleSize(100, 1536)).toBe(25_600);
    expect(sampleSize(158, 1536)).toBe(158 * 256);
    expect(sampleSize(500, 768)).toBe(32_552);
    expect(sampleSize(1024, 1536)).toBe(1024 * 64);
    // Dense vectors past 50 million pairs are grouped; sparse ones (the local model's) and small tables are not.
    expect(worthGrouping(100_000, 1536, 1)).toBe(true);
    expect(worthGrouping(30_000, 1536, 1)).toBe(false);
    expect(worthGrouping(1_000_000, 384, 0.15)).toBe(false);
    expect(nonZeroShare([randomUnit(384, 1, 40), randomUnit(384, 2, 40)])).toBeLessThan(0.15);
    expect(nonZeroShare([clustered(1, 1)])).toBeGreaterThan(0.5);
  });

  it('trains centroids that keep each cluster of rows in one group, and assigns the rows', async () => {
    // Fewer groups than clusters, as a KB has far more topics than groups: a group holds two clusters or so.
    const sample = Array.from({ length: 24 * 30 }, (_, i) => clustered(i % CLUSTERS, i));
    const centroids = new Centroids(await trainCentroids(sample, CLUSTERS / 2, seeded(3)));
    const table = new MirroredTable(DIMS);
    const rows = Array.from({ length: 2400 }, (_, n) => row(n));
    table.put(rows);
    const groupOf = await nearestCentroids(table.scoredRows, centroids.vectors);
    // Rows of one cluster share a group: nearly all of each cluster's rows land in the same one.
    for (let cluster = 0; cluster < CLUSTERS; cluster++) {
      const groups = rows.filter((_, n) => n % CLUSTERS === cluster).map((_, i) => groupOf[cluster + i * 24]);
      const counts = new Map<number, number>();
      for (const g of groups) counts.set(g, (counts.get(g) ?? 0) + 1);
      expect(Math.max(...counts.values()) / groups.length).toBeGreaterThan(0.95);
    }
    // A question about a cluster finds that cluster's group first.
    const question = clustered(5, 99_999);
    expect(centroids.nearest(question, 1)).toEqual([groupOf[5]]);
  });

  it('trains the same centroids on a thread of its own (what a copy is grouped with)', async () => {
    const sample = Array.from({ length: 24 * 30 }, (_, i) => clustered(i % CLUSTERS, i));
    const onThread = await trainOnThread(sample, CLUSTERS / 2, 3);
    expect(onThread).toEqual(await trainCentroids(sample, CLUSTERS / 2, seededRandom(3)));
    expect(onThread).toHaveLength(CLUSTERS / 2);
    for (const c of onThread) expect(Math.hypot(...c)).toBeCloseTo(1, 5);
  });

  it('lets a search read only the nearest groups and the rows added since, and still find the nearest rows', async () => {
    const table = new MirroredTable(DIMS);
    const rows = Array.from({ length: 4800 }, (_, n) => row(n));
    table.put(rows);
    const generation = table.generation;
    const centroids = await trainCentroids(table.sampleVectors(1200, seeded(5)), CLUSTERS, seeded(7));
    // Assigned on a thread of its own, block by block (a whole block and a part of one), as here.
    const groupOf = await assignOnThread(table.scoredRows, centroids);
    expect(groupOf).toEqual(await nearestCentroids(table.scoredRows, centroids));
    // Written while the groups were worked out: one row removed, rows added (they stay ungrouped, read always).
    table.removeChunks(['c10']);
    const late = Array.from({ length: 100 }, (_, i) => row(4800 + i));
    table.put(late);
    // Written while the rows are copied group by group (between its slices): a row removed, one replaced.
    let pauses = 0;
    const replaced = { ...row(20), vector: clustered(3, 123_456) };
    const pause = () => {
      if (++pauses === 3) {
        table.removeChunks(['c11']);
        table.put([replaced]);
      }
      return Promise.resolve();
    };
    expect(await table.group(new Centroids(centroids), groupOf, 2, generation, pause)).toBe(true);
    expect(pauses).toBeGreaterThan(3);
    expect(table.grouping).toEqual({ groups: CLUSTERS, probes: 2, ungrouped: 101 });
    const held = [...rows.filter((r) => !['c10', 'c11', 'c20'].includes(r.id)), ...late, replaced];
    expect(table.rows).toBe(held.length);
    for (let q = 0; q < 10; q++) {
      const query = clustered(q, 70_000 + q);
      expect(table.search(query, 10).map((c) => c.chunkId)).toEqual(exactNearest(held, query, 10));
    }
    // A late row is found by its own vector; the removed one never.
    expect(table.search(late[7].vector, 1)[0].chunkId).toBe('c4807');
    expect(table.search(rows[10].vector, 5).map((c) => c.chunkId)).not.toContain('c10');
    expect(table.search(rows[11].vector, 5).map((c) => c.chunkId)).not.toContain('c11');
    expect(table.search(replaced.vector, 1)[0]).toMatchObject({ chunkId: 'c20', content: 'chunk 20' });
    // A filtered search reads every row the filter accepts, in any group.
    const odd = table.search(clustered(3, 1), 5, (r) => (table.metadataNumber('n', r) ?? 0) % 2 === 1);
    expect(odd.map((c) => c.chunkId)).toEqual(
      exactNearest(
        held.filter((r) => Number(r.id.slice(1)) % 2 === 1),
        clustered(3, 1),
        5,
      ),
    );
    // Row numbers from before the rows were stored group by group no longer hold: refused.
    expect(await table.group(new Centroids(centroids), groupOf, 2, generation)).toBe(false);
  });

  it('stores the rows group by group without holding their text twice, and answers as before', async () => {
    // A chunk's text is most of a copy's bytes beside its int8 codes (a million chunks: hundreds of MB).
    const long = (n: number): MirrorRow => ({ ...row(n), content: `chunk ${n} `.repeat(40) });
    const table = new MirroredTable(DIMS);
    const rows = Array.from({ length: 6000 }, (_, n) => long(n));
    table.put(rows);
    const queries = Array.from({ length: 8 }, (_, q) => clustered(q, 80_000 + q));
    const accept = (r: number) => (table.metadataNumber('n', r) ?? 0) % 5 !== 0;
    const answers = () => queries.map((q) => table.search(q, 10, accept));
    const before = answers();
    const held = table.heldBytes();
    const centroids = await trainCentroids(table.sampleVectors(1200, seeded(5)), CLUSTERS, seeded(7));
    const groupOf = await nearestCentroids(table.scoredRows, centroids);
    const vectors = table.scoredRows;
    let most = 0;
    const pause = () => void (most = Math.max(most, table.heldBytes()));
    expect(await table.group(new Centroids(centroids), groupOf, 2, table.generation, pause)).toBe(true);
    // While it stored them, the copy held its rows once, and a second copy of their codes and row index alone:
    // a second copy of their text too would be twice the bytes. Once stored, it holds what it held before.
    expect(most).toBeGreaterThan(held);
    expect(most).toBeLessThan(held * 1.25);
    expect(table.heldBytes()).toBe(held);
    // The codes were moved into the copy's own memory, the one it had: none is left for the GC to give back.
    expect(table.scoredRows).toBe(vectors);
    // The same answers, text and metadata included (a filtered search reads every row it accepts).
    expect(answers()).toEqual(before);
    expect(table.chunk('c4321')).toMatchObject({ content: long(4321).content, metadata: { n: 4321 } });
  });
});
