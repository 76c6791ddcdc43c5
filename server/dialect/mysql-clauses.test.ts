import { describe, expect, it } from 'vitest';
import { toMysqlReading } from './mysql-dialect';
import { parseStatement } from './parser';

describe("MySQL's SELECT clauses, written in the engine's words", () => {
  it('drops row locks: each statement is applied when it runs', () => {
    const read = (sql: string) => toMysqlReading(sql).trim();
    expect(read('SELECT * FROM t for update')).toBe('SELECT * FROM t');
    expect(read('SELECT * FROM t FOR SHARE OF t, u SKIP LOCKED')).toBe('SELECT * FROM t');
    expect(read('SELECT * FROM t LOCK IN SHARE MODE')).toBe('SELECT * FROM t');
    // FOR in SUBSTRING is not a lock.
    expect(toMysqlReading('SELECT substring(a FROM 1 FOR 2) FROM t')).toBe(
      'SELECT substring(a FROM 1 FOR 2) FROM t',
    );
  });

  it('writes FETCH FIRST | NEXT n ROWS ONLY as LIMIT n, and OFFSET n ROWS as OFFSET n', () => {
    const read = (sql: string) => toMysqlReading(sql).replace(/\s+/g, ' ').trim();
    expect(read('SELECT * FROM c FETCH FIRST 10 ROWS ONLY')).toBe('SELECT * FROM c LIMIT 10');
    expect(read('SELECT * FROM c OFFSET 5 ROWS FETCH NEXT 1 ROW ONLY')).toBe(
      'SELECT * FROM c OFFSET 5 LIMIT 1',
    );
    expect(read('SELECT * FROM c FETCH FIRST ROW ONLY')).toBe('SELECT * FROM c LIMIT 1');
  });

  it('writes GROUP BY list WITH ROLLUP as GROUP BY ROLLUP (list)', () => {
    expect(toMysqlReading('SELECT a, b, SUM(s) FROM t GROUP BY a, b WITH ROLLUP')).toBe(
      'SELECT a, b, SUM(s) FROM t GROUP BY ROLLUP ( a, b ) ',
    );
  });

  it('reads a JOIN without ON or USING as a cross join, and LEFT ASOF JOIN as ASOF LEFT JOIN', () => {
    expect(toMysqlReading('SELECT * FROM a JOIN b')).toBe('SELECT * FROM a CROSS JOIN b');
    expect(toMysqlReading('SELECT * FROM a INNER JOIN b x WHERE x.t > 1')).toBe(
      'SELECT * FROM a  CROSS JOIN b x WHERE x.t > 1',
    );
    expect(toMysqlReading('SELECT * FROM (SELECT * FROM c1 JOIN c2) AS s')).toBe(
      'SELECT * FROM (SELECT * FROM c1 CROSS JOIN c2) AS s',
    );
    for (const sql of [
      'SELECT * FROM a JOIN b ON a.x = b.x',
      'SELECT * FROM a JOIN b AS c USING (x)',
      'SELECT * FROM a LEFT JOIN b ON a.x = b.x',
      'SELECT * FROM a CROSS JOIN b',
      'SELECT * FROM a JOIN (SELECT 1 AS x) s ON s.x = a.x',
    ]) {
      expect(toMysqlReading(sql)).toBe(sql);
    }
    expect(toMysqlReading('select * from t1 a left asof join t2 b on a.x >= b.y')).toBe(
      'select * from t1 a asof left join t2 b on a.x >= b.y',
    );
  });

  it('reads a IS b and a IS NOT b between two values as null-safe comparisons, named as written', () => {
    expect(toMysqlReading('SELECT c1 IS c2 FROM t')).toBe(
      'SELECT c1 IS NOT DISTINCT FROM c2 AS "c1 IS c2" FROM t',
    );
    expect(toMysqlReading('SELECT * FROM t WHERE c1 IS NOT c2')).toBe(
      'SELECT * FROM t WHERE c1 IS DISTINCT FROM c2',
    );
    for (const sql of [
      'SELECT * FROM t WHERE a IS NOT NULL AND b IS TRUE',
      'SELECT a IS DISTINCT FROM b FROM t',
    ])
      expect(toMysqlReading(sql)).toBe(sql);
  });

  it('reads DISTINCT ON (columns) before the list, and a double-quoted word after a table as its alias', () => {
    expect(toMysqlReading('SELECT DISTINCT ON (c1, c2) c3, c4 FROM t')).toBe(
      'SELECT DISTINCT ON (c1, c2) c3, c4 FROM t',
    );
    expect(toMysqlReading('select a as "database" from information_schema.tables "database"')).toBe(
      'select a as "database" from information_schema.tables AS "database"',
    );
    expect(toMysqlReading('select * from (select 1) "s" join t "u" on true where x = "u"')).toBe(
      `select * from (select 1) AS "s" join t AS "u" on true where x = 'u'`,
    );
  });
});

