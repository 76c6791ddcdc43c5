import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { MAX_KB_TABLE_ROWS } from './kb-table-handlers';

const PRODUCTS = [
  [1, 'Trail boot', 'footwear', 'A waterproof hiking boot for rain and river crossings.', 120],
  [2, 'Rain jacket', 'clothing', 'A waterproof jacket with taped seams and a hood.', 90],
  [3, 'Camp stove', 'cooking', 'A light gas stove that boils water in three minutes.', 45],
  [4, 'Wool socks', 'footwear', 'Warm merino socks that dry quickly on long walks.', 15],
] as const;

describe('a knowledge base used like a table', () => {
  let t: TestApp;
  const rows = (query: string) => t.sqlRows(query);

  beforeAll(async () => {
    t = await startTestApp();
    const values = PRODUCTS.map(
      ([id, name, category, body, price]) => `(${id}, '${name}', '${category}', '${body}', ${price})`,
    );
    await t.sql(
      `CREATE TABLE files.products (SELECT * FROM (VALUES ${values.join(', ')}) AS p(id, name, category, body, price))`,
    );
    await t.sql(
      `CREATE KNOWLEDGE_BASE kb USING content_columns = ['body'], metadata_columns = ['category'], id_column = 'id'`,
    );
    const r = await t.sql('INSERT INTO kb SELECT id, body, category FROM files.products');
    expect(r.type).toBe('ok');
  }, 60_000);
  afterAll(async () => t?.close());

  it('joins a search with a file table (the content condition goes to the search)', async () => {
    const joined =
      await rows(`SELECT k.id, t.price, t.name FROM kb AS k JOIN files.products AS t ON k.id = t.id
      WHERE k.content = 'waterproof' AND t.price > 100`);
    // The id keeps the source's type, so it joins the file's integer id as it is.
    expect(joined).toEqual([{ id: 1, price: 120, name: 'Trail boot' }]);
  });

  it('sends IN lists and metadata filters to the search and leaves the file table terms to the engine', async () => {
    const joined = await rows(`SELECT t.name, k.category FROM kb k JOIN files.products t ON k.id = t.id
      WHERE (k.content = 'waterproof') AND k.category IN ('footwear', 'clothing') AND t.price BETWEEN 10 AND 100
      ORDER BY t.name`);
    expect(joined).toEqual([
      { name: 'Rain jacket', category: 'clothing' },
      { name: 'Wool socks', category: 'footwear' },
    ]);
    const negative = await rows(`SELECT k.id FROM kb k JOIN files.products t ON k.id = t.id
      WHERE k.content = 'gas stove' AND k.relevance > -1 AND t.price < 50 ORDER BY k.id`);
    expect(negative).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('groups and aggregates over a search, metadata columns included', async () => {
    const grouped =
      await rows(`SELECT category, count(*) AS n FROM kb WHERE content = 'waterproof' AND relevance >= 0
      GROUP BY category ORDER BY category`);
    expect(grouped).toEqual([
      { category: 'clothing', n: 1 },
      { category: 'cooking', n: 1 },
      { category: 'footwear', n: 2 },
    ]);
    // A metadata filter is the search's too: only footwear is searched.
    const filtered = await rows(`SELECT count(*) AS n, max(relevance) <= 1 AS bounded FROM kb
      WHERE content = 'waterproof' AND category = 'footwear'`);
    expect(filtered).toEqual([{ n: 2, bounded: true }]);
    // Without a content condition every chunk is read.
    expect(await rows('SELECT count(DISTINCT id) AS docs FROM kb')).toEqual([{ docs: 4 }]);
  });

  it('reads a search in a CTE and a subquery, with its own LIMIT', async () => {
    const cte =
      await rows(`WITH hits AS (SELECT id, relevance FROM kb WHERE content = 'waterproof boot' LIMIT 2)
      SELECT p.name FROM hits JOIN files.products p ON p.id = hits.id ORDER BY hits.relevance DESC`);
    expect(cte).toHaveLength(2);
    expect(cte[0].name).toBe('Trail boot');
    const sub = await rows(`SELECT name FROM files.products WHERE id IN
      (SELECT id FROM kb WHERE content = 'gas stove boils water' LIMIT 1)`);
    expect(sub).toEqual([{ name: 'Camp stove' }]);
  });

  it('keeps the table check: the rest of the query still cannot read the disk', async () => {
    const r = await t.sql(
      `SELECT k.id FROM kb k JOIN read_csv('/etc/passwd') p ON true WHERE k.content = 'x'`,
    );
    expect(r.type).toBe('error');
    expect(r.error_message).toMatch(/read_csv.*not allowed/);
    const quoted = await t.sql(`SELECT k.id FROM kb k, '/etc/passwd' p WHERE k.content = 'x'`);
    expect(quoted.type).toBe('error');
  });

  it('names what is wrong', async () => {
    const inOr = await t.sql(
      `SELECT k.id FROM kb k JOIN files.products t ON true WHERE k.content = 'a' OR t.id = 1`,
    );
    expect(inOr.type).toBe('error');
    const unknown = await t.sql(`SELECT k.id FROM kb k JOIN files.products t ON true WHERE k.colour = 'red'`);
    expect(unknown.error_message).toMatch(/Unknown column 'colour' in knowledge base 'kb'/);
    expect(MAX_KB_TABLE_ROWS).toBe(10_000);
  });
});
