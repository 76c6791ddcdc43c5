import { describe, expect, it } from 'vitest';
import { settledInsert } from '../test/background-insert';
import { startTestApp } from '../test/harness';
import { useTestApp } from '../test/use-test-app';

// INSERT INTO kb SELECT ... as MindsDB v26 answers it: at once, with the record of a query that goes on in the
// background; its progress and outcome in DESCRIBE KNOWLEDGE_BASE.
const NOTES = [
  'id,body,author',
  ...Array.from({ length: 40 }, (_, i) => `${i + 1},Note ${i + 1} on parcels,a${i % 3}`),
];
const t = useTestApp({ disableKbAutobatch: false }, async (app) => {
  await app.putFile('notes', 'notes.csv', NOTES.join('\n'));
  await app.sqlOk(
    "CREATE KNOWLEDGE_BASE bg_kb USING content_columns = ['body'], metadata_columns = ['author']",
  );
});

const RECORD_COLUMNS = [
  'ID',
  'SQL',
  'DATABASE',
  'STARTED_AT',
  'FINISHED_AT',
  'PARAMETERS',
  'CONTEXT',
  'PROCESSED_ROWS',
  'ERROR',
  'UPDATED_AT',
];

describe('an INSERT INTO kb SELECT in the background', () => {
  it("is answered with MindsDB's query record, and DESCRIBE follows it to its end", async () => {
    const statement = 'INSERT INTO bg_kb SELECT id, body, author FROM files.notes';
    const answer = await t.sqlOk(statement);
    expect(answer.column_names).toEqual(RECORD_COLUMNS);
    const [id, sql, database, started, finished, parameters, context, processed, error, updated] =
      answer.data[0];
    expect(typeof id).toBe('number');
    expect([sql, database, started, finished, parameters, context, processed, error]).toEqual([
      statement,
      'mindsdb',
      null,
      null,
      {},
      {},
      0,
      null,
    ]);
    expect(updated).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    const ended = await settledInsert(t, 'bg_kb', answer);
    expect(ended).toMatchObject({ QUERY_ID: id, PROCESSED_ROWS: 40, ERROR: null });
    expect(ended.INSERT_STARTED_AT).not.toBeNull();
    expect((await t.sqlOk('SELECT count(DISTINCT id) AS n FROM bg_kb')).data).toEqual([[40]]);
  });

  it('takes USING batch_size and track_column, each insert under a new query id', async () => {
    const first = await t.sqlOk('INSERT INTO bg_kb SELECT id, body, author FROM files.notes WHERE id <= 5');
    const second = await t.sqlOk(
      'INSERT INTO bg_kb SELECT id, body, author FROM files.notes WHERE id > 30 USING batch_size = 3, track_column = id',
    );
    expect(second.data[0][0]).toBeGreaterThan(first.data[0][0]);
    // The second waits for the first (one insert at a time per KB), then runs in batches of 3.
    expect(await settledInsert(t, 'bg_kb', second)).toMatchObject({ PROCESSED_ROWS: 10, ERROR: null });
  });

  it('reports a failure met while it runs in DESCRIBE, and one met before it starts at once', async () => {
    // No content column in the rows: found by the insert itself, after the answer.
    const running = await t.sqlOk('INSERT INTO bg_kb SELECT id, author FROM files.notes');
    const failed = await settledInsert(t, 'bg_kb', running);
    expect(failed.ERROR).toEqual(expect.stringMatching(/body/));
    // A SELECT that cannot run is the statement's own error: nothing is started.
    expect(await t.sqlError('INSERT INTO bg_kb SELECT id, body FROM files.no_such_table')).toMatch(
      /no_such_table/,
    );
    expect(
      await t.sqlError('INSERT INTO bg_kb SELECT id, body FROM files.notes USING batch_sise = 2'),
    ).toMatch(/Unknown insert parameter 'batch_sise'/);
  });

  it('is stopped by the cancel route between batches, and says so', async () => {
    await t.sqlOk('CREATE KNOWLEDGE_BASE bg_long');
    const started = await t.sqlOk(
      "INSERT INTO bg_long SELECT range AS id, 'row ' || range || ' about refunds and parcels' AS content FROM range(60000)",
    );
    const progress = async () =>
      (await t.inject({ url: '/api/projects/mindsdb/knowledge_bases/bg_long/progress' })).json();
    await expect.poll(async () => (await progress()).rows_done, { timeout: 60_000 }).toBeGreaterThan(0);
    const cancel = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/knowledge_bases/bg_long/cancel_insert',
    });
    expect(cancel.json()).toEqual({ cancelled: true });
    const stopped = await settledInsert(t, 'bg_long', started);
    expect(stopped.ERROR).toEqual(expect.stringMatching(/cancelled/));
    expect(stopped.PROCESSED_ROWS as number).toBeLessThan(60_000);
  }, 120_000);

  it('runs to its end before the answer for INSERT ... VALUES, a SELECT of a KB, and a job', async () => {
    await t.sqlOk('CREATE KNOWLEDGE_BASE bg_copy');
    expect(await t.sqlOk("INSERT INTO bg_copy (id, content) VALUES (1, 'one value')")).toMatchObject({
      type: 'ok',
      affected_rows: 1,
    });
    const fromKb = await t.sqlOk(
      "INSERT INTO bg_copy SELECT id, chunk_content AS content FROM bg_kb WHERE content = 'parcels' LIMIT 3",
    );
    expect(fromKb).toMatchObject({ type: 'ok', affected_rows: 3 });
    await t.sqlOk(
      'CREATE JOB bg_job (INSERT INTO bg_copy SELECT id + 100 AS id, body AS content FROM files.notes)',
    );
    await t.deps.jobScheduler.tick();
    expect((await t.sqlOk('SELECT count(DISTINCT id) AS n FROM bg_copy')).data).toEqual([[44]]);
  });
});

describe('a server that stops while an insert runs in the background', () => {
  it('stops the insert between batches, so that the server closes at once', async () => {
    const app = await startTestApp({ disableKbAutobatch: false });
    await app.sqlOk('CREATE KNOWLEDGE_BASE bg_stop');
    await app.sqlOk(
      "INSERT INTO bg_stop SELECT range AS id, 'row ' || range || ' about refunds' AS content FROM range(60000)",
    );
    const progress = async () =>
      (await app.inject({ url: '/api/projects/mindsdb/knowledge_bases/bg_stop/progress' })).json();
    await expect.poll(async () => (await progress()).rows_done, { timeout: 60_000 }).toBeGreaterThan(0);
    const closing = Date.now();
    await app.close();
    // Well before the 60,000 rows could have been embedded.
    expect(Date.now() - closing).toBeLessThan(20_000);
  }, 120_000);
});
