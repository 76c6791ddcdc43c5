import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';

const STATUS = '/api/projects/mindsdb/knowledge_bases/notes/status';

const TOPICS = ['refund policy for damaged parcels', 'password reset by email', 'shipping to islands'];

describe('knowledge-base searches read an in-memory copy of the chunks', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const copyState = async () => (await t.inject({ url: STATUS })).json().index.search_copy;
  const searchPath = async () => (await t.inject({ url: STATUS })).json().index.search_path;
  const nearest = async (text: string) => {
    const res = await t.sqlOk(
      `SELECT id, chunk_content, distance FROM notes WHERE content = '${text}' AND hybrid_search = false LIMIT 3`,
    );
    return (res.data as unknown[][]).map((row) => ({
      id: String(row[0]),
      content: row[1],
      distance: Number(row[2]),
    }));
  };

  it('loads it on the first search, follows inserts and deletes, and says so in the status', async () => {
    t = await startTestApp();
    await t.sqlOk('CREATE KNOWLEDGE_BASE notes');
    const values = Array.from({ length: 60 }, (_, i) => `(${i}, 'Note ${i} about ${TOPICS[i % 3]}')`);
    await t.sqlOk(`INSERT INTO notes (id, content) VALUES ${values.join(', ')}`);
    expect(await copyState()).toEqual({ state: 'not_loaded', rows: 0, bytes: 0 });

    expect(await searchPath()).toMatchObject({ path: 'table', reason: 'not_loaded', scan_work: 0 });

    await nearest('password');
    await t.deps.knowledgeBases.whenIdle();
    const loaded = await copyState();
    expect(loaded).toMatchObject({ state: 'loaded', rows: 60 });
    expect(loaded.bytes).toBeGreaterThan(0);
    // Every chunk compared, the query's non-zero dimensions with each: far within what one search may scan.
    const path = await searchPath();
    expect(path).toMatchObject({ path: 'copy', reason: 'scan_fits', scan_limit: 150_000_000 });
    expect(path.scan_work).toBeGreaterThan(60);
    expect(path.scan_work).toBeLessThanOrEqual(60 * 384);

    await t.sqlOk("INSERT INTO notes (id, content) VALUES (100, 'Gift wrapping for birthday orders')");
    expect((await copyState()).rows).toBe(61);
    const gift = await nearest('gift wrapping for birthday');
    expect(gift[0]).toMatchObject({ id: '100', content: 'Gift wrapping for birthday orders' });
    expect(gift[0].distance).toBeLessThan(gift[1].distance);

    await t.sqlOk('DELETE FROM notes WHERE id = 100');
    expect((await copyState()).rows).toBe(60);
    expect((await nearest('gift wrapping for birthday')).map((r) => r.id)).not.toContain('100');
  });

  it('is off with no search memory, and searches still answer from the table', async () => {
    t = await startTestApp({ searchMemoryMb: 0 });
    await t.sqlOk('CREATE KNOWLEDGE_BASE notes');
    await t.sqlOk("INSERT INTO notes (id, content) VALUES (1, 'Password reset by email'), (2, 'Refunds')");
    expect((await nearest('password reset'))[0].id).toBe('1');
    await t.deps.knowledgeBases.whenIdle();
    expect(await copyState()).toEqual({ state: 'off', rows: 0, bytes: 0 });
    expect(await searchPath()).toMatchObject({ path: 'table', reason: 'off' });
  });
});
