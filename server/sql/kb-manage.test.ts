import { describe, expect, it } from 'vitest';
import { settledInsert } from '../test/background-insert';
import { useTestApp } from '../test/use-test-app';

/** Knowledge-base statements of MindsDB's docs beyond search: insert parameters, DESCRIBE, UPDATE, DELETE, index. */
describe('knowledge bases managed through SQL', () => {
  const t = useTestApp({}, (app) => {
    const notes = Array.from(
      { length: 30 },
      (_, i) => `${30 - i},Note number ${30 - i} about topic ${i % 3},a${i % 2}`,
    );
    return app.putFile('notes', 'n.csv', ['id,body,author', ...notes].join('\n'));
  });
  const describeKb = async (kb: string) => {
    const res = await t.sqlOk(`DESCRIBE KNOWLEDGE_BASE ${kb}`);
    return Object.fromEntries((res.column_names as string[]).map((c, i) => [c, res.data[0][i]]));
  };
  const ids = async (query: string) => (await t.sqlOk(query)).data.map((r: unknown[]) => r[0]);

  it('inserts with MindsDB parameters from a file table, a view and VALUES alike', async () => {
    await t.sqlOk(
      "CREATE KNOWLEDGE_BASE kb_p USING content_columns = ['body'], metadata_columns = ['author']",
    );
    // With batch_size the insert goes on in the background, as in MindsDB; DESCRIBE says when it has ended.
    const res = await t.sqlOk(
      'INSERT INTO kb_p SELECT id, body, author FROM files.notes USING batch_size = 7, track_column = id, ' +
        "kb_no_upsert = true, threads = 4, error = 'raise'",
    );
    expect((await settledInsert(t, 'kb_p', res)).PROCESSED_ROWS).toBe(30);
    // track_column: loaded in id order, so row 0 of the load is id 1.
    const first = await t.sqlOk('SELECT id, metadata FROM kb_p WHERE id = 1');
    expect(first.data[0][1]).toMatchObject({ original_row_index: '0' });
    await t.sqlOk('CREATE VIEW notes_view AS (SELECT id, body, author FROM files.notes WHERE id <= 5)');
    await t.sqlOk("CREATE KNOWLEDGE_BASE kb_v USING content_columns = ['body']");
    const fromView = await t.sqlOk('INSERT INTO kb_v SELECT * FROM notes_view USING batch_size = 2');
    expect((await settledInsert(t, 'kb_v', fromView)).PROCESSED_ROWS).toBe(5);
    expect(
      (
        await t.sqlOk(
          "INSERT INTO kb_v (id, body) VALUES (100, 'A row of its own') USING kb_no_upsert = true",
        )
      ).affected_rows,
    ).toBe(1);
    expect((await ids('SELECT id FROM kb_v')).sort((a: number, b: number) => a - b)).toEqual([
      1, 2, 3, 4, 5, 100,
    ]);
  });

  it('inserts the rows of another knowledge base', async () => {
    await t.sqlOk("CREATE KNOWLEDGE_BASE kb_copy USING content_columns = ['content']");
    const copied = await t.sqlOk(
      "INSERT INTO kb_copy SELECT id, chunk_content AS content FROM kb_v WHERE content = 'row of its own' LIMIT 2",
    );
    expect(copied.affected_rows).toBe(2);
    expect(await ids("SELECT id FROM kb_copy WHERE content = 'A row of its own' LIMIT 1")).toEqual([100]);
  });

  it('skips rows already stored with kb_skip_existing, and replaces them without it', async () => {
    await t.sqlOk("CREATE KNOWLEDGE_BASE kb_s USING content_columns = ['body']");
    await t.sqlOk("INSERT INTO kb_s (id, body) VALUES (1, 'first text'), (2, 'second text')");
    const skipped = await t.sqlOk(
      "INSERT INTO kb_s (id, body) VALUES (1, 'changed text'), (3, 'third text') USING kb_skip_existing = true",
    );
    expect(skipped.affected_rows).toBe(1);
    const rows = (await t.sqlOk('SELECT id, chunk_content FROM kb_s')).data.sort(
      (a: number[], b: number[]) => a[0] - b[0],
    );
    expect(rows).toEqual([
      [1, 'first text'],
      [2, 'second text'],
      [3, 'third text'],
    ]);
    await t.sqlOk("INSERT INTO kb_s (id, body) VALUES (1, 'changed text')");
    expect((await t.sqlOk('SELECT chunk_content FROM kb_s WHERE id = 1')).data).toEqual([['changed text']]);
  });

  it('refuses unknown insert parameters and wrong types, before reading the query', async () => {
    await t.sqlOk("CREATE KNOWLEDGE_BASE kb_bad USING content_columns = ['body']");
    const insert = 'INSERT INTO kb_bad SELECT id, body FROM files.notes USING ';
    expect(await t.sqlError(`${insert}batch_sise = 10`)).toMatch(
      /Unknown insert parameter 'batch_sise' \(known: batch_size, threads, track_column, error/,
    );
    expect(await t.sqlError(`${insert}batch_size = 'many'`)).toMatch(
      /batch_size must be a whole number from 1 to 100000/,
    );
    expect(await t.sqlError(`${insert}batch_size = 0`)).toMatch(/from 1 to 100000/);
    expect(await t.sqlError(`${insert}batch_size = 100001`)).toMatch(/from 1 to 100000/);
    expect(await t.sqlError(`${insert}kb_no_upsert = 'maybe'`)).toMatch(/kb_no_upsert must be true or false/);
    expect(await t.sqlError(`${insert}error = 'ignore'`)).toMatch(/error must be 'raise' or 'skip'/);
    expect(await t.sqlError(`${insert}threads = -1`)).toMatch(/threads must be a whole number from 1 to 16/);
    expect(await t.sqlError(`${insert}threads = 16, batch_size = 20000`)).toMatch(
      /threads x batch_size is 320000; at most 200000 rows are embedded at once/,
    );
    expect(await t.sqlError(`${insert}track_column = nope`)).toMatch(
      /track_column 'nope' is not a column of the query/,
    );
    expect(await t.sqlError(`${insert}kb_no_upsert = true, kb_skip_existing = true`)).toMatch(
      /cannot both be true/,
    );
    // Nothing was written by any of them.
    expect((await t.sqlOk('SELECT id FROM kb_bad')).data).toEqual([]);
  });

  it('DESCRIBE shows MindsDB columns with the last insert: started, finished, rows, error, query id', async () => {
    await t.sqlOk("CREATE KNOWLEDGE_BASE kb_d USING content_columns = ['body']");
    const before = await describeKb('kb_d');
    expect(Object.keys(before)).toEqual([
      'NAME',
      'PROJECT',
      'EMBEDDING_MODEL',
      'RERANKING_MODEL',
      'STORAGE',
      'METADATA_COLUMNS',
      'CONTENT_COLUMNS',
      'ID_COLUMN',
      'PARAMS',
      'INSERT_STARTED_AT',
      'INSERT_FINISHED_AT',
      'PROCESSED_ROWS',
      'ERROR',
      'QUERY_ID',
      'INDEX_STATUS',
    ]);
    expect(before).toMatchObject({
      NAME: 'kb_d',
      PROJECT: 'mindsdb',
      INSERT_STARTED_AT: null,
      PROCESSED_ROWS: null,
    });
    expect(before.STORAGE).toMatch(/^lancedb\.kb_\d+$/);
    await t.sqlOk('INSERT INTO kb_d SELECT id, body FROM files.notes');
    const after = await describeKb('kb_d');
    expect(after).toMatchObject({ PROCESSED_ROWS: 30, ERROR: null });
    expect(after.INSERT_STARTED_AT).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/);
    expect(after.INSERT_FINISHED_AT >= after.INSERT_STARTED_AT).toBe(true);
    expect(typeof after.QUERY_ID).toBe('number');
    // A failed insert is reported with its error.
    expect(await t.sqlError('INSERT INTO kb_d SELECT id, author FROM files.notes')).toMatch(
      /takes its text from body/,
    );
    const failed = await describeKb('kb_d');
    expect(failed.ERROR).toMatch(/takes its text from body/);
    expect(failed.QUERY_ID).toBe((after.QUERY_ID as number) + 1);
    // SHOW KNOWLEDGE_BASES has the same columns.
    const show = await t.sqlOk('SHOW KNOWLEDGE_BASES');
    expect(show.column_names).toEqual(Object.keys(after));
  });

  it('keeps an integer id an integer, and a text id text', async () => {
    await t.sqlOk("CREATE KNOWLEDGE_BASE kb_ids USING content_columns = ['body']");
    await t.sqlOk("INSERT INTO kb_ids (id, body) VALUES (7, 'seven'), ('x8', 'eight')");
    const rows = (await t.sqlOk("SELECT id, metadata FROM kb_ids WHERE content = 'seven'")).data;
    const byId = new Map(rows.map((r: [unknown, Record<string, unknown>]) => [r[0], r[1]]));
    expect([...byId.keys()].sort()).toEqual([7, 'x8']);
    expect(byId.get(7)).toMatchObject({ original_doc_id: 7 });
    const rest = await t.inject({
      method: 'POST',
      url: '/api/sql/query',
      payload: { query: 'SELECT id FROM kb_ids WHERE id = 7' },
    });
    expect(rest.json().data).toEqual([[7]]);
  });

  it('compares integer ids as numbers in ranges, and exactly in = and IN', async () => {
    // kb_p holds ids 1..30 from the file table.
    expect((await ids('SELECT id FROM kb_p WHERE id > 25')).sort((a: number, b: number) => a - b)).toEqual([
      26, 27, 28, 29, 30,
    ]);
    expect((await ids('SELECT id FROM kb_p WHERE id BETWEEN 9 AND 11')).sort()).toEqual([10, 11, 9]);
    expect(await ids('SELECT id FROM kb_p WHERE id = 3')).toEqual([3]);
    expect((await ids('SELECT id FROM kb_p WHERE id IN (1, 30)')).sort()).toEqual([1, 30]);
    // A text bound still compares text.
    expect((await ids("SELECT id FROM kb_p WHERE id >= '9'")).sort()).toEqual([9]);
  });

  it('UPDATE changes content or metadata of the matching ids; 0 matches is 0 rows', async () => {
    await t.sqlOk(
      "CREATE KNOWLEDGE_BASE kb_u USING content_columns = ['body'], metadata_columns = ['author']",
    );
    await t.sqlOk(
      "INSERT INTO kb_u (id, body, author) VALUES (1, 'cats sleep all day', 'ann'), (2, 'dogs bark', 'bo')",
    );
    expect((await t.sqlOk("UPDATE kb_u SET body = 'parrots talk a lot' WHERE id = 1")).affected_rows).toBe(1);
    expect((await t.sqlOk('SELECT chunk_content, metadata FROM kb_u WHERE id = 1')).data[0]).toEqual([
      'parrots talk a lot',
      expect.objectContaining({ author: 'ann', original_doc_id: 1 }),
    ]);
    // The new text is what a search finds.
    expect((await t.sqlOk("SELECT id FROM kb_u WHERE content = 'parrots talk' LIMIT 1")).data).toEqual([[1]]);
    expect((await t.sqlOk("UPDATE kb_u SET author = 'cy' WHERE id = 2")).affected_rows).toBe(1);
    expect((await t.sqlOk("SELECT id FROM kb_u WHERE author = 'cy'")).data).toEqual([[2]]);
    expect((await t.sqlOk('SELECT chunk_content FROM kb_u WHERE id = 2')).data).toEqual([['dogs bark']]);
    expect((await t.sqlOk("UPDATE kb_u SET content = 'anything' WHERE id = 99")).affected_rows).toBe(0);
    expect(await t.sqlError("UPDATE kb_u SET body = 'x'")).toMatch(/needs a WHERE/);
    expect(await t.sqlError('UPDATE kb_u SET id = 5 WHERE id = 1')).toMatch(/'id' cannot be changed/);
    expect(await t.sqlError("UPDATE kb_u SET colour = 'red' WHERE id = 1")).toMatch(
      /Unknown column 'colour'/,
    );
    expect(await t.sqlError('UPDATE kb_u SET metadata = 3 WHERE id = 1')).toMatch(
      /metadata must be set to an object/,
    );
    expect(await t.sqlError("UPDATE kb_u SET body = '' WHERE id = 1")).toMatch(/non-empty text/);
    expect(await t.sqlError("UPDATE nokb SET body = 'x' WHERE id = 1")).toMatch(
      /Knowledge base 'nokb' does not exist/,
    );
  });

  it('DELETE by a metadata filter removes the matching rows; 0 matches is 0 rows', async () => {
    await t.sqlOk(
      "CREATE KNOWLEDGE_BASE kb_del USING content_columns = ['body'], metadata_columns = ['author']",
    );
    await t.sqlOk('INSERT INTO kb_del SELECT id, body, author FROM files.notes');
    expect((await t.sqlOk("DELETE FROM kb_del WHERE author = 'nobody'")).affected_rows).toBe(0);
    expect((await t.sqlOk("DELETE FROM kb_del WHERE author = 'a0'")).affected_rows).toBe(15);
    expect((await t.sqlOk("SELECT id FROM kb_del WHERE author = 'a0'")).data).toEqual([]);
    expect((await t.sqlOk('SELECT id FROM kb_del')).data.length).toBe(15);
  });

  it('CREATE INDEX ON KNOWLEDGE_BASE builds the vector index now, and says when there is nothing to index', async () => {
    await t.sqlOk("CREATE KNOWLEDGE_BASE kb_i USING content_columns = ['body']");
    expect(await t.sqlError('CREATE INDEX ON KNOWLEDGE_BASE kb_i')).toMatch(/holds no chunks yet/);
    await t.sqlOk('INSERT INTO kb_i SELECT id, body FROM files.notes');
    expect((await t.deps.knowledgeBases.indexState('mindsdb', 'kb_i'))?.ann).toBe(false);
    await t.sqlOk('CREATE INDEX ON KNOWLEDGE_BASE kb_i');
    const state = await t.deps.knowledgeBases.indexState('mindsdb', 'kb_i');
    expect(state).toMatchObject({ ann: true, fts: true, indexedRows: 30, unindexedRows: 0 });
    expect(await t.deps.knowledgeBases.indexBuild('mindsdb', 'kb_i')).toMatchObject({
      state: 'done',
      chunks: 30,
    });
    // Searches still find rows through the index.
    expect((await t.sqlOk("SELECT id FROM kb_i WHERE content = 'Note number 12' LIMIT 3")).data.length).toBe(
      3,
    );
    expect(await t.sqlError('CREATE INDEX ON KNOWLEDGE_BASE nokb')).toMatch(/does not exist/);
  });
});
