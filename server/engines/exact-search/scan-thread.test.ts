import { afterAll, describe, expect, it } from 'vitest';
import { clusteredUnit } from '../../test/random-vectors';
import { MirroredTable, type MirrorRow } from './mirrored-table';
import { Centroids, nearestCentroids, seededRandom, trainCentroids } from './row-groups';
import {
  letGoForTests,
  scansAnswered,
  scanThreadReady,
  scanThreadStarts,
  stopScanThreadForTests,
} from './scan-thread';

const DIMS = 64;
const CLUSTERS = 16;

const clustered = (cluster: number, seed: number) => clusteredUnit(DIMS, cluster, seed);

const row = (n: number): MirrorRow => ({
  id: `c${n}`,
  docId: `d${n}`,
  content: `chunk ${n}`,
  metadataJson: JSON.stringify({ n }),
  vector: clustered(n % CLUSTERS, n),
  filterable: new Map(),
});

/**
 * Every copy made here, held to the end: a copy collected meanwhile would stop the thread as letting go of
 * it does, in the middle of another test.
 */
const copies: MirroredTable[] = [];

/** A copy of 3,200 dense rows stored in 16 groups, of which a search reads 4. */
async function groupedCopy(): Promise<MirroredTable> {
  const table = new MirroredTable(DIMS);
  copies.push(table);
  table.put(Array.from({ length: 3200 }, (_, n) => row(n)));
  const centroids = await trainCentroids(
    table.sampleVectors(800, seededRandom(5)),
    CLUSTERS,
    seededRandom(7),
  );
  const groupOf = await nearestCentroids(table.scoredRows, centroids);
  expect(await table.group(new Centroids(centroids), groupOf, 4, table.generation)).toBe(true);
  return table;
}

const answer = (chunks: { chunkId: string; distance: number | null }[]) =>
  chunks.map((c) => [c.chunkId, c.distance]);

describe('the scan thread', () => {
  afterAll(() => stopScanThreadForTests(0));

  it('answers a grouped copy’s searches as this thread does, and concurrent ones each their own', async () => {
    const table = await groupedCopy();
    const queries = Array.from({ length: 24 }, (_, q) => clustered(q % CLUSTERS, 70_000 + q));
    expect(await scanThreadReady()).toBe(true);
    const before = scansAnswered();
    const onThread = await Promise.all(queries.map((q) => table.searchOnThread(q, 10)));
    queries.forEach((q, i) => {
      expect(onThread[i]).toHaveLength(10);
      expect(answer(onThread[i])).toEqual(answer(table.search(q, 10)));
    });
    expect(scansAnswered() - before).toBe(queries.length);
  });

  it('searches again here when a row the thread kept was removed meanwhile', async () => {
    const table = await groupedCopy();
    // A row's own vector: that row is far nearer than any other, so the thread keeps it alone.
    const query = row(1234).vector;
    expect(await scanThreadReady()).toBe(true);
    const before = scansAnswered();
    const pending = table.searchOnThread(query, 1);
    // This thread waits until the scan thread has surely scanned (its answer then waits to be read), and the
    // row is removed before the answer is read.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    table.removeChunks(['c1234']);
    const found = await pending;
    expect(scansAnswered() - before).toBe(1);
    expect(found).toHaveLength(1);
    expect(found[0].chunkId).not.toBe('c1234');
    expect(answer(found)).toEqual(answer(table.search(query, 1)));
  });

  it('searches again here when the copy was grouped again while the thread scanned', async () => {
    const table = await groupedCopy();
    const query = clustered(7, 73_000);
    // Other groups, worked out first: storing the rows in them gives every row another number.
    const centroids = await trainCentroids(
      table.sampleVectors(800, seededRandom(11)),
      CLUSTERS,
      seededRandom(13),
    );
    const groupOf = await nearestCentroids(table.scoredRows, centroids);
    expect(await scanThreadReady()).toBe(true);
    const before = scansAnswered();
    const pending = table.searchOnThread(query, 10);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    // Without pauses the rows are stored in their new groups before the thread's answer is read.
    expect(await table.group(new Centroids(centroids), groupOf, 4, table.generation)).toBe(true);
    const found = await pending;
    expect(scansAnswered() - before).toBe(1);
    expect(answer(found)).toEqual(answer(table.search(query, 10)));
  });

  it('is stopped when a copy it scanned is let go, and the next search starts another at once', async () => {
    const table = await groupedCopy();
    const query = clustered(9, 74_000);
    const expected = answer(table.search(query, 10));
    expect(await scanThreadReady()).toBe(true);
    const started = scanThreadStarts();
    // What the copy's blocks being collected here does: the thread goes, and its hold on their memory with it.
    letGoForTests();
    expect(answer(await table.searchOnThread(query, 10))).toEqual(expected);
    expect(scanThreadStarts()).toBe(started + 1);
    expect(await scanThreadReady()).toBe(true);
    const before = scansAnswered();
    expect(answer(await table.searchOnThread(query, 10))).toEqual(expected);
    expect(scansAnswered()).toBe(before + 1);
  });

  it('still answers when the thread fails, on this thread, and starts another one later', async () => {
    const table = await groupedCopy();
    const query = clustered(5, 72_000);
    const expected = answer(table.search(query, 10));
    expect(await scanThreadReady()).toBe(true);
    const started = scanThreadStarts();
    await stopScanThreadForTests(60_000);
    expect(answer(await table.searchOnThread(query, 10))).toEqual(expected);
    expect(scanThreadStarts()).toBe(started);
    await stopScanThreadForTests(0);
    // The next search starts another thread, and scans here while it loads.
    const answeredBefore = scansAnswered();
    expect(answer(await table.searchOnThread(query, 10))).toEqual(expected);
    expect(scanThreadStarts()).toBe(started + 1);
    expect(await scanThreadReady()).toBe(true);
    expect(answer(await table.searchOnThread(query, 10))).toEqual(expected);
    expect(scansAnswered()).toBe(answeredBefore + 1);
  });
});
