import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerNormally, fakeEmbedding, startFakeProvider, type FakeProvider } from '../test/fake-provider';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * UPDATE kb SET ... is one write: a failure after the new chunks are built leaves the old document whole, and
 * a document that shrinks loses its extra chunks in the same commit.
 */
describe('UPDATE of a knowledge base is all or nothing', () => {
  let t: TestApp;
  let fake: FakeProvider;
  const ok = (query: string) => t.sqlOk(query);
  const chunksOf = async (id: number) =>
    (await ok(`SELECT chunk_id, chunk_content, metadata FROM kb_atomic WHERE id = ${id}`))
      .data as unknown[][];

  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await startTestApp({ allowPrivateModelUrls: true, providerHttp: { retries: 0, timeoutMs: 2000 } });
    const model = { provider: 'openai', model_name: 'e', base_url: fake.baseUrl, api_key: 'sk-x' };
    await ok(
      `CREATE KNOWLEDGE_BASE kb_atomic USING embedding_model = ${JSON.stringify(model)}, ` +
        `metadata_columns = ['author', 'year'], preprocessing = {"text_chunking_config": {"chunk_size": 60, "chunk_overlap": 0}}`,
    );
    const long = Array.from({ length: 8 }, (_, i) => `Sentence ${i} tells of parrots and owls.`).join(' ');
    await ok(
      `INSERT INTO kb_atomic (id, content, author, year) VALUES ` +
        `(1, '${long}', 'ann', 2020), (2, 'Cats sleep all day.', 'bo', 2021)`,
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('keeps the old document whole when the write fails after the new chunks are embedded', async () => {
    const before = await chunksOf(2);
    expect(before).toHaveLength(1);
    // The model now answers with vectors of another length: the new chunks cannot be stored. The old
    // delete-then-add lost the document here.
    fake.setScript((request) => {
      if (!request.path.endsWith('/embeddings')) return answerNormally(request);
      const input = request.body.input as string[];
      return {
        json: { data: input.map((text, index) => ({ index, embedding: fakeEmbedding(text).slice(0, 8) })) },
      };
    });
    const res = await t.sql("UPDATE kb_atomic SET content = 'Dogs bark at night.' WHERE id = 2");
    expect(res.type).toBe('error');
    expect(res.error_message).toMatch(/8 values/);
    fake.setScript(answerNormally);
    expect(await chunksOf(2)).toEqual(before);
    expect((await ok('SELECT COUNT(*) FROM kb_atomic WHERE id = 2')).data[0][0]).toBe(1);
  });

  it('replaces a long document by a short one in one go: no chunk of the old text is left', async () => {
    const before = await chunksOf(1);
    expect(before.length).toBeGreaterThan(2);
    expect((await ok("UPDATE kb_atomic SET content = 'Only owls now.' WHERE id = 1")).affected_rows).toBe(1);
    const after = await chunksOf(1);
    expect(after.map((r) => r[1])).toEqual(['Only owls now.']);
    const parrots = await ok("SELECT chunk_content FROM kb_atomic WHERE content = 'parrots'");
    expect(JSON.stringify(parrots.data)).not.toMatch(/parrots/i);
  });

  it('a metadata change keeps every chunk of a long document, changed, and adds none', async () => {
    const long = Array.from({ length: 6 }, (_, i) => `Line ${i} speaks of herons and cranes.`).join(' ');
    await ok(`INSERT INTO kb_atomic (id, content, author, year) VALUES (3, '${long}', 'di', 2019)`);
    const before = await chunksOf(3);
    expect(before.length).toBeGreaterThan(2);
    expect((await ok("UPDATE kb_atomic SET author = 'ed' WHERE id = 3")).affected_rows).toBe(1);
    const after = await chunksOf(3);
    expect(after.map((r) => r[0]).sort()).toEqual(before.map((r) => r[0]).sort());
    const authors = await ok("SELECT chunk_id FROM kb_atomic WHERE author = 'ed'");
    expect(authors.data).toHaveLength(before.length);
    expect((await ok("SELECT chunk_id FROM kb_atomic WHERE author = 'di'")).data).toEqual([]);
  });

  it('a metadata object replaced whole leaves no stale filter value behind', async () => {
    expect((await ok('UPDATE kb_atomic SET metadata = {"author": "cy"} WHERE id = 2')).affected_rows).toBe(1);
    expect(
      (await ok("SELECT id FROM kb_atomic WHERE author = 'cy'")).data.map((r: unknown[]) => r[0]),
    ).toEqual([2]);
    // year was dropped with the old metadata: the typed column must not still match it.
    expect((await ok('SELECT id FROM kb_atomic WHERE year = 2021')).data).toEqual([]);
    expect((await ok("SELECT id FROM kb_atomic WHERE author = 'bo'")).data).toEqual([]);
  });
});
