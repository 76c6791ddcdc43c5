import { describe, expect, it } from 'vitest';
import { useTestApp } from './use-test-app';

/**
 * Column counts are bounded: every metadata name is two columns of every stored chunk, and lists of
 * thousands of names cost CPU on the thread that serves every request. The limits are named in the errors.
 */

const KBS = '/api/projects/mindsdb/knowledge_bases';
const LIMIT = 256;

const names = (n: number, prefix = 'c') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** One row with `n` extra columns besides `id` and `content`. */
function wideRow(n: number, prefix = 'Key_'): Record<string, string> {
  const row: Record<string, string> = { id: '1', content: 'Refunds take five days.' };
  for (const name of names(n, prefix)) row[name] = `v-${name}`;
  return row;
}

describe('knowledge base column limits', () => {
  const t = useTestApp();

  const create = (knowledge_base: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: KBS, payload: { knowledge_base } });
  const insert = (kb: string, rows: Record<string, string>[]) =>
    t.inject({ method: 'PUT', url: `${KBS}/${kb}`, payload: { knowledge_base: { rows } } });

  it('refuses more metadata or content columns than the limit, naming it', async () => {
    const tooMany = await create({ name: 'kb_cols', metadata_columns: names(100_000) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      detail: `metadata_columns names 100000 columns; a knowledge base takes at most ${LIMIT}`,
      field: 'metadata_columns',
    });
    const content = await create({ name: 'kb_cols', content_columns: names(LIMIT + 1) });
    expect(content.json().detail).toBe(
      `content_columns names ${LIMIT + 1} columns; a knowledge base takes at most ${LIMIT}`,
    );
    for (const count of [LIMIT + 1, 100_000]) {
      const sql = await t.sql(
        `CREATE KNOWLEDGE_BASE kb_cols USING metadata_columns = ${JSON.stringify(names(count))}`,
      );
      expect(sql.error_message).toBe(
        `metadata_columns names ${count} columns; a knowledge base takes at most ${LIMIT}`,
      );
    }
    expect((await create({ name: 'kb_cols', metadata_columns: names(LIMIT) })).statusCode).toBe(201);
    const twice = await create({ name: 'kb_twice', metadata_columns: [...names(200), 'Tag', 'tag'] });
    expect(twice.json().detail).toBe("metadata_columns names 'tag' twice");
  });

  it('refuses a row with more metadata keys than the limit when every column is metadata', async () => {
    expect((await create({ name: 'kb_all' })).statusCode).toBe(201);
    // 8,000 keys (150 KB) and 50,000 keys (1.1 MB): counted with an early stop, so both cost what 259 cost.
    for (const keys of [8000, 50_000]) {
      const wide = await insert('kb_all', [wideRow(keys)]);
      expect(wide.statusCode, `${keys} keys`).toBe(400);
      expect(wide.json().detail).toMatch(
        /^Row 1 has more than 258 columns; a knowledge base keeps at most 256 metadata columns/,
      );
    }
    expect(await t.deps.knowledgeBases.countChunks('mindsdb', 'kb_all')).toBe(0);
    // With the metadata named, the other columns of a wide row are ignored; names match in any case.
    expect(
      (await create({ name: 'kb_named', metadata_columns: ['key_7', 'KEY_7999', 'absent'] })).statusCode,
    ).toBe(201);
    const named = await insert('kb_named', [wideRow(8000)]);
    expect(named.statusCode, named.body).toBe(200);
    const rows = await t.sql("SELECT metadata FROM kb_named WHERE content = 'refunds'");
    expect(rows.data[0][0]).toMatchObject({ key_7: 'v-Key_7', KEY_7999: 'v-Key_7999', absent: null });
  });

  it('refuses rows that would take a knowledge base past the limit of metadata names', async () => {
    expect((await create({ name: 'kb_growing' })).statusCode).toBe(201);
    expect((await insert('kb_growing', [wideRow(200, 'first_')])).statusCode).toBe(200);
    const more = await insert('kb_growing', [{ ...wideRow(200, 'second_'), id: '2' }]);
    expect(more.statusCode).toBe(400);
    expect(more.json().detail).toBe(
      'These rows would give the knowledge base 400 metadata columns; it holds at most 256 ' +
        '(list the ones to keep in metadata_columns)',
    );
    expect(await t.deps.knowledgeBases.countChunks('mindsdb', 'kb_growing')).toBe(1);
  });
});
