import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startFakeProvider } from '../test/fake-provider';
import { startTestApp } from '../test/harness';
import { useTestApp } from '../test/use-test-app';
import { expectProblem } from '../test/problem';

const t = useTestApp();

const url = (kb = '', project = 'mindsdb') => `/api/projects/${project}/knowledge_bases${kb ? `/${kb}` : ''}`;
const create = (knowledge_base: Record<string, unknown>, project = 'mindsdb') =>
  t.inject({ method: 'POST', url: url('', project), payload: { knowledge_base } });
const put = (kb: string, knowledge_base: Record<string, unknown>) =>
  t.inject({ method: 'PUT', url: url(kb), payload: { knowledge_base } });

describe('knowledge bases over REST', () => {
  it('creates (201), lists with project_name, gets, and refuses duplicates (409)', async () => {
    const res = await create({
      name: 'rest_a',
      embedding_model: { provider: 'local' },
      reranking_model: { provider: 'openai', model_name: 'judge', api_key: 'sk-secret' },
      metadata_columns: ['author'],
    });
    expect(res.statusCode).toBe(201);
    const kb = res.json();
    expect(kb).toMatchObject({
      name: 'rest_a',
      vector_database: 'lancedb',
      query_id: null,
      reranking_model: { provider: 'openai', model_name: 'judge', api_key: '******' },
      params: { created_embedding_model: 'lexical-hash-v1' },
    });
    expect(res.body).not.toContain('sk-secret');
    const list = (await t.inject({ url: url() })).json();
    expect(list.find((k: { name: string }) => k.name === 'rest_a')).toMatchObject({
      project_name: 'mindsdb',
    });
    // The get adds ours, `loaded_from`: no data source was read into it.
    expect((await t.inject({ url: url('rest_a') })).json()).toEqual({ ...kb, loaded_from: [] });
    expectProblem(await create({ name: 'rest_a' }), 409, {
      detail: "Knowledge base 'rest_a' already exists in project 'mindsdb'",
    });
  });

  it('answers 404 for a missing project or KB and 400 for bad input', async () => {
    expect((await t.inject({ url: url('ghost') })).statusCode).toBe(404);
    expect((await t.inject({ url: url('', 'nope') })).statusCode).toBe(404);
    expect((await create({ name: 'x' }, 'nope')).statusCode).toBe(404);
    expect((await put('ghost', { embedding_model: { api_key: 'k' } })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: url('ghost') })).statusCode).toBe(404);
    expect((await create({})).statusCode).toBe(400);
    expect((await create({ name: 'bad name' })).statusCode).toBe(400);
    const badProvider = await create({ name: 'bp', embedding_model: { provider: 'acme' } });
    expect(badProvider.statusCode).toBe(400);
    expect(badProvider.json().detail).toMatch(/Unknown embedding model provider 'acme'/);
    expect((await t.inject({ method: 'POST', url: url(), payload: { nope: 1 } })).statusCode).toBe(400);
  });

  it('alters with PUT: full object back, api_key alone keeps the model, params accepted, rows inserted', async () => {
    // The embedding model is tried at create: a model server must answer it.
    const model = await startFakeProvider();
    onTestFinished(() => model.close());
    await create({
      name: 'rest_b',
      embedding_model: {
        provider: 'openai',
        model_name: 'text-embedding-3-small',
        api_key: 'old',
        base_url: model.baseUrl,
      },
    });
    const res = await put('rest_b', { embedding_model: { api_key: 'new' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'rest_b',
      embedding_model: { provider: 'openai', model_name: 'text-embedding-3-small', api_key: '******' },
      params: { created_embedding_model: 'text-embedding-3-small' },
    });
    expect(Object.keys(res.json())).toContain('vector_database_table');
    const viaParams = await put('rest_b', { params: { metadata_columns: ['lang'], reranking_model: false } });
    expect(viaParams.json()).toMatchObject({ metadata_columns: ['lang'], reranking_model: null });

    await create({ name: 'rest_rows' });
    const withRows = await put('rest_rows', { rows: [{ id: 'r1', content: 'Refunds take five days.' }] });
    expect(withRows.statusCode).toBe(200);
    const found = await t.sql("SELECT id, chunk_id FROM rest_rows WHERE content = 'refund'");
    expect(found.data).toEqual([['r1', 'r1:content:1of1:0to23']]);
    const locked = await put('rest_rows', { embedding_model: { provider: 'ollama' } });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().detail).toMatch(/cannot change/);
    const progress = (await t.inject({ url: `${url('rest_rows')}/progress` })).json();
    expect(progress).toMatchObject({ state: 'done', rows_done: 1, rows_total: 1, error: null });
  });

  it('deletes with 200 and an empty body', async () => {
    await create({ name: 'rest_c' });
    const res = await t.inject({ method: 'DELETE', url: url('rest_c') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect((await t.inject({ url: url('rest_c') })).statusCode).toBe(404);
  });
});

