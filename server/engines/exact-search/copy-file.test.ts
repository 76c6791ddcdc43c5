import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clusteredUnit, randomUnit } from '../../test/random-vectors';
import { readCopyFile, relabelCopyFile, writeCopyFile } from './copy-file';
import { CopyFileSearch } from './copy-file-search';
import { MirroredTable, type MirrorRow } from './mirrored-table';
import { Centroids, nearestCentroids, seededRandom, trainCentroids } from './row-groups';

const DIMS = 48;
const LABEL = { table: 'kb_7', version: 12 };

/** A unit vector near one of 24 centres. */
const clustered = (n: number) => clusteredUnit(DIMS, n % 24, n);

function row(n: number, vector: Float32Array): MirrorRow {
  // Metadata as filters read it, with gaps and text beyond ASCII.
  const filterable = new Map<string, { text: string | null; number: number | null }>([
    ['group', { text: String(n % 7), number: n % 7 }],
  ]);
  if (n % 5 !== 0) filterable.set('tag', { text: `t${n % 3} é`, number: null });
  return {
    id: `d${n}:0`,
    docId: `d${n}`,
    content: `chunk ${n} — ${'text '.repeat(n % 40)}`,
    metadataJson: JSON.stringify({ n, group: n % 7 }),
    vector,
    filterable,
  };
}

/** A copy of dense rows stored in groups, with rows removed and rows added since (its tail). */
async function groupedCopy(): Promise<MirroredTable> {
  const copy = new MirroredTable(DIMS, false);
  copy.put(Array.from({ length: 4800 }, (_, n) => row(n, clustered(n))));
  const generation = copy.generation;
  const centroids = await trainCentroids(copy.sampleVectors(1200, seededRandom(5)), 24, seededRandom(7));
  const groupOf = await nearestCentroids(copy.scoredRows, centroids);
  expect(await copy.group(new Centroids(centroids), groupOf, 3, generation)).toBe(true);
  copy.removeChunks(['d10:0', 'd4000:0']);
  copy.put(Array.from({ length: 50 }, (_, i) => row(4800 + i, clustered(4800 + i))));
  return copy;
}

/** A copy of sparse rows keeping fine codes, past the small blocks, with rows removed. */
function sparseCopy(): MirroredTable {
  const copy = new MirroredTable(64);
  copy.put(Array.from({ length: 5000 }, (_, n) => row(n, randomUnit(64, n, 8))));
  copy.removeDocs(['d3', 'd4999']);
  return copy;
}

/** Both copies answer every search alike: rows, distances, text, metadata, filters, lookups by id. */
function expectSameAnswers(
  read: MirroredTable,
  held: MirroredTable,
  query: (q: number) => Float32Array,
  removed = 'd10:0',
) {
  expect(read.rows).toBe(held.rows);
  expect(read.bytes).toBe(held.bytes);
  expect(read.grouping).toEqual(held.grouping);
  for (let q = 0; q < 20; q++) {
    const vector = query(q);
    expect(read.search(vector, 10)).toEqual(held.search(vector, 10));
    const tagged = (copy: MirroredTable) => (r: number) =>
      copy.metadataText('tag', r) === 't1 é' && copy.metadataNumber('group', r) !== 2;
    expect(read.search(vector, 10, tagged(read))).toEqual(held.search(vector, 10, tagged(held)));
  }
  expect(read.chunk('d20:0', query(0))).toEqual(held.chunk('d20:0', query(0)));
  expect(read.chunk(removed)).toBeNull();
}

