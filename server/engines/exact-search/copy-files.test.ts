import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VectorStore, type ChunkRecord } from '../vector-store';
import { randomUnit } from '../../test/random-vectors';
import { CopyFileSearch } from './copy-file-search';
import type { MirroredTable } from './mirrored-table';
import { Centroids, nearestCentroids, seededRandom, trainCentroids } from './row-groups';

const DIMS = 64;
const TABLE = 'kb_3';

function record(doc: number, seed = doc): ChunkRecord {
  const filterable = { group: doc % 7 };
  return {
    id: `d${doc}:0`,
    docId: `d${doc}`,
    content: `chunk of document ${doc}`,
    metadata: { original_doc_id: `d${doc}`, ...filterable },
    filterable,
    vector: randomUnit(DIMS, seed),
  };
}

describe("a restarted server reads a table's search copy back from its file", () => {
  let dir: string;
  let folder: string;
  let file: string;
  let store: VectorStore | null;
  let errors: unknown[];

  /** Opens the store as a server does at start; `files: false` as one that keeps no files would. */
  async function open(files = true): Promise<VectorStore> {
    await store?.close();
    store = await VectorStore.open(path.join(dir, 'vectors'), {
      // No ANN index: the copy answers every search it can, and LanceDB's exact answer is the reference.
      annThreshold: Number.MAX_SAFE_INTEGER,
      keptFolder: files ? dir : undefined,
      copyFileTiming: { quietMs: 20, fromRows: 0 },
      onError: (err) => errors.push(err),
    });
    return store;
  }

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-copy-files-'));
    folder = path.join(dir, 'search-copies');
    file = path.join(folder, `${TABLE}.copy`);
    errors = [];
    store = null;
    const s = await open();
    await s.createTable(TABLE, DIMS);
    await insert(s, 0, 3000);
    await loadAndSave(s);
  });

  afterEach(async () => {
    await store?.whenIdle();
    await store?.close();
    await fs.rm(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });

  async function insert(s: VectorStore, from: number, to: number) {
    const records = Array.from({ length: to - from }, (_, i) => record(from + i));
    await s.upsert(TABLE, records, []);
  }

  /** A search loads the copy; once it is loaded and writes are quiet, its file is written. */
  async function loadAndSave(s: VectorStore) {
    await s.vectorSearch(TABLE, randomUnit(DIMS, 1), { limit: 1 });
    await s.whenIdle();
    await s.whenCopiesSaved();
  }

  /** The search answers as LanceDB's exact search of the table does; returns the ids found. */
  async function expectExact(s: VectorStore, seed: number): Promise<string[]> {
    const query = randomUnit(DIMS, seed);
    const found = await s.vectorSearch(TABLE, query, { limit: 10 });
    const truth = await s.vectorSearch(TABLE, query, { limit: 10, exact: true });
    expect(found.map((c) => [c.chunkId, c.content, c.metadata])).toEqual(
      truth.map((c) => [c.chunkId, c.content, c.metadata]),
    );
    return found.map((c) => c.chunkId);
  }

  const exists = (f: string) =>
    fs.stat(f).then(
      () => true,
      () => false,
    );

  it('answers the first search after a restart from the copy, read from its file', async () => {
    expect(await exists(file)).toBe(true);
    const s = await open();
    expect(s.searchCopyInfo(TABLE).state).toBe('not_loaded');
    await expectExact(s, 500);
    // Read before the answer: the table did not answer that search while the copy loaded.
    expect(s.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: 3000 });
    for (let q = 0; q < 10; q++) await expectExact(s, 600 + q);
  });

  it('follows writes made after the file was read, and keeps them in the file written next', async () => {
    let s = await open();
    await expectExact(s, 500);
    await insert(s, 3000, 3100);
    await s.deleteDocs(TABLE, ['d7', 'd3050']);
    expect(s.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: 3098 });
    expect((await s.vectorSearch(TABLE, record(3099).vector, { limit: 1 }))[0].chunkId).toBe('d3099:0');
    expect(await expectExact(s, 7)).not.toContain('d7:0');
    await s.whenCopiesSaved();
    s = await open();
    expect(await expectExact(s, 3050)).not.toContain('d3050:0');
    expect(s.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: 3098 });
    expect((await s.vectorSearch(TABLE, record(3099).vector, { limit: 1 }))[0].chunkId).toBe('d3099:0');
  });

  it('follows a write made while the copy is read from its file, once', async () => {
    const s = await open();
    const first = s.vectorSearch(TABLE, randomUnit(DIMS, 500), { limit: 10 });
    const writing = insert(s, 3000, 3010);
    await Promise.all([first, writing]);
    await s.whenIdle();
    await expectExact(s, 500);
    expect(s.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: 3010 });
    expect((await s.vectorSearch(TABLE, record(3009).vector, { limit: 1 }))[0].chunkId).toBe('d3009:0');
  });

  it('ignores and removes a file the table has moved past, and loads the copy from the table', async () => {
    // Written by a server that keeps no files (or before a crash): the file is behind the table.
    await insert(await open(false), 3000, 3050);
    const s = await open();
    await expectExact(s, 500);
    expect(s.searchCopyInfo(TABLE).state).not.toBe('loaded');
    expect(await exists(file)).toBe(false);
    await s.whenIdle();
    expect(s.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: 3050 });
    expect((await s.vectorSearch(TABLE, record(3049).vector, { limit: 1 }))[0].chunkId).toBe('d3049:0');
    // Written again for the table as it is now.
    await s.whenCopiesSaved();
    expect(await exists(file)).toBe(true);
  });

  it('ignores and removes a truncated or altered file, without an error', async () => {
    for (const spoil of [
      (bytes: Buffer) => bytes.subarray(0, bytes.length >> 1),
      (bytes: Buffer) => Buffer.from(bytes).fill(1, bytes.length - 100, bytes.length - 90),
    ]) {
      await store?.close();
      store = null;
      await fs.writeFile(file, spoil(await fs.readFile(file)));
      const s = await open();
      await expectExact(s, 500);
      expect(s.searchCopyInfo(TABLE).state).not.toBe('loaded');
      expect(await exists(file)).toBe(false);
      await loadAndSave(s);
      expect(await exists(file)).toBe(true);
    }
  });

  it('removes the file when the table is dropped or created anew', async () => {
    const s = await open();
    await s.dropTable(TABLE);
    expect(await exists(file)).toBe(false);
    await s.createTable(TABLE, DIMS);
    await insert(s, 0, 3000);
    await loadAndSave(s);
    expect(await exists(file)).toBe(true);
    await s.createTable(TABLE, DIMS);
    expect(await exists(file)).toBe(false);
  });

  it('answers from the file of a grouped copy while the copy is read from it, until a write comes', async () => {
    // Groups are made for large dense copies only: this copy is grouped by hand, as the server groups one.
    let s = await open();
    await expectExact(s, 500);
    const internals = s as unknown as {
      exact: { copies: Map<string, MirroredTable>; files: { schedule(name: string): void } };
    };
    const copy = internals.exact.copies.get(TABLE)!;
    const centroids = await trainCentroids(copy.sampleVectors(1000, seededRandom(3)), 16, seededRandom(4));
    const groupOf = await nearestCentroids(copy.scoredRows, centroids);
    expect(await copy.group(new Centroids(centroids), groupOf, 4, copy.generation)).toBe(true);
    internals.exact.files.schedule(TABLE);
    await s.whenCopiesSaved();
    // Its nearest groups alone are read: the copy's answer, not necessarily the exact one.
    const query = randomUnit(DIMS, 501);
    const expected = copy.search(query, 10);
    const fromFile = vi.spyOn(CopyFileSearch.prototype, 'search');
    try {
      s = await open();
      // The first search waits for the file to answer, not for the copy, and answers as the copy does.
      const found = await s.vectorSearch(TABLE, query, { limit: 10 });
      expect(fromFile).toHaveBeenCalledTimes(1);
      expect(found).toEqual(expected);
      // A write meanwhile: the file no longer answers (the copy replays the write once read).
      await insert(s, 3000, 3001);
      await s.vectorSearch(TABLE, record(3000).vector, { limit: 1 });
      await s.whenIdle();
      expect(fromFile).toHaveBeenCalledTimes(1);
      expect(s.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: 3001 });
      expect(await s.searchPath(TABLE)).toMatchObject({ path: 'copy', reason: 'grouped' });
    } finally {
      fromFile.mockRestore();
    }
  });

  it('relabels the file when an index is built, so that a restart still reads it', async () => {
    const s = await open();
    await expectExact(s, 500);
    const before = await fs.stat(file);
    await s.buildIndexNow(TABLE);
    await s.whenCopiesSaved();
    // The same file, relabelled in place (the copy's rows did not change).
    expect((await fs.stat(file)).size).toBe(before.size);
    const again = await open();
    await expectExact(again, 501);
    expect(again.searchCopyInfo(TABLE).state).toBe('loaded');
  });

  it('keeps the files and the document counts in the one folder it is given, and neither on a shared folder', async () => {
    const counts = path.join(dir, 'doc-counts.json');
    const s = await open();
    expect(await s.countDocs(TABLE)).toBe(3000);
    expect(JSON.parse(await fs.readFile(counts, 'utf8'))).toMatchObject({ [TABLE]: { count: 3000 } });
    expect(await exists(file)).toBe(true);
    await s.close();
    store = null;
    await fs.rm(folder, { recursive: true });
    await fs.rm(counts);
    store = await VectorStore.open(path.join(dir, 'vectors'), {
      shared: true,
      keptFolder: dir,
      copyFileTiming: { quietMs: 20, fromRows: 0 },
      onError: (err) => errors.push(err),
    });
    await loadAndSave(store);
    expect(store.searchCopyInfo(TABLE).state).toBe('loaded');
    expect(await store.countDocs(TABLE)).toBe(3000);
    expect(await exists(folder)).toBe(false);
    expect(await exists(counts)).toBe(false);
  });

  it('removes at start the file of a table removed while no server ran, and keeps the others', async () => {
    const s = await open();
    await s.createTable('kb_4', DIMS);
    await s.upsert(
      'kb_4',
      Array.from({ length: 100 }, (_, i) => record(i)),
      [],
    );
    await s.vectorSearch('kb_4', randomUnit(DIMS, 1), { limit: 1 });
    await s.whenIdle();
    await s.whenCopiesSaved();
    const gone = path.join(folder, 'kb_4.copy');
    expect(await exists(gone)).toBe(true);
    await s.close();
    store = null;
    await fs.rm(path.join(dir, 'vectors', 'kb_4.lance'), { recursive: true });
    const restarted = await open();
    expect(await restarted.tableNames()).toEqual([TABLE]);
    expect(await exists(gone)).toBe(false);
    expect(await exists(file)).toBe(true);
    await expectExact(restarted, 500);
    expect(restarted.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: 3000 });
  });
});
