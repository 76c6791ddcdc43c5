import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import { KB_SEARCH_COLUMNS } from '../../domain/knowledge-bases';
import { openTestEnv, type TestEnv } from '../../test/kb-test-env';

const ROWS = [
  {
    id: 'r1',
    content: 'Refunds are paid back to the original card within five days.',
    author: 'ann',
    year: 2019,
  },
  { id: 'r2', content: 'Shipping to Europe takes three business days.', author: 'bob', year: 2021 },
  { id: 'r3', content: 'Our refund policy covers damaged orders only.', author: "o'brien", year: 2023 },
  { id: 'r4', content: 'Invoices are emailed after each payment.', author: 'ann', year: 2024 },
];

describe('KnowledgeBaseService: insert, search, delete', () => {
  let env: TestEnv;
  beforeEach(async () => {
    env = await openTestEnv();
    await env.service.create('mindsdb', { name: 'kb' });
  });
  afterEach(() => env.close());

  it('searches semantically: seed columns, relevance = 1/(1+distance), best first', async () => {
    await env.service.insertRows('mindsdb', 'kb', ROWS);
    const rows = await env.service.search('mindsdb', 'kb', {
      query: 'what is the refund policy',
      hybrid: false,
    });
    expect(rows.length).toBe(4);
    expect(Object.keys(rows[0])).toEqual([...KB_SEARCH_COLUMNS]);
    expect(rows[0].id).toBe('r3');
    expect(rows[0].chunk_id).toBe('r3:content:1of1:0to45');
    expect(rows[0].metadata).toEqual({
      chunk_index: 0,
      content_column: 'content',
      start_char: 0,
      end_char: 45,
      original_doc_id: 'r3',
      original_row_index: '2',
      source: 'TextChunkingPreprocessor',
      author: "o'brien",
      year: 2023,
    });
    for (const r of rows) expect(r.relevance).toBeCloseTo(1 / (1 + (r.distance ?? NaN)), 6);
    const relevances = rows.map((r) => r.relevance ?? 0);
    expect([...relevances].sort((a, b) => b - a)).toEqual(relevances);
    expect(await env.service.search('mindsdb', 'kb', { query: 'refund', limit: 2 })).toHaveLength(2);
  });

  it('returns every row unranked without a query', async () => {
    await env.service.insertRows('mindsdb', 'kb', ROWS);
    const rows = await env.service.search('mindsdb', 'kb', {});
    expect(rows.map((r) => r.id).sort()).toEqual(['r1', 'r2', 'r3', 'r4']);
    for (const r of rows) expect([r.relevance, r.distance]).toEqual([null, null]);
    await expect(env.service.search('mindsdb', 'kb', { relevanceThreshold: 0.5 })).rejects.toThrow(
      ValidationError,
    );
  });

  it('filters on metadata and id inside the vector search', async () => {
    await env.service.insertRows('mindsdb', 'kb', ROWS);
    const ids = async (filters: Parameters<typeof env.service.search>[2]['filters']) =>
      (await env.service.search('mindsdb', 'kb', { query: 'refund', filters })).map((r) => r.id).sort();
    expect(await ids([{ column: 'author', op: '=', value: 'ann' }])).toEqual(['r1', 'r4']);
    expect(await ids([{ column: 'year', op: '>', value: 2020 }])).toEqual(['r2', 'r3', 'r4']);
    expect(await ids([{ column: 'author', op: '!=', value: 'ann' }])).toEqual(['r2', 'r3']);
    expect(await ids([{ column: 'author', op: 'in', value: ["o'brien", 'bob'] }])).toEqual(['r2', 'r3']);
    expect(await ids([{ column: 'author', op: 'like', value: 'a%' }])).toEqual(['r1', 'r4']);
    expect(await ids([{ column: 'year', op: 'between', value: [2020, 2023] }])).toEqual(['r2', 'r3']);
    expect(await ids([{ column: 'id', op: '=', value: 'r2' }])).toEqual(['r2']);
    await expect(ids([{ column: 'colour', op: '=', value: 'red' }])).rejects.toThrow(
      "Unknown column 'colour' in knowledge base 'kb' (columns: id, chunk_id, chunk_content, author, year)",
    );
  });

  it('drops rows under the relevance threshold', async () => {
    await env.service.insertRows('mindsdb', 'kb', ROWS);
    const all = await env.service.search('mindsdb', 'kb', { query: 'refund policy' });
    const cut = ((all[0].relevance ?? 0) + (all[1].relevance ?? 0)) / 2;
    const kept = await env.service.search('mindsdb', 'kb', {
      query: 'refund policy',
      relevanceThreshold: cut,
    });
    expect(kept.map((r) => r.id)).toEqual([all[0].id]);
  });

  it('re-inserting an id replaces all its chunks, within one insert and across inserts', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    await env.service.insertRows('mindsdb', 'kb', [{ id: 'doc', content: long }]);
    expect(await env.service.countChunks('mindsdb', 'kb')).toBe(4);
    await env.service.insertRows('mindsdb', 'kb', [{ id: 'doc', content: 'short now' }]);
    const rows = await env.service.search('mindsdb', 'kb', {});
    expect(rows.map((r) => r.chunk_id)).toEqual(['doc:content:1of1:0to9']);
    // The same id twice in one insert, in different batches: the later row wins.
    await env.service.insertRows(
      'mindsdb',
      'kb',
      [
        { id: 'x', content: 'first' },
        { id: 'y', content: 'other' },
        { id: 'x', content: 'second' },
      ],
      { batchSize: 2 },
    );
    const x = await env.service.search('mindsdb', 'kb', { filters: [{ column: 'id', op: '=', value: 'x' }] });
    expect(x.map((r) => r.chunk_content)).toEqual(['second']);
  });

  it('makes documents per content column, skips empty content, hashes missing ids', async () => {
    await env.service.create('mindsdb', {
      name: 'multi',
      content_columns: ['title', 'body'],
      id_column: 'ref',
    });
    const result = await env.service.insertRows('mindsdb', 'multi', [
      { ref: 'A1B', title: 'Colors', body: 'Request color: black', owner: 'eve' },
      { ref: 'E', title: '', body: '   ' },
      { title: 'no id here' },
    ]);
    expect(result).toEqual({ rows: 3, documents: 3, chunks: 3 });
    const ids = (await env.service.search('mindsdb', 'multi', {})).map((r) => r.chunk_id).sort();
    expect(ids).toEqual(['32808ab6a3aa1c7f:title:1of1:0to10', 'A1B:body:1of1:0to20', 'A1B:title:1of1:0to6']);
  });

  it('names the content columns when rows have none of them', async () => {
    await expect(env.service.insertRows('mindsdb', 'kb', [{ id: 1, text: 'x' }])).rejects.toThrow(
      "Knowledge base 'kb' takes its text from content, but the rows have no such column (they have: id, text)",
    );
  });

  it('reports progress per batch and keeps the final state for polling', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: i, content: `row ${i}` }));
    const seen: string[] = [];
    await env.service.insertRows('mindsdb', 'kb', rows, {
      batchSize: 2,
      onProgress: (p) => seen.push(`${p.rowsDone}/${p.rowsTotal}`),
    });
    expect(seen).toEqual(['2/5', '4/5', '5/5']);
    expect(await env.service.progress('mindsdb', 'kb')).toMatchObject({
      state: 'done',
      rows_done: 5,
      rows_total: 5,
      chunks: 5,
      error: null,
    });
  });

  it('reranks with the local reranker: relevance is its score', async () => {
    await env.service.alter('mindsdb', 'kb', { reranking_model: { provider: 'local' } });
    await env.service.insertRows('mindsdb', 'kb', ROWS);
    const query = { query: 'refund policy', limit: 3, hybrid: false };
    const rows = await env.service.search('mindsdb', 'kb', query);
    expect(rows).toHaveLength(3);
    expect(rows[0].id).toBe('r3');
    for (const r of rows) {
      expect(r.relevance).toBeGreaterThanOrEqual(0);
      expect(r.relevance).toBeLessThanOrEqual(1);
      expect(r.distance).not.toBeNull();
    }
    expect(rows[0].relevance).toBeGreaterThan(rows[2].relevance ?? 1);
    const plain = await env.service.search('mindsdb', 'kb', { ...query, rerank: false });
    expect(rows.map((r) => r.relevance)).not.toEqual(plain.map((r) => r.relevance));
  });

  it('searches hybrid by default with the local embedding, where the local reranker does not apply', async () => {
    await env.service.insertRows('mindsdb', 'kb', ROWS);
    const byDefault = await env.service.search('mindsdb', 'kb', { query: 'refund policy' });
    expect(byDefault).toEqual(
      await env.service.search('mindsdb', 'kb', { query: 'refund policy', hybrid: true }),
    );
    // The best row's relevance is its absolute match: every query term held, plus its cosine similarity.
    expect(byDefault[0].id).toBe('r3');
    expect(byDefault[0].relevance).toBeGreaterThan(0.5);
    expect(byDefault[0].relevance).toBeLessThan(1);
    await env.service.alter('mindsdb', 'kb', { reranking_model: { provider: 'local' } });
    expect(await env.service.search('mindsdb', 'kb', { query: 'refund policy' })).toEqual(byDefault);
  });

  it('gives the best of a weak lot a low hybrid relevance, not the 1 an exact match gets', async () => {
    await env.service.insertRows('mindsdb', 'kb', ROWS);
    const strong = await env.service.search('mindsdb', 'kb', { query: 'refund policy', hybrid: true });
    // One of the query's three terms is in the KB ("europe"), and only weakly.
    const weak = await env.service.search('mindsdb', 'kb', {
      query: 'visa rules for europe holidays',
      hybrid: true,
    });
    expect(weak[0].id).toBe('r2');
    expect(weak[0].relevance).toBeLessThan(0.5);
    expect(strong[0].relevance).toBeGreaterThan((weak[0].relevance ?? 1) + 0.2);
    const kept = await env.service.search('mindsdb', 'kb', {
      query: 'visa rules for europe holidays',
      hybrid: true,
      relevanceThreshold: 0.5,
    });
    expect(kept).toEqual([]);
  });

  it('hybrid search blends keyword matches into the ranking', async () => {
    await env.service.insertRows('mindsdb', 'kb', ROWS);
    const rows = await env.service.search('mindsdb', 'kb', {
      query: 'invoices',
      hybrid: true,
      hybridAlpha: 0.3,
    });
    expect(rows[0].id).toBe('r4');
    expect(rows[0].relevance).toBeGreaterThan(0.7);
    expect(rows.find((r) => r.id === 'r2')?.relevance ?? 0).toBeLessThan(0.3);
    await expect(
      env.service.search('mindsdb', 'kb', { query: 'x', hybrid: true, hybridAlpha: 2 }),
    ).rejects.toThrow(/between 0 and 1/);
  });

  it('deletes by id and by metadata', async () => {
    await env.service.insertRows('mindsdb', 'kb', ROWS);
    expect(await env.service.deleteWhere('mindsdb', 'kb', [{ column: 'id', op: '=', value: 'r1' }])).toBe(1);
    expect(
      await env.service.deleteWhere('mindsdb', 'kb', [{ column: 'author', op: '=', value: 'ann' }]),
    ).toBe(1);
    expect((await env.service.search('mindsdb', 'kb', {})).map((r) => r.id).sort()).toEqual(['r2', 'r3']);
    await expect(
      env.service.deleteWhere('mindsdb', 'kb', [{ column: 'nope', op: '=', value: 1 }]),
    ).rejects.toThrow("Unknown column 'nope'");
  });

  it('a drop stops a running insert at its next batch and removes everything', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => ({ id: i, content: `row ${i}` }));
    let dropping: Promise<boolean> | undefined;
    const insert = env.service.insertRows('mindsdb', 'kb', rows, {
      batchSize: 5,
      onProgress: () => {
        dropping ??= env.service.drop('mindsdb', 'kb');
      },
    });
    await expect(insert).rejects.toThrow(
      /stopped after \d+ of 400 rows \(kept\): Knowledge base 'kb' was dropped/,
    );
    expect(await dropping).toBe(true);
    expect(await env.store.tableNames()).toEqual([]);
  });

  it('searches an empty KB without error', async () => {
    expect(await env.service.search('mindsdb', 'kb', { query: 'anything' })).toEqual([]);
    expect(await env.service.search('mindsdb', 'kb', {})).toEqual([]);
  });
});
