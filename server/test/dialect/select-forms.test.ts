import { describe, expect, it } from 'vitest';
import { useTestApp } from '../use-test-app';

/**
 * MindsDB's SELECT forms (those its parser reads) through the real server: answered as MySQL answers them, or
 * refused with what is not supported and why, never with the engine's syntax error.
 */
const t = useTestApp({}, async (app) => {
  await app.putFile('sales', 'sales.csv', 'country,city,amount\nfr,paris,5\nfr,lyon,7\nde,berlin,11\n');
  await app.putFile('rates', 'rates.csv', 'country,rate\nfr,2\nde,3\n');
});

const data = async (query: string) => (await t.sqlOk(query)).data as unknown[][];

describe('SELECT forms answered as MySQL answers them', () => {
  it('rolls up a GROUP BY ... WITH ROLLUP, and reads FETCH FIRST n ROWS ONLY as LIMIT n', async () => {
    expect(
      await data('SELECT country, SUM(amount) s FROM files.sales GROUP BY country WITH ROLLUP ORDER BY s'),
    ).toEqual([
      ['de', 11],
      ['fr', 12],
      [null, 23],
    ]);
    expect(await data('SELECT city FROM files.sales ORDER BY amount FETCH FIRST 2 ROWS ONLY')).toEqual([
      ['paris'],
      ['lyon'],
    ]);
  });

  it('reads a JOIN without ON as a cross join, DISTINCT ON, a IS b, <=> and a locking clause', async () => {
    expect(await data('SELECT COUNT(*) FROM files.sales JOIN files.rates')).toEqual([[6]]);
    expect(
      await data('SELECT DISTINCT ON (country) country, city FROM files.sales ORDER BY country, amount'),
    ).toEqual([
      ['de', 'berlin'],
      ['fr', 'paris'],
    ]);
    expect(await t.sqlOk("SELECT 'a' IS 'a' same, NULL <=> NULL both_null, 1 IS NOT 2 differ")).toMatchObject(
      {
        column_names: ['same', 'both_null', 'differ'],
        data: [[true, true, true]],
      },
    );
    expect(await data('SELECT city FROM files.sales WHERE amount > 10 FOR UPDATE')).toEqual([['berlin']]);
  });

  it('takes a double-quoted word after a table as its alias, and TABLE t as SELECT * FROM t', async () => {
    expect(await data('SELECT "s".city FROM files.sales "s" WHERE "s".amount = 5')).toEqual([['paris']]);
    expect(await data('TABLE files.rates ORDER BY rate DESC LIMIT 1')).toEqual([['de', 3]]);
  });

  it('accepts LOCK TABLES and ALTER TABLE ... DISABLE | ENABLE KEYS, as a MySQL dump sends them', async () => {
    for (const sql of [
      'LOCK TABLES `sales` WRITE',
      'ALTER TABLE files.sales DISABLE KEYS',
      'ALTER TABLE files.sales ENABLE KEYS',
      'UNLOCK TABLES',
    ])
      expect(await t.sqlOk(sql)).toMatchObject({ type: 'ok' });
  });
});

describe('SELECT forms refused with the reason', () => {
  it.each([
    ['SELECT 1 FROM integration.database.schema.tab', /^A table is named by at most three parts here/],
    [
      'SELECT * FROM files.sales s, files.rates r WHERE s.country = r.country(+)',
      /^Oracle's outer-join marker/,
    ],
    ["SELECT city FROM files.sales JOIN pred USING p1 = 1, p2 = '2'", /this server serves no models/],
    [
      "SELECT status FROM int1 (select q from p where x = 'test''test') group by 1",
      /^'int1' is not a data source: FROM int1 \(\.\.\.\) sends a native query to a data source/,
    ],
    ["SELECT * FROM files.sales WHERE amount <#> '[3,1,2]'", /^The distance operator <#> is pgvector's/],
    [
      'CREATE VIEW v FROM integr AS (SELECT * FROM pred)',
      /^The view's query is refused: 'integr' is not a data source, and FROM integr \(\.\.\.\) holds a native query/,
    ],
    ['ALTER TABLE files.sales ADD COLUMN x INT', /^ALTER TABLE is not supported here beyond DISABLE KEYS/],
    ['SHOW FULL TABLES FROM files IN mindsdb', /^SHOW TABLES lists one database's objects: name it once/],
    ['SHOW FULL COLUMNS FROM a FROM b IN c IN d', /^SHOW COLUMNS lists one table's columns/],
    ['SHOW CREATE TABLE', /^SHOW CREATE TABLE shows one table's definition: name the table/],
    ['TRUNCATE TABLE files.sales', /^TRUNCATE is not supported here/],
  ])('%s', async (query, message) => {
    expect(await t.sqlError(query)).toMatch(message);
  });
});