describe('knowledge bases in SQL', () => {
  beforeAll(async () => {
    await t.sqlOk(
      `CREATE KNOWLEDGE_BASE mindsdb.sql_kb USING embedding_model = {"provider": "local", "api_key": "k1"},
       metadata_columns = ['author', 'year'], content_columns = ['body'], id_column = 'ref',
       preprocessing = {"text_chunking_config": {"chunk_size": 500, "chunk_overlap": 50}}`,
    );
    await t.sqlOk(
      `INSERT INTO sql_kb (ref, body, author, year) VALUES
       ('a', 'Refunds are paid within five days of the return.', 'ann', 2019),
       ('b', 'Shipping to Europe takes three business days.', 'bob', 2022),
       ('c', 'Our refund policy covers damaged orders.', 'ann', 2024)`,
    );
  });

  it('searches with content, metadata filters, a relevance floor and LIMIT', async () => {
    const r = await t.sqlOk(
      "SELECT * FROM sql_kb WHERE content = 'refund policy' AND author = 'ann' AND year > 2020 " +
        'AND hybrid_search = false LIMIT 5',
    );
    expect(r.type).toBe('table');
    expect(r.column_names).toEqual(['id', 'chunk_id', 'chunk_content', 'metadata', 'distance', 'relevance']);
    expect(r.data).toHaveLength(1);
    const [id, chunkId, content, metadata, distance, relevance] = r.data[0];
    expect([id, chunkId, content]).toEqual([
      'c',
      'c:body:1of1:0to40',
      'Our refund policy covers damaged orders.',
    ]);
    expect(metadata).toMatchObject({ chunk_index: 0, content_column: 'body', author: 'ann', year: 2024 });
    expect(relevance).toBeCloseTo(1 / (1 + distance), 6);
    const all = await t.sqlOk("SELECT id, relevance FROM sql_kb WHERE content LIKE '%refund%'");
    expect(all.data.map((row: unknown[]) => row[0])).toEqual(['c', 'a', 'b']);
    const floor = await t.sqlOk(
      `SELECT id FROM sql_kb WHERE content = 'refund' AND relevance >= ${all.data[1][1]}`,
    );
    expect(floor.data.map((row: unknown[]) => row[0])).toEqual(['c', 'a']);
  });

  it('returns null relevance and distance without a semantic condition', async () => {
    const r = await t.sqlOk('SELECT * FROM mindsdb.sql_kb');
    expect(r.data).toHaveLength(3);
    for (const row of r.data) expect(row.slice(4)).toEqual([null, null]);
  });

  it('names an unknown column, KB or parameter in an error result', async () => {
    const col = await t.sql("SELECT * FROM sql_kb WHERE content = 'x' AND colour = 'red'");
    expect(col.type).toBe('error');
    expect(col.error_message).toMatch(/Unknown column 'colour' in knowledge base 'sql_kb'/);
    const kb = await t.sql("INSERT INTO mindsdb.nokb (id, content) VALUES ('1', 'x')");
    expect(kb.error_message).toBe("Knowledge base 'nokb' does not exist in project 'mindsdb'");
    const param = await t.sql('CREATE KNOWLEDGE_BASE bad_kb USING storage = 1');
    expect(param.error_message).toMatch(/Unknown knowledge base parameter 'storage'/);
    const dup = await t.sql('CREATE KNOWLEDGE_BASE sql_kb');
    expect(dup.error_message).toBe("Knowledge base 'sql_kb' already exists in project 'mindsdb'");
    expect((await t.sqlOk('CREATE KNOWLEDGE_BASE IF NOT EXISTS sql_kb')).affected_rows).toBe(0);
  });

  it('shows and describes KBs, masking keys unless show_secrets', async () => {
    const shown = await t.sqlOk('SHOW KNOWLEDGE_BASES');
    const names = shown.data.map((row: unknown[]) => row[0]);
    expect(names).toContain('sql_kb');
    const d = await t.sqlOk('DESCRIBE KNOWLEDGE_BASE sql_kb');
    // MindsDB's column names, in capitals.
    const column = (name: string) => d.data[0][d.column_names.indexOf(name)];
    expect(column('EMBEDDING_MODEL')).toEqual({
      provider: 'local',
      api_key: '******',
      model_name: 'lexical-hash-v1',
    });
    expect(column('CONTENT_COLUMNS')).toEqual(['body']);
    const secret = await t.sqlOk('DESCRIBE sql_kb', { show_secrets: true, db: 'mindsdb' });
    expect(secret.data[0][secret.column_names.indexOf('EMBEDDING_MODEL')].api_key).toBe('k1');
  });

  it('inserts from an uploaded file with INSERT ... SELECT, and deletes by id', async () => {
    const csv = 'id,body,author\nf1,Invoices are sent by email.,eve\nf2,Invoices can be downloaded.,eve\n';
    const boundary = '----kb-test';
    await t.inject({
      method: 'PUT',
      url: '/api/files/kb_docs',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    await t.sqlOk("CREATE KNOWLEDGE_BASE file_kb USING content_columns = ['body']");
    expect(
      (await t.sqlOk('INSERT INTO file_kb SELECT id, body, author FROM files.kb_docs')).affected_rows,
    ).toBe(2);
    const hits = await t.sqlOk(
      "SELECT id, metadata FROM file_kb WHERE content = 'invoices by email' LIMIT 1",
    );
    expect(hits.data).toEqual([['f1', expect.objectContaining({ author: 'eve', original_doc_id: 'f1' })]]);
    expect((await t.sqlOk("DELETE FROM file_kb WHERE id = 'f1'")).affected_rows).toBe(1);
    expect((await t.sqlOk('SELECT id FROM file_kb')).data).toEqual([['f2']]);
  });

  it('alters and drops', async () => {
    await t.sqlOk('CREATE KNOWLEDGE_BASE alter_kb USING reranking_model = {"provider": "local"}');
    await t.sqlOk('ALTER KNOWLEDGE_BASE alter_kb USING reranking_model = false');
    expect((await t.inject({ url: url('alter_kb') })).json().reranking_model).toBeNull();
    expect((await t.sqlOk('DROP KNOWLEDGE_BASE alter_kb')).affected_rows).toBe(1);
    expect((await t.sqlOk('DROP KNOWLEDGE_BASE IF EXISTS alter_kb')).affected_rows).toBe(0);
    expect((await t.sql('DROP KNOWLEDGE_BASE alter_kb')).type).toBe('error');
  });
});

describe('start-up repair', () => {
  it('removes a vector table whose catalog row is gone', async () => {
    const first = await startTestApp();
    const dir = first.dataDir;
    await first.sql('CREATE KNOWLEDGE_BASE crash_kb');
    await first.sql("INSERT INTO crash_kb (id, content) VALUES ('1', 'text')");
    const { vector_database_table: table } = (await first.inject({ url: url('crash_kb') })).json();
    // As if a drop crashed after deleting the catalog row and before dropping the vector table.
    await first.deps.databases.catalog.run(`DELETE FROM knowledge_bases WHERE name = 'crash_kb'`);
    await first.app.close();
    await first.deps.close();
    const second = await startTestApp({}, dir);
    try {
      const tables = await (await import('node:fs/promises')).readdir(`${dir}/vectors`);
      expect(tables).not.toContain(`${table}.lance`);
    } finally {
      await second.close();
      await (await import('node:fs/promises')).rm(dir, { recursive: true, force: true });
    }
  });
});
