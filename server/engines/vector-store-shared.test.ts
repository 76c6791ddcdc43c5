import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startObjectStore, type RunningObjectStore } from '../test/object-store-server';
import { KeyedQueue, type KeyLock } from '../util/keyed-queue';
import * as vectorIndex from './vector-index';
import { VectorStore, type ChunkRecord } from './vector-store';
import type { StorageOptions } from './vector-location';

// Counts ANN builds; each still runs for real on the LanceDB table.
vi.mock('./vector-index', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./vector-index')>();
  return { ...actual, buildAnnIndex: vi.fn(actual.buildAnnIndex) };
});

const DIMS = 8;

function records(count: number): ChunkRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const raw = Array.from({ length: DIMS }, (_, d) => Math.sin(i * 0.37 + d * 1.3));
    // Unit length, as embeddings are: the search copies rank by dot product.
    const norm = Math.hypot(...raw);
    const vector = Float32Array.from(raw, (x) => x / norm);
    return {
      id: `d${i}:content:1of1`,
      docId: `d${i}`,
      content: `chunk ${i}`,
      metadata: { original_doc_id: `d${i}` },
      filterable: {},
      vector,
    };
  });
}

let objectStore: RunningObjectStore;
beforeAll(async () => {
  objectStore = await startObjectStore();
  await objectStore.createContainer('vectors');
}, 30_000);
afterAll(() => objectStore?.stop());

// Where the two stores' tables live, fresh for each test: a folder, or a prefix in a real object store.
interface Location {
  location: string;
  storageOptions?: StorageOptions;
  remove: () => Promise<unknown>;
}
const locations: Record<string, () => Promise<Location>> = {
  'one shared folder': async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-shared-vectors-'));
    return { location: dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
  },
  'one object store': async () => ({
    location: `az://vectors/${Math.random().toString(36).slice(2)}`,
    storageOptions: objectStore.storageOptions,
    remove: async () => undefined, // the store's folder goes when it stops
  }),
};

