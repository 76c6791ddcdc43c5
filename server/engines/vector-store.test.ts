import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JsonValue } from './duckdb';
import { VectorStore, type ChunkRecord, type FilterNode } from './vector-store';

const DIMS = 4;

/** A unit vector pointing mostly along axis `axis`. */
function unit(axis: number, tilt = 0): Float32Array {
  const v = new Float32Array(DIMS);
  v[axis] = 1;
  v[(axis + 1) % DIMS] = tilt;
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

function record(docId: string, n: number, axis: number, meta: Record<string, JsonValue> = {}, text?: string) {
  const r: ChunkRecord = {
    id: `${docId}:content:${n}of1:0to5`,
    docId,
    content: text ?? `text of ${docId} ${n}`,
    metadata: { chunk_index: n - 1, original_doc_id: docId, ...meta },
    filterable: meta,
    vector: unit(axis, n * 0.1),
  };
  return r;
}

describe('VectorStore', () => {
  let dir: string;
  let store: VectorStore;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-vectors-'));
    store = await VectorStore.open(dir, { annThreshold: 300, optimizeAfterRows: 50 });
  });

  afterEach(async () => {
    await store.whenIdle();
    await store.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('closes while LanceDB calls are still under way (a server stopped mid-request), without an error', async () => {
    for (let i = 0; i < 10; i++) {
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-vectors-closing-'));
      const closing = await VectorStore.open(folder, {});
      const underWay = Array.from({ length: 5 }, (_, k) => closing.exists(`t${k}`).catch(() => false));
      await expect(closing.close()).resolves.toBeUndefined();
      await Promise.all(underWay);
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it('creates, lists, describes and drops tables; dropping twice is fine', async () => {
    await store.createTable('kb_1', DIMS);
    await store.createTable('kb_2', DIMS);
    expect((await store.tableNames()).sort()).toEqual(['kb_1', 'kb_2']);
    expect(await store.dimensions('kb_1')).toBe(DIMS);
    expect(await store.count('kb_1')).toBe(0);
    await store.dropTable('kb_1');
    await store.dropTable('kb_1');
    expect(await store.tableNames()).toEqual(['kb_2']);
    expect(await store.exists('kb_1')).toBe(false);
    expect(await store.dimensions('kb_1')).toBeNull();
    expect(await store.vectorSearch('kb_1', unit(0), { limit: 3 })).toEqual([]);
  });

  it('reads a table whose first version is not written yet (being created) as one that holds nothing', async () => {
    // What a read sees while another statement creates the table: its folder, and no version in it yet.
    await fs.mkdir(path.join(dir, 'kb_new.lance'));
    expect(await store.tableNames()).toContain('kb_new');
    expect(await store.count('kb_new')).toBe(0);
    expect(await store.vectorSearch('kb_new', unit(0), { limit: 3 })).toEqual([]);
    // Once created, the table is read as usual.
    await store.createTable('kb_new', DIMS);
    expect(await store.dimensions('kb_new')).toBe(DIMS);
  });

  it('upserts in one commit: a batch that cannot be stored leaves the stored document whole', async () => {
    await store.createTable('kb_1', DIMS);
    await store.upsert('kb_1', [record('a', 1, 0), record('b', 1, 1)], []);
    const broken = { ...record('a', 1, 2, {}, 'new text of a'), vector: new Float32Array(DIMS * 2) };
    // The old delete-then-add removed a's chunk before the add failed.
    await expect(store.upsert('kb_1', [broken], ['a'])).rejects.toThrow();
    const hits = await store.vectorSearch('kb_1', unit(0), { limit: 5 });
    expect(hits.map((h) => [h.docId, h.content]).sort()).toEqual([
      ['a', 'text of a 1'],
      ['b', 'text of b 1'],
    ]);
    await store.upsert(
      'kb_1',
      [record('a', 1, 2, {}, 'new text of a'), record('a', 1, 2, {}, 'newest')],
      ['a'],
    );
    const after = await store.vectorSearch('kb_1', unit(2), { limit: 5 });
    expect(after.filter((h) => h.docId === 'a').map((h) => h.content)).toEqual(['newest']);
  });

  it('upserts: replacing a document removes all its old chunks', async () => {
    await store.createTable('t', DIMS);
    await store.upsert('t', [record('a', 1, 0), record('a', 2, 0), record('b', 1, 1)], []);
    expect(await store.count('t')).toBe(3);
    await store.upsert('t', [record('a', 1, 2, {}, 'new a')], ['a']);
    expect(await store.count('t')).toBe(2);
    const rows = await store.scan('t', { limit: 10, filters: [{ column: 'id', op: '=', value: 'a' }] });
    expect(rows.map((r) => r.content)).toEqual(['new a']);
    expect(await store.deleteDocs('t', ['a', 'missing'])).toBe(1);
    expect(await store.count('t')).toBe(1);
  });

  it('replaces a document stored before the store was opened, and one deleted then inserted again', async () => {
    await store.createTable('t', DIMS);
    await store.upsert('t', [record('a', 1, 0), record('a', 2, 0), record('b', 1, 1)], []);
    await store.close();
    store = await VectorStore.open(dir, { annThreshold: 300 });
    await store.upsert('t', [record('a', 1, 2, {}, 'new a')], ['a']);
    await store.upsert('t', [record('c', 1, 2)], ['c']);
    expect(await store.count('t')).toBe(3);
    await store.deleteDocs('t', ['b']);
    await store.upsert('t', [record('b', 1, 1, {}, 'b again')], ['b']);
    await store.upsert('t', [record('b', 1, 1, {}, 'b third')], ['b']);
    const content = (await store.scan('t', { limit: 10 })).map((r) => `${r.docId}:${r.content}`).sort();
    expect(content).toEqual(['a:new a', 'b:b third', 'c:text of c 1']);
  });

  it('finds nearest chunks by cosine distance, nearest first', async () => {
    await store.createTable('t', DIMS);
    await store.upsert('t', [record('x', 1, 0), record('y', 1, 1), record('z', 1, 2)], []);
    const hits = await store.vectorSearch('t', unit(1), { limit: 2 });
    expect(hits.map((h) => h.docId)).toEqual(['y', 'x']);
    expect(hits[0].distance).toBeGreaterThanOrEqual(0);
    expect(hits[0].distance).toBeLessThan(0.01);
    expect(hits[0].metadata).toEqual({ chunk_index: 0, original_doc_id: 'y' });
    expect(hits[0].score).toBeNull();
  });

  it('pushes metadata filters into the search: =, !=, >, IN, LIKE, BETWEEN, numbers given as text', async () => {
    await store.createTable('t', DIMS);
    await store.upsert(
      't',
      [
        record('p1', 1, 0, { author: 'ann', year: 2019 }),
        record('p2', 1, 0, { author: 'bob', year: '2021' }),
        record('p3', 1, 0, { author: "o'brien", year: 2023 }),
        record('p4', 1, 0, { author: 'ann', year: 2024 }),
      ],
      [],
    );
    const ids = async (filters: FilterNode[]) =>
      (await store.vectorSearch('t', unit(0), { limit: 10, filters })).map((h) => h.docId).sort();
    expect(await ids([{ column: 'author', op: '=', value: 'ann' }])).toEqual(['p1', 'p4']);
    expect(await ids([{ column: 'Author', op: '!=', value: 'ann' }])).toEqual(['p2', 'p3']);
    expect(await ids([{ column: 'year', op: '>', value: 2020 }])).toEqual(['p2', 'p3', 'p4']);
    expect(await ids([{ column: 'author', op: 'in', value: ['bob', "o'brien"] }])).toEqual(['p2', 'p3']);
    expect(await ids([{ column: 'author', op: 'like', value: 'o%' }])).toEqual(['p3']);
    expect(await ids([{ column: 'year', op: 'between', value: [2020, 2023] }])).toEqual(['p2', 'p3']);
    expect(
      await ids([
        { column: 'author', op: '=', value: 'ann' },
        { column: 'year', op: '<', value: 2020 },
      ]),
    ).toEqual(['p1']);
    expect(await ids([{ column: 'author', op: '=', value: "x' OR '1'='1" }])).toEqual([]);
    await expect(
      store.vectorSearch('t', unit(0), {
        limit: 1,
        filters: [{ column: 'color', op: '=', value: 'red' }],
        label: 'kb',
      }),
    ).rejects.toThrow("Unknown column 'color' in kb");
    expect(await store.metadataNames('t')).toEqual(['author', 'year']);
  });

  it('adds columns for metadata that appears later; older rows hold null', async () => {
    await store.createTable('t', DIMS);
    await store.upsert('t', [record('old', 1, 0, { author: 'ann' })], []);
    await store.upsert('t', [record('new', 1, 0, { author: 'bob', lang: 'en' })], []);
    expect(await store.count('t', [{ column: 'lang', op: '=', value: 'en' }])).toBe(1);
    expect(await store.count('t', [{ column: 'lang', op: 'is null' }])).toBe(1);
    await store.upsert('t', [record('none', 1, 0)], []);
    expect(await store.count('t')).toBe(3);
  });

  it('full-text search ranks keyword matches and can report the vector distance too', async () => {
    await store.createTable('t', DIMS);
    await store.upsert(
      't',
      [
        record('r', 1, 0, { kind: 'faq' }, 'Refunds are paid within five days.'),
        record('s', 1, 1, { kind: 'faq' }, 'Shipping takes three days.'),
        record('o', 1, 2, { kind: 'blog' }, 'Refund refund refund: our refund story.'),
      ],
      [],
    );
    const hits = await store.textSearch('t', "refund (what's the policy?)", { limit: 5, vector: unit(0) });
    expect(hits.map((h) => h.docId).sort()).toEqual(['o', 'r']);
    for (const h of hits) expect(h.score).toBeGreaterThan(0);
    expect(hits.find((h) => h.docId === 'r')?.distance).toBeLessThan(0.01);
    const filtered = await store.textSearch('t', 'refund', {
      limit: 5,
      filters: [{ column: 'kind', op: '=', value: 'faq' }],
    });
    expect(filtered.map((h) => h.docId)).toEqual(['r']);
    expect(filtered[0].distance).toBeNull();
    // Rows added after the text index was built are found as well.
    await store.upsert('t', [record('late', 1, 3, {}, 'A late refund note.')], []);
    expect((await store.textSearch('t', 'refund', { limit: 5 })).map((h) => h.docId)).toContain('late');
  });

  it('scans with limit, offset and filters; deletes by filter', async () => {
    await store.createTable('t', DIMS);
    await store.upsert(
      't',
      Array.from({ length: 5 }, (_, i) => record(`d${i}`, 1, 0, { n: i })),
      [],
    );
    expect((await store.scan('t', { limit: 2, offset: 1 })).map((r) => r.docId)).toEqual(['d1', 'd2']);
    expect(await store.deleteWhere('t', [{ column: 'n', op: '>=', value: 3 }])).toBe(2);
    expect((await store.scan('t', { limit: 10 })).map((r) => r.docId)).toEqual(['d0', 'd1', 'd2']);
  });

  it('builds an ANN index once the table passes the threshold, and search stays right', async () => {
    await store.createTable('t', DIMS);
    const many = Array.from({ length: 400 }, (_, i) => record(`d${i}`, 1, i % DIMS, { n: i }));
    await store.upsert('t', many.slice(0, 200), []);
    await store.maintain('t');
    expect((await store.indexState('t'))?.ann).toBe(false);
    await store.upsert('t', many.slice(200), []);
    store.scheduleMaintenance('t');
    await store.whenIdle();
    const state = await store.indexState('t');
    expect(state?.ann).toBe(true);
    expect(state?.indexedRows).toBe(400);
    // The full-text index too, before any text search asks for it (a KB's default search is hybrid).
    expect(state?.fts).toBe(true);
    const hits = await store.vectorSearch('t', unit(3, 0.1), {
      limit: 5,
      filters: [{ column: 'n', op: '<', value: 100 }],
    });
    expect(hits).toHaveLength(5);
    for (const h of hits) expect(Number(h.docId.slice(1)) % DIMS).toBe(3);
    // Filters read the metadata columns' indexes now: every kind of condition still answers the same rows.
    const count = (filters: FilterNode[]) => store.count('t', filters);
    expect(await count([{ column: 'n', op: 'between', value: [10, 19] }])).toBe(10);
    expect(await count([{ column: 'n', op: 'in', value: [1, 2, 3, 999] }])).toBe(3);
    expect(await count([{ column: 'n', op: 'like', value: '39%' }])).toBe(11);
    expect(await count([{ column: 'n', op: '=', value: '7' }])).toBe(1);
    expect(await count([{ column: 'n', op: 'is null' }])).toBe(0);
    expect(await count([{ not: { column: 'n', op: '<', value: 390 } }])).toBe(10);
    // Wide searches (a reranker asks for many candidates) must still satisfy HNSW's ef >= candidates.
    expect(await store.vectorSearch('t', unit(0), { limit: 200 })).toHaveLength(200);
    // New rows are searchable before they are folded into the index.
    await store.upsert('t', [record('fresh', 1, 3, { n: 1 })], []);
    expect(await store.count('t')).toBe(401);
    const again = await store.vectorSearch('t', unit(3, 0.1), {
      limit: 1,
      filters: [{ column: 'id', op: '=', value: 'fresh' }],
    });
    expect(again.map((h) => h.docId)).toEqual(['fresh']);
  });

  it('takes inserts and deletes while the ANN index builds', async () => {
    await store.createTable('t', DIMS);
    const many = Array.from({ length: 400 }, (_, i) => record(`d${i}`, 1, i % DIMS, { n: i }));
    for (let i = 0; i < 400; i += 50) await store.upsert('t', many.slice(i, i + 50), []);
    const building = store.maintain('t');
    // Queued behind the merge, then written while the index is built from the rows read before them.
    const writes = Promise.all([
      store.upsert('t', [record('during', 1, 2, { n: 1000 })], []),
      store.upsert('t', [record('d5', 1, 1, { n: 5 }, 'replaced d5')], ['d5']),
      store.deleteDocs('t', ['d7']),
    ]);
    await Promise.all([building, writes]);
    await store.whenIdle();
    const state = await store.indexState('t');
    expect(state?.ann).toBe(true);
    expect(await store.count('t')).toBe(400);
    const byId = async (id: string) =>
      (await store.scan('t', { filters: [{ column: 'id', op: '=', value: id }] })).map((r) => r.content);
    expect(await byId('during')).toHaveLength(1);
    expect(await byId('d5')).toEqual(['replaced d5']);
    expect(await byId('d7')).toEqual([]);
    const hits = await store.vectorSearch('t', unit(2, 0.1), {
      limit: 3,
      filters: [{ column: 'n', op: '=', value: 1000 }],
    });
    expect(hits.map((h) => h.docId)).toEqual(['during']);
  });

  it('rebuilds the indexes over new rows without holding writes, and indexes rows written meanwhile', async () => {
    await store.createTable('t', DIMS);
    const many = Array.from({ length: 600 }, (_, i) => record(`d${i}`, 1, i % DIMS, { n: i }, `note ${i}`));
    await store.upsert('t', many.slice(0, 400), []);
    await store.maintain('t');
    expect(await store.textSearch('t', 'note', { limit: 1 })).toHaveLength(1); // builds the text index
    await store.upsert('t', many.slice(400, 500), []);
    const rebuilding = store.maintain('t');
    await store.upsert('t', many.slice(500), []);
    await store.deleteDocs('t', ['d1']);
    store.scheduleMaintenance('t'); // as an insert does when it ends
    await rebuilding;
    await store.whenIdle();
    const state = await store.indexState('t');
    expect(state).toMatchObject({ ann: true, fts: true, unindexedRows: 0 });
    expect(await store.count('t')).toBe(599);
    const text = await store.textSearch('t', 'note', { limit: 1000 });
    expect(text).toHaveLength(599);
    const hits = await store.vectorSearch('t', unit(2, 0.1), {
      limit: 3,
      filters: [{ column: 'n', op: '>=', value: 590 }],
    });
    expect(hits.map((h) => h.docId).sort()).toEqual(['d590', 'd594', 'd598']);
  });

  it('starts the index build an insert asks for once the table has had no write for a while', async () => {
    await store.close();
    store = await VectorStore.open(dir, { annThreshold: 300, settleMs: 1_000, maxDeferMs: 60_000 });
    await store.createTable('t', DIMS);
    await store.upsert(
      't',
      Array.from({ length: 400 }, (_, i) => record(`d${i}`, 1, i % DIMS)),
      [],
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      store.scheduleMaintenance('t'); // as an insert does when it ends
      vi.advanceTimersByTime(900);
      await store.upsert('t', [record('next', 1, 2)], []); // the next statement of a bulk load
      vi.advanceTimersByTime(900); // 1.8 s after the first insert ended, 0.9 s after the last write
      expect(store.maintenanceState('t')).toBe('waiting');
      expect((await store.indexState('t'))?.upkeep).toBe('waiting');
      vi.advanceTimersByTime(200);
      expect(store.maintenanceState('t')).not.toBe('waiting');
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect((await store.indexState('t'))?.ann).toBe(true), { timeout: 30_000 });
  });

  it('tells waiting maintenance of a table below the ANN threshold as idle: it will build nothing', async () => {
    await store.close();
    store = await VectorStore.open(dir, { annThreshold: 300, settleMs: 60_000 });
    await store.createTable('t', DIMS);
    await store.upsert('t', [record('a', 1, 0)], []);
    store.scheduleMaintenance('t');
    expect(store.maintenanceState('t')).toBe('waiting');
    expect(await store.indexState('t')).toMatchObject({ ann: false, upkeep: 'idle' });
  });

  it('looks again at a table whose index build a shutdown left undone, once it is opened', async () => {
    await store.createTable('t', DIMS);
    await store.upsert(
      't',
      Array.from({ length: 400 }, (_, i) => record(`d${i}`, 1, i % DIMS)),
      [],
    );
    store.scheduleMaintenance('t');
    await store.close(); // before the build starts
    store = await VectorStore.open(dir, { annThreshold: 300 });
    expect(await store.vectorSearch('t', unit(3), { limit: 1 })).toHaveLength(1);
    expect(store.maintenanceState('t')).toBe('waiting');
    await store.whenIdle();
    expect((await store.indexState('t'))?.ann).toBe(true);
  });

  it('builds anyway when the writes never pause for long enough', async () => {
    await store.close();
    store = await VectorStore.open(dir, { annThreshold: 300, settleMs: 1_000, maxDeferMs: 3_000 });
    await store.createTable('t', DIMS);
    await store.upsert(
      't',
      Array.from({ length: 400 }, (_, i) => record(`d${i}`, 1, i % DIMS)),
      [],
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      store.scheduleMaintenance('t');
      for (let i = 0; i < 5; i++) {
        expect(store.maintenanceState('t')).toBe('waiting');
        await store.upsert('t', [record(`more${i}`, 1, 2)], []);
        vi.advanceTimersByTime(700);
      }
      expect(store.maintenanceState('t')).not.toBe('waiting'); // 3.5 s of writes, none 1 s apart
    } finally {
      vi.useRealTimers();
    }
    await store.whenIdle();
    expect((await store.indexState('t'))?.ann).toBe(true);
  });

  it('searches an empty table without error, full text included', async () => {
    await store.createTable('t', DIMS);
    expect(await store.textSearch('t', 'hello', { limit: 5, vector: unit(0) })).toEqual([]);
    expect(await store.vectorSearch('t', unit(0), { limit: 5 })).toEqual([]);
    expect(await store.scan('t')).toEqual([]);
  });

  it('rejects a vector of the wrong length', async () => {
    await store.createTable('t', DIMS);
    const bad = { ...record('a', 1, 0), vector: new Float32Array(3) };
    await expect(store.upsert('t', [bad], [])).rejects.toThrow(/3 values; the table holds 4/);
  });
});
