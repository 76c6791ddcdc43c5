import { describe, expect, it } from 'vitest';
import { useTestApp } from '../use-test-app';

const KEY = 'sk-diagnostic-canary-4471';

/**
 * The statements a user runs to check a knowledge base, as MindsDB's documentation shows them: list the
 * knowledge bases, DESCRIBE one, then select DESCRIBE's columns (its latest insert's progress and error) from
 * information_schema.KNOWLEDGE_BASES, which holds the same columns for every knowledge base.
 */
const t = useTestApp({}, async (app) => {
  await app.sqlOk(
    `CREATE KNOWLEDGE_BASE mindsdb.notes USING embedding_model = {"provider": "local", "api_key": "${KEY}"}`,
  );
  await app.sqlOk(
    "INSERT INTO mindsdb.notes (id, content) VALUES ('a', 'apples are red'), ('b', 'sky is blue')",
  );
});

describe('checking a knowledge base step by step', () => {
  it('answers each step, and information_schema.KNOWLEDGE_BASES holds what DESCRIBE shows', async () => {
    const listed = await t.sqlOk('SHOW KNOWLEDGE_BASES');
    expect(listed.data.map((r: unknown[]) => r[0])).toContain('notes');

    const described = await t.sqlOk('DESCRIBE KNOWLEDGE_BASE mindsdb.notes');
    const column = (name: string) => described.data[0][described.column_names.indexOf(name)];
    expect(column('PROCESSED_ROWS')).toBe(2);

    const progress = await t.sqlOk(
      'SELECT name, project, storage, insert_started_at, insert_finished_at, processed_rows, error, query_id ' +
        "FROM information_schema.knowledge_bases WHERE name = 'notes'",
    );
    expect(progress.data).toEqual([
      [
        'notes',
        'mindsdb',
        column('STORAGE'),
        column('INSERT_STARTED_AT'),
        column('INSERT_FINISHED_AT'),
        2,
        null,
        column('QUERY_ID'),
      ],
    ]);
    // The insert's record, where MindsDB's docs follow an insert: information_schema.QUERIES.
    expect(
      (await t.sqlOk('SELECT id, processed_rows, error, database FROM information_schema.queries')).data,
    ).toEqual([[column('QUERY_ID'), 2, null, 'mindsdb']]);
    const all = await t.sqlOk('SELECT * FROM information_schema.knowledge_bases');
    expect(all.column_names).toEqual(described.column_names);
    // Models and parameters as JSON text, their keys masked, as DESCRIBE shows them.
    const model = JSON.parse(all.data[0][all.column_names.indexOf('EMBEDDING_MODEL')] as string);
    expect(model).toMatchObject({ provider: 'local' });
    expect(JSON.stringify(all)).not.toContain(KEY);
    expect(JSON.stringify(described)).not.toContain(KEY);
  });
});