describe('SELECT forms refused with what is not supported and why', () => {
  it('refuses a table named by four parts or more', () => {
    expect(() => toMysqlReading('SELECT 1 FROM integration.database.schema.tab')).toThrow(
      /^A table is named by at most three parts here \(source\.schema\.table\), and integration\.database\.schema\.tab has 4/,
    );
    expect(toMysqlReading('SELECT 1 FROM src.sch.tab')).toBe('SELECT 1 FROM src.sch.tab');
  });

  it("refuses Oracle's (+) outer-join marker", () => {
    expect(() => toMysqlReading('SELECT * FROM c, o WHERE c.k = o.k(+)')).toThrow(
      /^Oracle's outer-join marker \(\+\) is not supported: write the join as LEFT JOIN/,
    );
  });

  it("refuses SELECT ... USING key = value (a model's parameters), not a join's USING (column)", () => {
    expect(() => toMysqlReading("SELECT s FROM t JOIN pred USING p1 = 1, p2 = '2'")).toThrow(
      /^SELECT \.\.\. USING key = value passes parameters to a model, and this server serves no models/,
    );
    expect(() => toMysqlReading('SELECT s FROM t GROUP BY 1 USING p = 1')).toThrow(/serves no models/);
    expect(toMysqlReading('SELECT s FROM t JOIN u USING (id)')).toBe('SELECT s FROM t JOIN u USING (id)');
  });

  it('refuses them through the parser with no "Syntax error" before the reason', () => {
    expect(() => parseStatement('SELECT * FROM a.b.c.d')).toThrow(/^A table is named by at most three parts/);
  });
});

describe('TABLE t and ALTER TABLE', () => {
  it('reads TABLE t [ORDER BY ...] [LIMIT ...] as SELECT * FROM t ...', () => {
    expect(parseStatement('TABLE files.t ORDER BY a LIMIT 10 OFFSET 5')).toMatchObject({
      kind: 'select',
      sql: 'SELECT * FROM files.t ORDER BY a LIMIT 10 OFFSET 5',
    });
    expect(() => parseStatement('TABLE t WHERE a = 1')).toThrow(
      /expected ORDER BY, LIMIT or the end after TABLE t/,
    );
  });

  it('accepts ALTER TABLE t DISABLE | ENABLE KEYS, and refuses any other ALTER TABLE saying why', () => {
    expect(parseStatement('ALTER TABLE files.t DISABLE KEYS')).toEqual({
      kind: 'alter_table_keys',
      name: { parts: ['files', 't'], offset: 12 },
      enable: false,
    });
    expect(parseStatement('alter table t enable keys;')).toMatchObject({
      kind: 'alter_table_keys',
      enable: true,
    });
    expect(() => parseStatement('ALTER TABLE t ADD COLUMN x INT')).toThrow(
      /^ALTER TABLE is not supported here beyond DISABLE KEYS and ENABLE KEYS: a table keeps the columns/,
    );
  });
});
