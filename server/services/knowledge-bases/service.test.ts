import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider';
import { openTestEnv, type TestEnv } from '../../test/kb-test-env';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/;

describe('KnowledgeBaseService: create, get, list, alter, drop', () => {
  let env: TestEnv;
  // Remote embedding models are tried at create: this one answers.
  let model: FakeProvider;
  beforeAll(async () => {
    model = await startFakeProvider();
  });
  afterAll(() => model.close());
  beforeEach(async () => {
    env = await openTestEnv();
  });
  afterEach(() => env.close());

  it('creates a KB with the seed fields exactly, defaults filled in', async () => {
    const kb = await env.service.create('mindsdb', { name: 'docs' });
    expect(Object.keys(kb)).toEqual([
      'id',
      'name',
      'project_id',
      'vector_database',
      'vector_database_table',
      'created_at',
      'updated_at',
      'query_id',
      'embedding_model',
      'reranking_model',
      'metadata_columns',
      'content_columns',
      'id_column',
      'params',
    ]);
    expect(kb).toMatchObject({
      name: 'docs',
      vector_database: 'lancedb',
      vector_database_table: `kb_${kb.id}`,
      query_id: null,
      embedding_model: { provider: 'local', model_name: 'lexical-hash-v1' },
      reranking_model: null,
      metadata_columns: null,
      content_columns: ['content'],
      id_column: 'id',
      params: { created_embedding_model: 'lexical-hash-v1' },
    });
    expect(kb.created_at).toMatch(TIMESTAMP);
    expect(kb.updated_at).toMatch(TIMESTAMP);
    expect(typeof kb.id).toBe('number');
    expect(typeof kb.project_id).toBe('number');
  });

  it('masks api keys unless secrets are asked for', async () => {
    await env.service.create('mindsdb', {
      name: 'remote',
      embedding_model: {
        provider: 'openai',
        model_name: 'text-embedding-3-large',
        api_key: 'sk-one',
        base_url: model.baseUrl,
      },
      reranking_model: { provider: 'openai', api_key: 'sk-two', client_secret: 's' },
      content_columns: ['body'],
      metadata_columns: ['author'],
      id_column: 'ref',
      preprocessing: { text_chunking_config: { chunk_size: 500, chunk_overlap: 50 } },
    });
    const kb = await env.service.get('mindsdb', 'remote');
    expect(kb.embedding_model).toEqual({
      provider: 'openai',
      model_name: 'text-embedding-3-large',
      api_key: '******',
      base_url: model.baseUrl,
    });
    expect(kb.reranking_model).toEqual({
      provider: 'openai',
      model_name: 'gpt-4o-mini',
      api_key: '******',
      client_secret: '******',
    });
    expect(kb.params).toEqual({
      created_embedding_model: 'text-embedding-3-large',
      preprocessing: { text_chunking_config: { chunk_size: 500, chunk_overlap: 50 } },
    });
    expect((await env.service.get('mindsdb', 'remote', { showSecrets: true })).embedding_model.api_key).toBe(
      'sk-one',
    );
    const [listed] = await env.service.list('mindsdb');
    expect(listed.project_name).toBe('mindsdb');
    expect(listed.embedding_model.api_key).toBe('******');
  });

  it('accepts the fields under params too', async () => {
    const kb = await env.service.create('mindsdb', {
      name: 'p',
      params: { content_columns: ['text'], embedding_model: { provider: 'local' } },
    });
    expect(kb.content_columns).toEqual(['text']);
  });

  it('reports a duplicate as a conflict, and IF NOT EXISTS returns the existing KB', async () => {
    const first = await env.service.create('mindsdb', { name: 'kb' });
    await expect(env.service.create('mindsdb', { name: 'kb' })).rejects.toThrow(ConflictError);
    await expect(env.service.create('mindsdb', { name: 'kb' })).rejects.toThrow(
      "Knowledge base 'kb' already exists in project 'mindsdb'",
    );
    expect((await env.service.create('mindsdb', { name: 'kb' }, { ifNotExists: true })).id).toBe(first.id);
    // The same name in another project is another KB.
    expect((await env.service.create('other', { name: 'kb' })).id).not.toBe(first.id);
  });

  it('names what is missing or wrong', async () => {
    await expect(env.service.create('nope', { name: 'kb' })).rejects.toThrow(NotFoundError);
    await expect(env.service.create('nope', { name: 'kb' })).rejects.toThrow("Project 'nope' does not exist");
    await expect(env.service.get('mindsdb', 'ghost')).rejects.toThrow(
      "Knowledge base 'ghost' does not exist in project 'mindsdb'",
    );
    await expect(env.service.list('nope')).rejects.toThrow(NotFoundError);
    await expect(env.service.create('mindsdb', { name: 'bad name' })).rejects.toThrow(ValidationError);
    await expect(
      env.service.create('mindsdb', { name: 'k', embedding_model: { provider: 'magic' } }),
    ).rejects.toThrow("Unknown embedding model provider 'magic'");
    await expect(env.service.create('mindsdb', { name: 'k', content_columns: [] })).rejects.toThrow(
      'content_columns needs at least one column',
    );
    await expect(
      env.service.create('mindsdb', {
        name: 'k',
        preprocessing: { text_chunking_config: { chunk_size: 10, chunk_overlap: 10 } },
      }),
    ).rejects.toThrow(/chunk_overlap/);
    expect(await env.service.list('mindsdb')).toEqual([]);
  });

  it('alters: an api_key alone keeps provider and model; masked keys sent back change nothing', async () => {
    const before = await env.service.create('mindsdb', {
      name: 'kb',
      embedding_model: {
        provider: 'openai',
        model_name: 'text-embedding-3-small',
        api_key: 'old',
        base_url: model.baseUrl,
      },
      reranking_model: { provider: 'local' },
    });
    await new Promise((r) => setTimeout(r, 5));
    const after = await env.service.alter('mindsdb', 'kb', { embedding_model: { api_key: 'new' } });
    expect(after.embedding_model).toEqual({
      provider: 'openai',
      model_name: 'text-embedding-3-small',
      api_key: '******',
      base_url: model.baseUrl,
    });
    expect(after.updated_at > before.updated_at).toBe(true);
    expect(after.created_at).toBe(before.created_at);
    expect((await env.service.get('mindsdb', 'kb', { showSecrets: true })).embedding_model.api_key).toBe(
      'new',
    );
    await env.service.alter('mindsdb', 'kb', { embedding_model: { api_key: '******' } });
    expect((await env.service.get('mindsdb', 'kb', { showSecrets: true })).embedding_model.api_key).toBe(
      'new',
    );
    const off = await env.service.alter('mindsdb', 'kb', { params: { reranking_model: false } });
    expect(off.reranking_model).toBeNull();
    const more = await env.service.alter('mindsdb', 'kb', { metadata_columns: ['a'], id_column: 'key' });
    expect(more).toMatchObject({ metadata_columns: ['a'], id_column: 'key', content_columns: ['content'] });
  });

  it('refuses to change the embedding model of a KB that holds vectors, allows it when empty', async () => {
    await env.service.create('mindsdb', { name: 'kb' });
    const changed = await env.service.alter('mindsdb', 'kb', {
      embedding_model: { provider: 'local', dimensions: 64 },
    });
    expect(changed.embedding_model).toMatchObject({ provider: 'local', dimensions: 64 });
    await env.service.insertRows('mindsdb', 'kb', [{ id: 1, content: 'hello' }]);
    const error = await env.service
      .alter('mindsdb', 'kb', { embedding_model: { provider: 'ollama', model_name: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(/'kb' holds 1 chunks .* cannot change/);
    expect((error as ValidationError).field).toBe('embedding_model');
    await expect(env.service.alter('ghost', 'kb', {})).rejects.toThrow(NotFoundError);
  });

  it('drops the catalog row and the vector table', async () => {
    const kb = await env.service.create('mindsdb', { name: 'kb' });
    await env.service.insertRows('mindsdb', 'kb', [{ content: 'x' }]);
    expect(await env.store.tableNames()).toEqual([kb.vector_database_table]);
    expect(await env.service.drop('mindsdb', 'kb')).toBe(true);
    expect(await env.store.tableNames()).toEqual([]);
    await expect(env.service.get('mindsdb', 'kb')).rejects.toThrow(NotFoundError);
    await expect(env.service.drop('mindsdb', 'kb')).rejects.toThrow(NotFoundError);
    expect(await env.service.drop('mindsdb', 'kb', { ifExists: true })).toBe(false);
    // A new KB of the same name gets a new id and a new table.
    expect((await env.service.create('mindsdb', { name: 'kb' })).id).not.toBe(kb.id);
  });

  it('repairs orphans: vector tables without a catalog row, rows of vanished projects', async () => {
    const kept = await env.service.create('mindsdb', { name: 'kept' });
    await env.service.insertRows('mindsdb', 'kept', [{ content: 'stays' }]);
    await env.store.createTable('kb_999', 8); // as if a drop crashed after deleting the row
    await env.store.createTable('not_ours', 8);
    const doomed = await env.service.create('other', { name: 'gone' });
    await env.service.insertRows('other', 'gone', [{ content: 'goes' }]);
    await env.catalog.run(`DELETE FROM projects WHERE name = 'other'`);
    const removed = await env.service.repairOrphans();
    expect(removed.sort()).toEqual([doomed.vector_database_table, 'kb_999'].sort());
    expect((await env.store.tableNames()).sort()).toEqual([kept.vector_database_table, 'not_ours'].sort());
    expect(await env.service.countChunks('mindsdb', 'kept')).toBe(1);
  });

  it('lists objects for the project tree and drops them with the project', async () => {
    await env.service.create('other', { name: 'a' });
    await env.service.create('other', { name: 'b' });
    expect(await env.service.listObjects('other')).toEqual([
      { name: 'a', type: 'knowledge_base' },
      { name: 'b', type: 'knowledge_base' },
    ]);
    const [other] = await env.catalog.select<{ id: number }>(`SELECT id FROM projects WHERE name = 'other'`);
    await env.service.dropProjectObjects({ id: Number(other.id), name: 'other' });
    expect(await env.service.list('other')).toEqual([]);
  });
});
