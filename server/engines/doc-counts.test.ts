import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocCounts } from './doc-counts';
import { recordsToArrow, type ChunkRecord } from './vector-schema';

const chunk = (docId: string, n: number): ChunkRecord => ({
  id: `${docId}:content:${n}of2:0to5`,
  docId,
  content: `text ${docId} ${n}`,
  metadata: {},
  filterable: {},
  vector: Float32Array.of(1, n, 0),
});

describe('DocCounts', () => {
  let dir: string;
  let db: lancedb.Connection;
  let table: lancedb.Table;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-doc-counts-'));
    db = await lancedb.connect(dir);
    // Two documents, one of two chunks.
    table = await db.createTable('kb', recordsToArrow([chunk('a', 1), chunk('a', 2), chunk('b', 1)], 3));
  });

  afterEach(async () => {
    db.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('counts the distinct documents again only when the table changed', async () => {
    const counts = new DocCounts();
    expect(await counts.count('kb', table, false)).toBe(2);
    const reads = vi.spyOn(table, 'query');
    expect(await counts.count('kb', table, false)).toBe(2);
    expect(reads).not.toHaveBeenCalled();
    await table.add(recordsToArrow([chunk('c', 1)], 3));
    expect(await counts.count('kb', table, false)).toBe(3);
    expect(reads).toHaveBeenCalledTimes(1);
    await table.delete(`doc_id = 'a'`);
    expect(await counts.count('kb', table, false)).toBe(2);
  });

  it('while an insert writes, a recent count stands; without one, the count follows every write', async () => {
    // A recount allowed only after a very long time: the count made first stands while writing.
    const counts = new DocCounts(1e9);
    expect(await counts.count('kb', table, true)).toBe(2);
    await table.add(recordsToArrow([chunk('c', 1)], 3));
    expect(await counts.count('kb', table, true)).toBe(2);
    expect(await counts.count('kb', table, false)).toBe(3);
    // A forgotten table (dropped) is counted afresh.
    await table.add(recordsToArrow([chunk('d', 1)], 3));
    counts.forget('kb');
    expect(await counts.count('kb', table, true)).toBe(4);
  });
});

describe('DocCounts kept in a file', () => {
  let dir: string;
  let db: lancedb.Connection;
  let table: lancedb.Table;
  let file: string;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-doc-counts-file-'));
    file = path.join(dir, 'counts', 'doc-counts.json');
    db = await lancedb.connect(path.join(dir, 'vectors'));
    table = await db.createTable('kb', recordsToArrow([chunk('a', 1), chunk('a', 2), chunk('b', 1)], 3));
  });

  afterEach(async () => {
    db.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers a restarted server from the file while the table is at the counted version', async () => {
    expect(await new DocCounts(20, file).count('kb', table, false)).toBe(2);
    // A new process: the table is not read for a count the file holds at its version.
    const restarted = new DocCounts(20, file);
    const reads = vi.spyOn(table, 'query');
    expect(await restarted.count('kb', table, false)).toBe(2);
    expect(reads).not.toHaveBeenCalled();
    // A write moves the version: counted again, and the file follows.
    await table.add(recordsToArrow([chunk('c', 1)], 3));
    expect(await restarted.count('kb', table, false)).toBe(3);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await new DocCounts(20, file).count('kb', table, false)).toBe(3);
  });

  it('forgets a dropped table at once, and counts for nothing a file it cannot read', async () => {
    const counts = new DocCounts(20, file);
    expect(await counts.count('kb', table, false)).toBe(2);
    counts.forget('kb');
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({});
    // A table created anew under the name starts its versions again: a stale count must not answer it.
    await fs.writeFile(
      file,
      JSON.stringify({ kb: { version: await table.version(), count: 99 } }).slice(0, 20),
    );
    expect(await new DocCounts(20, file).count('kb', table, false)).toBe(2);
    await fs.writeFile(file, JSON.stringify({ kb: { version: 'x', count: 99 } }));
    expect(await new DocCounts(20, file).count('kb', table, false)).toBe(2);
  });
});
