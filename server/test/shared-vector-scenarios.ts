import { expect, it } from 'vitest';
import type { TestApp } from './harness';

/**
 * What two servers sharing one catalog and one set of vector tables must do, wherever the tables live: a shared
 * folder (postgres-catalog.test.ts) or object storage (object-storage-vectors.test.ts). Each scenario makes its
 * own knowledge bases in the project `vecs`.
 */
export function sharedVectorScenarios(servers: () => { a: TestApp; b: TestApp }): void {
  const ids = async (t: TestApp, query: string) => (await t.sqlRows(query)).map((r) => String(r.id));

  it('searches on one server what the other inserted, and replaces a document the other stored', async () => {
    const { a, b } = servers();
    await a.sqlOk('CREATE PROJECT vecs');
    await a.sqlOk('CREATE KNOWLEDGE_BASE vecs.docs');
    await b.sqlOk(
      "INSERT INTO vecs.docs (id, content) VALUES ('1', 'Parcels leave the depot every morning')",
    );
    await a.sqlOk(
      "INSERT INTO vecs.docs (id, content) VALUES ('2', 'Refunds reach the card within five days')",
    );
    expect(await ids(b, "SELECT id FROM vecs.docs WHERE content = 'refund to my card' LIMIT 1")).toEqual([
      '2',
    ]);

    // The other server stored document 2 after this one last wrote: replacing it must still find it.
    await b.sqlOk(
      "INSERT INTO vecs.docs (id, content) VALUES ('2', 'Refunds reach the card within three days')",
    );
    const chunks = await a.sqlRows("SELECT id, chunk_content FROM vecs.docs WHERE id = '2'");
    expect(chunks.map((c) => c.chunk_content)).toEqual(['Refunds reach the card within three days']);
  });

  it('filters on a metadata column the other server added after this one read the table', async () => {
    const { a, b } = servers();
    await a.sqlOk('CREATE KNOWLEDGE_BASE vecs.notes');
    await a.sqlOk("INSERT INTO vecs.notes (id, content) VALUES ('1', 'Opening hours are nine to five')");
    expect(await ids(a, "SELECT id FROM vecs.notes WHERE content = 'opening hours'")).toEqual(['1']);

    await b.sqlOk(
      "INSERT INTO vecs.notes (id, content, topic) VALUES ('2', 'The shop opens at nine on Saturdays', 'weekend')",
    );
    expect(
      await ids(a, "SELECT id FROM vecs.notes WHERE content = 'opening hours' AND topic = 'weekend'"),
    ).toEqual(['2']);
  });

  it('searches with the default settings the other server chose', async () => {
    const { a, b } = servers();
    const url = '/api/projects/vecs/knowledge_bases/docs/search_defaults';
    const read = async (t: TestApp) => (await t.inject({ method: 'GET', url })).json();
    const before = await read(b);
    const chosen = { mode: 'keyword', rerank: false, limit: 7 };
    expect(before).not.toMatchObject(chosen);
    const put = await a.inject({ method: 'PUT', url, payload: chosen });
    expect(put.statusCode).toBe(200);
    expect(await read(b)).toMatchObject(chosen);
  });

  it('lets both servers insert into one knowledge base at once without storing a document twice', async () => {
    const { a, b } = servers();
    await a.sqlOk('CREATE KNOWLEDGE_BASE vecs.race');
    const expected: string[] = [];
    for (let round = 0; round < 3; round++) {
      const ids = [1, 2, 3, 4].map((i) => `r${round}d${i}`);
      expected.push(...ids);
      const insert = (from: string) =>
        `INSERT INTO vecs.race (id, content) VALUES ${ids.map((id) => `('${id}', 'Document ${id} as ${from} wrote it')`).join(', ')}`;
      // Each server finds none of these documents stored yet and adds them: only the shared write lock
      // makes the second one see the first one's rows and replace them.
      await Promise.all([a.sqlOk(insert('a')), b.sqlOk(insert('b'))]);
    }
    const stored = (await b.sqlRows('SELECT id FROM vecs.race')).map((r) => String(r.id)).sort();
    expect(stored).toEqual(expected.sort());
  });

  it('answers a search of a knowledge base the other server dropped with an error that names it', async () => {
    const { a, b } = servers();
    await a.sqlOk('CREATE KNOWLEDGE_BASE vecs.gone');
    await a.sqlOk("INSERT INTO vecs.gone (id, content) VALUES ('1', 'Soon to be dropped')");
    expect(await ids(b, "SELECT id FROM vecs.gone WHERE content = 'dropped'")).toEqual(['1']);
    await a.sqlOk('DROP KNOWLEDGE_BASE vecs.gone');
    expect(await b.sqlError("SELECT id FROM vecs.gone WHERE content = 'dropped'")).toMatch(/gone/);
  });
}