describe('a search copy kept in a file', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-copy-file-'));
    file = path.join(dir, 'kb_7.copy');
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function save(copy: MirroredTable, label = LABEL) {
    const bytes = await writeCopyFile(file, copy, { ...label, edition: copy.edition });
    expect(bytes).toBe((await fs.stat(file)).size);
  }

  it('reads back a grouped copy of dense rows that answers exactly as the one written', async () => {
    const held = await groupedCopy();
    await save(held);
    const read = await readCopyFile(file, LABEL);
    expect(read).not.toBeNull();
    expect(read!.grouping).toEqual({ groups: 24, probes: 3, ungrouped: 50 });
    expectSameAnswers(read!, held, (q) => clustered(90_000 + q));
    // Both follow the same writes alike: the ids and documents read back find their rows.
    for (const copy of [read!, held]) {
      copy.put([row(20, clustered(777)), row(9000, clustered(778))]);
      copy.removeDocs(['d21', 'd4801']);
    }
    expectSameAnswers(read!, held, (q) => clustered(91_000 + q));
  });

  it('answers searches of a grouped copy from its file as the copy does, before it is read', async () => {
    const held = await groupedCopy();
    await save(held);
    const search = await CopyFileSearch.open(file, LABEL);
    expect(search).not.toBeNull();
    try {
      for (let q = 0; q < 30; q++) {
        const vector = q === 0 ? clustered(4810) : clustered(92_000 + q);
        for (const limit of [1, 10, 50])
          expect(await search!.search(vector, limit)).toEqual(held.search(vector, limit));
      }
    } finally {
      await search!.close();
    }
    expect(await CopyFileSearch.open(file, { ...LABEL, version: 11 })).toBeNull();
    // A copy of sparse rows is not grouped: read whole before it answers.
    await save(sparseCopy());
    expect(await CopyFileSearch.open(file, LABEL)).toBeNull();
  });

  it('reads back a copy of sparse rows with fine codes that answers exactly as the one written', async () => {
    const held = sparseCopy();
    await save(held);
    const read = await readCopyFile(file, LABEL);
    expect(read).not.toBeNull();
    expectSameAnswers(read!, held, (q) => randomUnit(64, 70_000 + q, 8), 'd3:0');
  });

  it('gives no copy for another table or another version, and one for a file relabelled', async () => {
    await save(sparseCopy());
    expect(await readCopyFile(file, { ...LABEL, version: 13 })).toBeNull();
    expect(await readCopyFile(file, { ...LABEL, table: 'kb_8' })).toBeNull();
    await relabelCopyFile(file, 13);
    expect(await readCopyFile(file, LABEL)).toBeNull();
    expect(await readCopyFile(file, { ...LABEL, version: 13 })).not.toBeNull();
  });

  it('gives no copy from a truncated, altered or foreign file, and no error', async () => {
    await save(sparseCopy());
    const whole = await fs.readFile(file);
    const variants = {
      truncated: whole.subarray(0, whole.length - 1000),
      'header only': whole.subarray(0, 200),
      altered: Buffer.from(whole).fill(7, whole.length >> 1, (whole.length >> 1) + 3),
      'another format': Buffer.concat([whole.subarray(0, 8), Buffer.from([9, 0, 0, 0]), whole.subarray(12)]),
      foreign: Buffer.from('id,content\n1,hello\n'),
      empty: Buffer.alloc(0),
    };
    for (const [what, bytes] of Object.entries(variants)) {
      await fs.writeFile(file, bytes);
      expect(await readCopyFile(file, LABEL), what).toBeNull();
    }
    expect(await readCopyFile(path.join(dir, 'missing.copy'), LABEL)).toBeNull();
  });

  it('writes nothing when the copy changes while it is written', async () => {
    const copy = sparseCopy();
    const edition = copy.edition;
    const writing = writeCopyFile(file, copy, { ...LABEL, edition });
    copy.put([row(6000, randomUnit(64, 6000, 8))]);
    expect(await writing).toBeNull();
    await expect(fs.stat(file)).rejects.toThrow();
    expect(await writeCopyFile(file, copy, { ...LABEL, edition })).toBeNull();
  });

  it('does not let a read copy in when the memory budget refuses its bytes', async () => {
    const copy = sparseCopy();
    await save(copy);
    let asked = 0;
    const refused = await readCopyFile(file, LABEL, (bytes) => {
      asked = bytes;
      return false;
    });
    expect(refused).toBeNull();
    expect(asked).toBeGreaterThan(5000 * 64);
  });
});
