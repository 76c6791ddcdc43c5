import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VectorStore, type ChunkRecord, type FilterNode } from '../vector-store';
import { randomUnit } from '../../test/random-vectors';
import { scanFits } from './exact-search';
import { codedCosineDistance } from '../vector-codes';

const DIMS = 64;
const TABLE = 'kb_1';

function record(doc: number, seed = doc, content = `chunk of document ${doc}`): ChunkRecord {
  // Numbers, text with gaps (NULL), numbers written as text, booleans: what filters compare differently.
  const filterable = {
    group: doc % 7,
    tag: doc % 5 === 0 ? null : `t${doc % 3}`,
    score: String(doc % 11),
    flag: doc % 2 === 0,
  };
  return {
    id: `d${doc}:0`,
    docId: `d${doc}`,
    content,
    metadata: { original_doc_id: `d${doc}`, ...filterable },
    filterable,
    vector: randomUnit(DIMS, seed),
  };
}

describe('searches read an in-memory copy of the table', () => {
  let dir: string;
  let store: VectorStore;
  /** What the table holds, by chunk id: the reference every search is checked against. */
  let held: Map<string, ChunkRecord>;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-exact-'));
    // No ANN index: LanceDB's own answer is then exact, and the copy is used for every size of query.
    store = await VectorStore.open(dir, { annThreshold: Number.MAX_SAFE_INTEGER });
    await store.createTable(TABLE, DIMS);
    held = new Map();
    await insert(Array.from({ length: 5000 }, (_, i) => record(i)));
  });

  afterEach(async () => {
    await store.whenIdle();
    await store.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function insert(records: ChunkRecord[]) {
    await store.upsert(
      TABLE,
      records,
      records.map((r) => r.docId),
    );
    for (const r of records) {
      for (const [id, old] of held) if (old.docId === r.docId) held.delete(id);
    }
    for (const r of records) held.set(r.id, r);
  }

  async function loadCopy() {
    await store.vectorSearch(TABLE, randomUnit(DIMS, 1), { limit: 1 });
    await store.whenIdle();
    expect(store.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: held.size });
  }

  /**
   * The copy's top 10 are the true top 10 by the distances of the decoded vectors (which the table's side gives
   * too), exactly, with the stored rows' text and metadata.
   */
  async function expectTrueTop10(query: Float32Array) {
    const truth = [...held.values()]
      .map((r) => ({ r, distance: codedCosineDistance(query, r.vector) }))
      .sort((a, b) => a.distance - b.distance);
    const found = await store.vectorSearch(TABLE, query, { limit: 10 });
    expect(found).toHaveLength(Math.min(10, held.size));
    for (const chunk of found) {
      const stored = held.get(chunk.chunkId);
      expect(stored, `${chunk.chunkId} is not in the table`).toBeDefined();
      expect(chunk.content).toBe(stored?.content);
      expect(chunk.metadata).toEqual(stored?.metadata);
      expect(chunk.distance).toBe(codedCosineDistance(query, stored!.vector));
    }
    expect(found.map((c) => c.distance)).toEqual(truth.slice(0, found.length).map((t) => t.distance));
    return found;
  }

  it('answers the first search from the table, and starts loading the copy only once it has', async () => {
    // As after a restart: the table answers while no copy is held, and the copy's load does not share the
    // machine with the search a user is waiting for.
    const query = randomUnit(DIMS, 77);
    const first = expectTrueTop10(query);
    let answered = false;
    void first.then(() => (answered = true));
    const seen = new Set<string>();
    while (!answered) {
      seen.add(store.searchCopyInfo(TABLE).state);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await first;
    expect([...seen]).toEqual(['not_loaded']);
    // Begun as the answer was given, and then the copy answers.
    expect(store.searchCopyInfo(TABLE).state).toBe('loading');
    expect(await store.searchPath(TABLE)).toMatchObject({ path: 'table', reason: 'loading' });
    await store.whenIdle();
    expect(store.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: held.size });
    await expectTrueTop10(query);
  });

  it('answers the true nearest chunks from the copy, across its blocks', async () => {
    await loadCopy();
    for (let q = 0; q < 20; q++) await expectTrueTop10(randomUnit(DIMS, 10_000 + q, 8));
    // A stored vector finds its own chunk first.
    expect((await expectTrueTop10(held.get('d4999:0')!.vector))[0].chunkId).toBe('d4999:0');
  });

  it('follows inserts, replacements and deletes made after it loaded', async () => {
    await loadCopy();
    await insert([record(6000), record(6001)]);
    // The document's one chunk becomes another chunk (a new id): the old one must go.
    const replacement = { ...record(3, 50_777, 'replaced text'), id: 'd3:new' };
    await store.replaceDocs(TABLE, [replacement], ['d3']);
    held.delete('d3:0');
    held.set('d3:new', replacement);
    await store.upsert(TABLE, [record(4, 50_778, 'upserted text')], ['d4']);
    held.set('d4:0', record(4, 50_778, 'upserted text'));
    await store.deleteDocs(TABLE, ['d5', 'd6000']);
    held.delete('d5:0');
    held.delete('d6000:0');
    expect(store.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: held.size });

    expect((await expectTrueTop10(record(6001).vector))[0].chunkId).toBe('d6001:0');
    expect((await expectTrueTop10(record(3, 50_777).vector))[0].content).toBe('replaced text');
    expect((await expectTrueTop10(record(4, 50_778).vector))[0].content).toBe('upserted text');
    for (const gone of [record(5).vector, record(6000).vector, record(3).vector]) {
      const ids = (await expectTrueTop10(gone)).map((c) => c.chunkId);
      expect(ids).not.toContain('d5:0');
      expect(ids).not.toContain('d6000:0');
      expect(ids).not.toContain('d3:0');
    }
  });

  it('takes in the writes made while it loads', async () => {
    await store.vectorSearch(TABLE, randomUnit(DIMS, 1), { limit: 1 }); // starts the load
    const writes = [
      insert([record(7000), record(7001)]),
      store.deleteDocs(TABLE, ['d10']).then(() => held.delete('d10:0')),
    ];
    await Promise.all(writes);
    await store.whenIdle();
    expect(store.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: held.size });
    expect((await expectTrueTop10(record(7001).vector))[0].chunkId).toBe('d7001:0');
    expect((await expectTrueTop10(record(10).vector)).map((c) => c.chunkId)).not.toContain('d10:0');
  });

  it('follows a delete by filter', async () => {
    await loadCopy();
    expect(await store.deleteWhere(TABLE, [{ column: 'group', op: '=', value: 3 }])).toBeGreaterThan(0);
    for (const [id, r] of held) if (r.metadata.group === 3) held.delete(id);
    expect(store.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: held.size });
    const ids = (await expectTrueTop10(record(3).vector)).map((c) => c.chunkId);
    expect(ids).not.toContain('d3:0');
  });

  it('is dropped by a failed write, and searches stay right', async () => {
    await loadCopy();

    const wrongLength = { ...record(8000), vector: new Float32Array(DIMS + 1) };
    await expect(store.upsert(TABLE, [wrongLength], ['d8000'])).rejects.toThrow();
    expect(store.searchCopyInfo(TABLE).state).toBe('not_loaded');
    await expectTrueTop10(record(8).vector);
  });

  it('is not made past its memory budget, and is tried again once rows are deleted', async () => {
    // Room for about a seventh of the 5,000 rows.
    const small = await VectorStore.open(dir, { exactSearchBytes: 1_000_000 });
    try {
      await small.vectorSearch(TABLE, randomUnit(DIMS, 1), { limit: 1 });
      await small.whenIdle();
      expect(small.searchCopyInfo(TABLE).state).toBe('too_large');
      expect((await small.vectorSearch(TABLE, record(42).vector, { limit: 1 }))[0].chunkId).toBe('d42:0');
      await small.whenIdle();
      expect(small.searchCopyInfo(TABLE).state).toBe('too_large'); // not tried again by each search
      await small.deleteWhere(TABLE, [{ column: 'group', op: '!=', value: 0 }]);
      await small.vectorSearch(TABLE, randomUnit(DIMS, 1), { limit: 1 });
      await small.whenIdle();
      expect(small.searchCopyInfo(TABLE)).toMatchObject({ state: 'loaded', rows: 715 });
    } finally {
      await small.close();
    }
  });

  it('lets a copy go for a table searched more often, and not for one searched as often', async () => {
    await store.createTable('kb_2', DIMS);
    const second = Array.from({ length: 5000 }, (_, i) => record(20_000 + i));
    await store.upsert('kb_2', second, []);
    await loadCopy();
    const oneCopy = store.searchCopyInfo(TABLE).bytes;
    // Room for one copy of these two tables, not both.
    const tight = await VectorStore.open(dir, { exactSearchBytes: Math.round(oneCopy * 1.5) });
    try {
      const loadIn = async (table: string) => {
        await tight.vectorSearch(table, randomUnit(DIMS, 1), { limit: 1 });
        await tight.whenIdle();
      };
      await loadIn(TABLE);
      expect(tight.searchCopyInfo(TABLE).state).toBe('loaded');
      // Searched in turn, as often as each other: the loaded copy stays, the other table answers from LanceDB.
      for (let turn = 0; turn < 3; turn++) {
        await loadIn('kb_2');
        expect(tight.searchCopyInfo('kb_2')).toMatchObject({ state: 'no_room', rows: 0 });
        await loadIn(TABLE);
        expect(tight.searchCopyInfo(TABLE).state).toBe('loaded');
      }
      expect((await tight.vectorSearch('kb_2', second[42].vector, { limit: 1 }))[0].chunkId).toBe('d20042:0');
      // Searched more: kb_2 pushes the other copy out.
      for (let turn = 0; turn < 8 && tight.searchCopyInfo('kb_2').state !== 'loaded'; turn++)
        await loadIn('kb_2');
      expect(tight.searchCopyInfo('kb_2')).toMatchObject({ state: 'loaded', rows: 5000 });
      expect(tight.searchCopyInfo(TABLE).state).toBe('not_loaded');
      expect((await tight.vectorSearch(TABLE, record(42).vector, { limit: 1 }))[0].chunkId).toBe('d42:0');
    } finally {
      await tight.close();
    }
  });

  it('applies filters as the table does, and leaves what it cannot follow exactly to the table', async () => {
    await loadCopy();
    const table = await VectorStore.open(dir, { exactSearchBytes: 0 });
    const filters: FilterNode[][] = [
      [{ column: 'group', op: '=', value: 3 }],
      [{ column: 'group', op: '!=', value: 3 }],
      [{ column: 'tag', op: '=', value: 't1' }],
      [{ column: 'TAG', op: '!=', value: 't1' }],
      [{ not: { column: 'tag', op: '=', value: 't1' } }],
      [{ column: 'tag', op: 'is null' }],
      [{ column: 'tag', op: '=', value: null }],
      [{ column: 'tag', op: 'in', value: ['t0', 't2'] }],
      [{ column: 'tag', op: 'not in', value: ['t0'] }],
      [{ column: 'score', op: '>', value: 5 }],
      [{ column: 'score', op: 'between', value: [2, 4] }],
      [{ column: 'score', op: 'not between', value: [2, 4] }],
      [{ column: 'score', op: '=', value: '7' }],
      [{ column: 'group', op: 'in', value: [1, '2'] }],
      [
        {
          or: [
            { column: 'group', op: '=', value: 1 },
            { column: 'tag', op: 'is null' },
          ],
        },
      ],
      [
        { column: 'flag', op: '=', value: true },
        { column: 'score', op: '<=', value: 3 },
      ],
      [
        {
          not: {
            or: [
              { column: 'group', op: '=', value: 1 },
              { column: 'tag', op: '=', value: 't2' },
            ],
          },
        },
      ],
      [{ column: 'id', op: 'in', value: ['d1', 'd2', 'd3'] }],
      [{ column: 'chunk_id', op: '=', value: 'd5:0' }],
      // Left to the table: LIKE and text ranges.
      [{ column: 'tag', op: 'like', value: 't%' }],
      [{ column: 'tag', op: '>', value: 't1' }],
      [{ column: 'chunk_id', op: '>', value: 'd9' }],
    ];
    try {
      for (const [i, f] of filters.entries()) {
        const query = randomUnit(DIMS, 30_000 + i, 8);
        const fromCopy = await store.vectorSearch(TABLE, query, { limit: 10, filters: f });
        const fromTable = await table.vectorSearch(TABLE, query, { limit: 10, filters: f, exact: true });
        expect(fromTable.length, JSON.stringify(f)).toBeGreaterThan(0);
        expect(
          fromCopy.map((c) => [c.chunkId, c.distance]),
          JSON.stringify(f),
        ).toEqual(fromTable.map((c) => [c.chunkId, c.distance]));
      }
      await expect(
        store.vectorSearch(TABLE, record(1).vector, {
          limit: 1,
          filters: [{ column: 'nope', op: '=', value: 1 }],
        }),
      ).rejects.toThrow(/Unknown column 'nope'/);
    } finally {
      await table.close();
    }
  });

  it('gives a hybrid search the same text hits, scores and distances as the table does', async () => {
    await insert([record(9000, 9000, 'the quick brown fox'), record(9001, 9001, 'a quick answer')]);
    await loadCopy();
    const withoutCopy = await VectorStore.open(dir, { exactSearchBytes: 0 });
    try {
      const vector = randomUnit(DIMS, 5, 8);
      const fromCopy = await store.textSearch(TABLE, 'quick', { limit: 10, vector });
      const fromTable = await withoutCopy.textSearch(TABLE, 'quick', { limit: 10, vector });
      expect(fromCopy.map((c) => [c.chunkId, c.content, c.score])).toEqual(
        fromTable.map((c) => [c.chunkId, c.content, c.score]),
      );
      expect(fromCopy.map((c) => c.distance)).toEqual(fromTable.map((c) => c.distance));
      expect(fromCopy.map((c) => c.chunkId).sort()).toEqual(['d9000:0', 'd9001:0']);
      // With a filter, which the full-text search applies in the table either way.
      const filters: FilterNode[] = [{ column: 'flag', op: '=', value: true }];
      const filtered = await store.textSearch(TABLE, 'quick', { limit: 10, vector, filters });
      expect(filtered.map((c) => c.chunkId)).toEqual(['d9000:0']);
      expect(filtered).toEqual(await withoutCopy.textSearch(TABLE, 'quick', { limit: 10, vector, filters }));
    } finally {
      await withoutCopy.close();
    }
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
