import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../errors';
import { openTestEnv, type TestEnv } from '../../test/kb-test-env';
import { startTestApp, withDataDir } from '../../test/harness';
import { registerFailingSecondCall, registerLocalEmbeddingWith } from '../../test/local-embedding-with';
import { INTERRUPTED } from '../../store/kb-inserts';

describe("INSERT ... USING error = 'skip' or 'raise', on a model that fails a batch", () => {
  let env: TestEnv;
  const flaky = registerFailingSecondCall('flaky-skip-test', 'flaky embeddings failed: HTTP 503');
  beforeEach(async () => {
    env = await openTestEnv();
    await env.service.create('mindsdb', { name: 'kb', embedding_model: { provider: 'flaky-skip-test' } });
    // Counted from the insert on (creating the KB may try the model once).
    flaky.countFromHere();
  });
  afterEach(() => env.close());

  const rows = Array.from({ length: 6 }, (_, i) => ({ id: i, content: `row number ${i}` }));

  it('goes on past a failed batch, counting its rows as skipped and saying why', async () => {
    const result = await env.service.insertRows('mindsdb', 'kb', rows, {
      batchSize: 2,
      onBatchError: 'skip',
    });
    expect(result).toMatchObject({
      rows: 4,
      chunks: 4,
      skipped: 2,
      firstError: 'flaky embeddings failed: HTTP 503',
    });
    expect(await env.service.countChunks('mindsdb', 'kb')).toBe(4);
    const ids = (await env.service.search('mindsdb', 'kb', {})).map((r) => r.id).sort();
    expect(ids).toEqual([0, 1, 4, 5]);
    expect(await env.service.lastInsert('mindsdb', 'kb')).toMatchObject({
      state: 'done',
      rows_done: 6,
      error: "Skipped 2 rows of failed batches (error = 'skip'): flaky embeddings failed: HTTP 503",
    });
  });

  it("stops at the failed batch with error = 'raise' (the default), keeps earlier ones, and the KB stays usable", async () => {
    const error = await env.service
      .insertRows('mindsdb', 'kb', rows, { batchSize: 2 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as Error).message).toBe(
      "Insert into knowledge base 'kb' stopped after 2 of 6 rows (kept): flaky embeddings failed: HTTP 503",
    );
    expect(await env.service.countChunks('mindsdb', 'kb')).toBe(2);
    expect(await env.service.progress('mindsdb', 'kb')).toMatchObject({
      state: 'failed',
      rows_done: 2,
      rows_total: 6,
    });
    await env.service.insertRows('mindsdb', 'kb', rows.slice(2), { batchSize: 2 });
    expect(await env.service.countChunks('mindsdb', 'kb')).toBe(6);
  });
});

describe('INSERT ... USING threads', () => {
  let env: TestEnv;
  let running = 0;
  let most = 0;
  beforeAll(() => {
    // A model that takes a moment per call, as a remote one does; records how many calls overlap.
    registerLocalEmbeddingWith('slow-count-test', async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running--;
    });
  });
  beforeEach(async () => {
    env = await openTestEnv();
    await env.service.create('mindsdb', { name: 'kb', embedding_model: { provider: 'slow-count-test' } });
    most = 0;
  });
  afterEach(() => env.close());

  it('embeds that many batches at once and stores every row, in order', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, content: `row number ${i}` }));
    const one = await env.service.insertRows('mindsdb', 'kb', rows, { batchSize: 4 });
    expect(one.rows).toBe(40);
    expect(most).toBe(1);
    most = 0;
    const progress: number[] = [];
    const four = await env.service.insertRows('mindsdb', 'kb', rows, {
      batchSize: 4,
      threads: 4,
      onProgress: (p) => progress.push(p.rowsDone),
    });
    expect(four.rows).toBe(40);
    expect(most).toBe(4);
    expect(progress).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40]);
    expect(await env.service.countChunks('mindsdb', 'kb')).toBe(40);
  });
});

describe('the last insert after a restart', () => {
  it('is still reported, and one cut off by a stop says so', async () => {
    await withDataDir('ks-kb-restart-', async (dir) => {
      const first = await startTestApp({}, dir);
      await first.sql("CREATE KNOWLEDGE_BASE kb USING content_columns = ['body']");
      await first.sql("INSERT INTO kb (id, body) VALUES (1, 'one'), (2, 'two')");
      await first.sql("CREATE KNOWLEDGE_BASE cut USING content_columns = ['body']");
      // An insert that was running when the server stopped: started, never finished.
      const cutId = (await first.deps.knowledgeBases.get('mindsdb', 'cut')).id;
      await first.deps.databases.catalog.run(
        `INSERT INTO kb_inserts (kb_id, query_id, started_at, finished_at, rows_total, processed_rows, chunks, error) VALUES (?, 99, CAST('2026-01-01 10:00:00' AS TIMESTAMP), NULL, 500, 0, 0, NULL)`,
        [cutId],
      );
      await first.close();

      const second = await startTestApp({}, dir);
      const describeKb = async (kb: string) => {
        const res = await second.sql(`DESCRIBE KNOWLEDGE_BASE ${kb}`);
        return Object.fromEntries((res.column_names as string[]).map((c, i) => [c, res.data[0][i]]));
      };
      expect(await describeKb('kb')).toMatchObject({ PROCESSED_ROWS: 2, ERROR: null });
      expect((await describeKb('kb')).INSERT_FINISHED_AT).toMatch(/^\d{4}-/);
      expect(await describeKb('cut')).toMatchObject({
        INSERT_STARTED_AT: '2026-01-01 10:00:00.000000',
        INSERT_FINISHED_AT: null,
        ERROR: INTERRUPTED,
        QUERY_ID: 99,
      });
      const status = await second.inject({ url: '/api/projects/mindsdb/knowledge_bases/kb/status' });
      expect(status.json()).toMatchObject({
        documents: 2,
        chunks: 2,
        last_insert: { state: 'done', rows_done: 2, rows_total: 2 },
        index: { vector: false, build: null },
      });
      const progress = await second.inject({ url: '/api/projects/mindsdb/knowledge_bases/cut/progress' });
      expect(progress.json()).toMatchObject({ state: 'failed', error: INTERRUPTED });
      await second.close();
    });
  });
});
