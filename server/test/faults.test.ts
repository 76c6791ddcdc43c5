import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { VectorStore } from '../engines/vector-store';
import { DEFAULT_BATCH_ROWS } from '../services/knowledge-bases/ingest';
import { answerNormally, startFakeProvider, type FakeProvider, type ProviderScript } from './fake-provider';
import { startTestApp, type TestApp } from './harness';
import { INTERRUPTED } from '../store/kb-inserts';
import { startServerProcess, type ServerProcess } from './server-process';

const dirs: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const docId = (i: number) => `d${String(i).padStart(6, '0')}`;

/** One short row per document, so that each row is one chunk and chunk counts are row counts. */
function csvOf(rows: number): string {
  const lines = ['id,body'];
  for (let i = 0; i < rows; i++)
    lines.push(`${docId(i)},Document ${i} is about topic ${i % 97} and part ${i % 13}`);
  return `${lines.join('\n')}\n`;
}

interface Progress {
  state: string;
  rows_done: number;
  rows_total: number;
  chunks: number;
  error: string | null;
}

/** Document ids stored in a KB's vector table, read with a store of its own on the data folder. */
async function storedDocIds(t: TestApp, kb: string): Promise<string[]> {
  const table = (await t.deps.knowledgeBases.get('mindsdb', kb)).vector_database_table;
  const store = await VectorStore.open(path.join(t.dataDir, 'vectors'));
  try {
    return (await store.scan(table)).map((c) => c.docId).sort();
  } finally {
    await store.close();
  }
}

/** The rows of completed batches, in input order: the first `n` documents. */
const firstDocs = (n: number) => Array.from({ length: n }, (_, i) => docId(i));