// Two stores on one location, as two servers sharing it are; the lock both take stands in for the catalog's
// advisory lock (`PostgresCatalog.withLock`, tested against PostgreSQL in postgres-catalog.test.ts).
describe.each(Object.entries(locations))('two vector stores on %s', (_, makeLocation) => {
  let remove: () => Promise<unknown>;
  let one: VectorStore;
  let other: VectorStore;

  beforeEach(async () => {
    const made = await makeLocation();
    remove = made.remove;
    const locks = new KeyedQueue();
    const writeLock: KeyLock = (key, fn) => locks.run(key, fn);
    const options = {
      shared: true,
      writeLock,
      annThreshold: 300,
      settleMs: 60_000,
      searchCopyReloadQuietMs: 0,
      storageOptions: made.storageOptions,
    };
    one = await VectorStore.open(made.location, options);
    other = await VectorStore.open(made.location, options);
    vi.mocked(vectorIndex.buildAnnIndex).mockClear();
  });

  afterEach(async () => {
    await Promise.all([one.whenIdle(), other.whenIdle()]);
    await one.close();
    await other.close();
    await remove();
  });

  it('builds a table index once when both look after it at the same moment, and both search with it', async () => {
    await one.createTable('t', DIMS);
    await other.createTable('t', DIMS); // kept: the other store's first insert made it
    await one.upsert('t', records(400), []);
    await Promise.all([one.maintain('t'), other.maintain('t')]);
    expect(vectorIndex.buildAnnIndex).toHaveBeenCalledTimes(1);
    for (const store of [one, other]) {
      expect((await store.indexState('t'))?.ann).toBe(true);
      expect(await store.count('t')).toBe(400);
    }
  });

  it('waits in whenIdle for the index build its lock delays', async () => {
    await one.createTable('t', DIMS);
    await one.upsert('t', records(400), []);
    one.scheduleMaintenance('t'); // as an insert does at its end: past annThreshold, a build waits for a pause
    await one.whenIdle(); // starts it now, and must wait for it while the build lock is taken
    expect((await one.indexState('t'))?.ann).toBe(true);
  });

  it("searches its copy until the other server writes, then the table, then a copy of the table's new rows", async () => {
    await one.createTable('t', DIMS);
    await one.upsert('t', records(50), []);
    const probe = records(51).at(-1)!;
    await other.vectorSearch('t', probe.vector, { limit: 1 }); // starts loading a copy
    await other.whenIdle();
    expect(other.searchCopyInfo('t').state).toBe('loaded');

    await one.upsert('t', [probe], []);
    // The copy lacks the probe: the version check drops it and the table answers.
    expect((await other.vectorSearch('t', probe.vector, { limit: 1 }))[0].chunkId).toBe(probe.id);
    expect(other.searchCopyInfo('t').state).toBe('not_loaded');

    await other.vectorSearch('t', probe.vector, { limit: 1 }); // loads again (no quiet time in this test)
    await other.whenIdle();
    expect(other.searchCopyInfo('t')).toMatchObject({ state: 'loaded', rows: 51 });
    expect((await other.vectorSearch('t', probe.vector, { limit: 1 }))[0].chunkId).toBe(probe.id);
  });

  it('keeps its copy when it searches while it writes: the search meanwhile reads the table', async () => {
    await one.createTable('t', DIMS);
    await one.upsert('t', records(50), []);
    const more = records(90).slice(50);
    await other.vectorSearch('t', more[0].vector, { limit: 1 });
    await other.whenIdle();
    const searchAfter = (ms: number, vector: Float32Array) =>
      new Promise((r) => setTimeout(r, ms)).then(() => other.vectorSearch('t', vector, { limit: 1 }));
    for (const record of more) {
      // Searches spread over the write, some between its commit and the copy's following it.
      const [, ...found] = await Promise.all([
        other.upsert('t', [record], []),
        ...[0, 1, 2, 4, 6, 8, 12].map((ms) => searchAfter(ms, record.vector)),
      ]);
      for (const chunks of found) expect(chunks).toHaveLength(1);
    }
    expect(other.searchCopyInfo('t')).toMatchObject({ state: 'loaded', rows: 90 });
  });

  it('loads its copy while it makes its full-text index in the write queue', async () => {
    await one.createTable('t', DIMS);
    await one.upsert('t', records(50), []);
    const probe = records(1)[0];
    await Promise.all([
      other.textSearch('t', 'chunk', { limit: 1, vector: probe.vector }), // makes the index: a commit
      other.vectorSearch('t', probe.vector, { limit: 1 }), // starts loading the copy meanwhile
    ]);
    await other.whenIdle();
    expect(other.searchCopyInfo('t').state).toBe('loaded');
  });

  it('keeps its copy through its own writes, and drops it for a write the other server made meanwhile', async () => {
    await one.createTable('t', DIMS);
    await one.upsert('t', records(50), []);
    const [own, theirs] = records(52).slice(50);
    await other.vectorSearch('t', own.vector, { limit: 1 });
    await other.whenIdle();

    await other.upsert('t', [own], []);
    // Its first full-text search makes the full-text index, a commit in the write queue too.
    expect((await other.textSearch('t', 'chunk', { limit: 1, vector: own.vector })).length).toBe(1);
    expect((await other.vectorSearch('t', own.vector, { limit: 1 }))[0].chunkId).toBe(own.id);
    expect(other.searchCopyInfo('t')).toMatchObject({ state: 'loaded', rows: 51 });

    await one.upsert('t', [theirs], []);
    await other.deleteDocs('t', ['d0']); // its copy missed `theirs`: kept, it would answer without it
    expect(other.searchCopyInfo('t').state).toBe('not_loaded');
    expect((await other.vectorSearch('t', theirs.vector, { limit: 1 }))[0].chunkId).toBe(theirs.id);
  });
});