describe('a server killed in the middle of a large insert', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop('SIGKILL');
    server = undefined;
  });

  it('restarts with the catalog and the knowledge base consistent, and takes new inserts', async () => {
    // Below the size at which a KB gets its ANN index, so that no index build outlives the test.
    const ROWS = 48_000;
    const dataDir = await tempDir('ks-kill-');
    server = await startServerProcess({ dataDir });
    const s = server;
    const form = new FormData();
    form.append('file', new Blob([csvOf(ROWS)]), 'docs.csv');
    expect((await s.request('/api/files/docs', { method: 'PUT', body: form })).status).toBe(200);
    expect(
      (await s.sql(`CREATE KNOWLEDGE_BASE big USING content_columns = ['body'], id_column = 'id'`)).type,
    ).toBe('ok');

    // The insert goes on in the background (MindsDB v26's answer: the record of the query).
    const insert = await s.sql('INSERT INTO big SELECT id, body FROM files.docs');
    expect(insert.column_names?.[0], JSON.stringify(insert)).toBe('ID');
    // Watch the progress route and kill once two batches are stored, well before the end.
    let seen: Progress;
    for (;;) {
      seen = (await (
        await s.request('/api/projects/mindsdb/knowledge_bases/big/progress')
      ).json()) as Progress;
      if (seen.state === 'running' && seen.rows_done >= 2 * DEFAULT_BATCH_ROWS) break;
      expect(seen.state, JSON.stringify(seen)).not.toBe('done');
    }
    await s.stop('SIGKILL');

    // A restart of the real server on the same folder.
    server = await startServerProcess({ dataDir });
    const r = server;
    const kbs = await r.sql('SHOW KNOWLEDGE_BASES');
    expect(kbs.data.map((row) => row[0])).toEqual(['big']);
    const progress = (await (
      await r.request('/api/projects/mindsdb/knowledge_bases/big/progress')
    ).json()) as Progress;
    // The insert the kill cut off is reported as such (DESCRIBE's ERROR says the same).
    expect(progress).toMatchObject({ state: 'failed', error: INTERRUPTED, finished_at: null });
    // A row of the first batch is found by its own text.
    const hit = await r.sql(
      `SELECT id, chunk_content FROM big WHERE content = 'Document 7 is about topic 7 and part 7' LIMIT 1`,
    );
    expect(hit.type, hit.error_message).toBe('table');
    expect(hit.data[0]).toEqual([docId(7), 'Document 7 is about topic 7 and part 7']);
    const more = await r.sql(`INSERT INTO big (id, body) VALUES ('new1', 'A row written after the restart')`);
    expect(more).toMatchObject({ type: 'ok', affected_rows: 1 });
    const found = await r.sql(`SELECT id FROM big WHERE id = 'new1'`);
    expect(found.data).toEqual([['new1']]);
    await r.stop();
    server = undefined;

    // The folder, opened again in this process: what is stored is exactly the batches that completed.
    const t = await startTestApp({}, dataDir);
    try {
      const ids = (await storedDocIds(t, 'big')).filter((id) => id !== 'new1');
      expect(ids.length).toBeGreaterThanOrEqual(seen.rows_done);
      expect(ids.length).toBeLessThan(ROWS);
      expect(ids.length % DEFAULT_BATCH_ROWS).toBe(0);
      expect(ids).toEqual(firstDocs(ids.length));
      // No vector table without a catalog row, and no catalog row without its table's name.
      const tables = (await fs.readdir(path.join(dataDir, 'vectors'))).filter((f) => f.endsWith('.lance'));
      const kbTables = (await t.deps.knowledgeBases.list('mindsdb')).map(
        (kb) => `${kb.vector_database_table}.lance`,
      );
      expect(tables.sort()).toEqual(kbTables.sort());
      // The insert that was cut off can simply be run again: it completes the KB.
      const rerun = await t.sql('INSERT INTO big SELECT id, body FROM files.docs');
      expect(rerun).toMatchObject({ type: 'ok', affected_rows: ROWS });
      expect(await t.deps.knowledgeBases.countChunks('mindsdb', 'big')).toBe(ROWS + 1);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('an embedding provider that fails in the middle of an insert', () => {
  const ROWS = 5 * DEFAULT_BATCH_ROWS;
  let provider: FakeProvider;
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
    await provider?.close();
  });

  /**
   * Answers the embedding calls for the first `good` batches of rows, then fails the way `failure` says. The
   * batch is read from the texts asked for, not from how many calls came before: on a busy machine a good
   * batch may time out once and be asked again, and its retry must not take the place of a later batch.
   */
  const failAfter =
    (good: number, failure: ProviderScript): ProviderScript =>
    (request, index) => {
      const [first] = (request.body.input as string[] | undefined) ?? [];
      const row = Number(/^Document (\d+) /.exec(first ?? '')?.[1] ?? 0);
      return row < good * DEFAULT_BATCH_ROWS ? answerNormally(request) : failure(request, index);
    };

  /** `timeoutMs`: how long the server waits for each embedding call (a call that hangs costs two of these). */
  async function setUp(timeoutMs = 10_000) {
    provider = await startFakeProvider();
    t = await startTestApp({ providerHttp: { timeoutMs, retries: 1, baseDelayMs: 1, maxDelayMs: 5 } });
    await t.putFile('docs', 'd.csv', csvOf(ROWS));
    // One embedding call per batch of rows, so that "the fourth call fails" means "the fourth batch fails".
    const model = {
      provider: 'openai',
      model_name: 'fake-embed',
      api_key: 'sk-x',
      base_url: provider.baseUrl,
      batch_size: DEFAULT_BATCH_ROWS,
    };
    const res = await t.sql(
      `CREATE KNOWLEDGE_BASE kb USING embedding_model = ${JSON.stringify(model)}, content_columns = ['body'], id_column = 'id'`,
    );
    expect(res.type, res.error_message).toBe('ok');
  }

  async function expectKeptThreeBatches(result: { type: string; error_message?: string }, cause: RegExp) {
    const kept = 3 * DEFAULT_BATCH_ROWS;
    expect(result.type).toBe('error');
    expect(result.error_message).toMatch(
      new RegExp(
        `^Insert into knowledge base 'kb' stopped after ${kept} of ${ROWS} rows \\(kept\\): openai embeddings \\(fake-embed\\) failed`,
      ),
    );
    expect(result.error_message).toMatch(cause);
    const progress = await t.inject({ url: '/api/projects/mindsdb/knowledge_bases/kb/progress' });
    expect(progress.json()).toMatchObject({
      state: 'failed',
      rows_done: kept,
      rows_total: ROWS,
      chunks: kept,
      error: result.error_message,
    });
    expect(await storedDocIds(t, 'kb')).toEqual(firstDocs(kept));
    // The provider is back: earlier batches are searchable, and running the insert again completes the KB.
    provider.setScript(answerNormally);
    const hit = await t.sql(
      `SELECT id FROM kb WHERE content = 'Document 42 is about topic 42 and part 3' LIMIT 1`,
    );
    expect(hit.data).toEqual([[docId(42)]]);
    expect(await t.sql('INSERT INTO kb SELECT id, body FROM files.docs')).toMatchObject({
      type: 'ok',
      affected_rows: ROWS,
    });
    expect(await storedDocIds(t, 'kb')).toEqual(firstDocs(ROWS));
  }

  it('keeps the batches stored before a 500, and says where it stopped and why', async () => {
    await setUp();
    provider.setScript(
      failAfter(3, () => ({ status: 500, json: { error: { message: 'model overloaded' } } })),
    );
    const result = await t.sql('INSERT INTO kb SELECT id, body FROM files.docs');
    await expectKeptThreeBatches(result, /the model server answered 500 Internal Server Error$/);
  });

  it('keeps the batches stored before a provider that stops answering', async () => {
    await setUp(2000);
    provider.setScript(failAfter(3, () => 'hang'));
    const result = await t.sql('INSERT INTO kb SELECT id, body FROM files.docs');
    await expectKeptThreeBatches(result, /no answer within 2000 ms$/);
  });

  it('answers a REST insert that fails midway with 502 and the same account', async () => {
    await setUp();
    provider.setScript(failAfter(3, () => ({ status: 503, json: { error: { message: 'try later' } } })));
    const rows = firstDocs(ROWS).map((id, i) => ({
      id,
      body: `Document ${i} is about topic ${i % 97} and part ${i % 13}`,
    }));
    const res = await t.inject({
      method: 'PUT',
      url: '/api/projects/mindsdb/knowledge_bases/kb',
      payload: { knowledge_base: { rows } },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toMatch(
      /stopped after 6000 of 10000 rows \(kept\).*the model server answered 503 Service Unavailable$/,
    );
    expect(await storedDocIds(t, 'kb')).toEqual(firstDocs(3 * DEFAULT_BATCH_ROWS));
  });
});
