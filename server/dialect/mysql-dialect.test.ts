import { describe, expect, it } from 'vitest';
import { toMysqlReading } from './mysql-dialect';
import type { SessionValues } from './session-values';

const values: SessionValues = {
  variable: (name, system) => {
    if (system && name === 'version') return '8.0.17';
    if (!system && name === 'x') return "it's";
    throw new Error(`Unknown variable '${name}'`);
  },
  sessionFunction: (name) => (name === 'database' ? 'mindsdb' : undefined),
};

describe("MySQL's reading of a SELECT, written for the engine", () => {
  it('takes a word or a double-quoted word after an item as its alias', () => {
    expect(toMysqlReading('select 1 "2"')).toBe('select 1 AS "2"');
    expect(toMysqlReading('select 1 content, count(1) count, x year from t')).toBe(
      'select 1 AS content, count(1) AS count, x AS year from t',
    );
    expect(toMysqlReading('select (select 1 content) c')).toBe('select (select 1 AS content) AS c');
  });

  it('leaves what only looks like an alias', () => {
    for (const sql of [
      'select interval 1 day',
      "select interval '1' day",
      'select case when a then 1 else 2 end from t',
      'select a is not null from t',
      'select distinct x from t',
      'select 1 as `2`',
      'select t.x from t',
    ]) {
      expect(toMysqlReading(sql)).toBe(sql);
    }
  });

  it('writes LIMIT offset, count as LIMIT count OFFSET offset', () => {
    expect(toMysqlReading('select * from t limit 2, 1')).toBe('select * from t limit 1 OFFSET 2');
    expect(toMysqlReading('select * from t limit 5')).toBe('select * from t limit 5');
  });

  it('writes MySQL XOR (^) as xor(), chains included, and names the item as written', () => {
    expect(toMysqlReading('select a ^ b ^ f(c, d) from t')).toBe(
      'select xor(xor(a , b) , f(c, d)) AS "a ^ b ^ f(c, d)" from t',
    );
    expect(toMysqlReading('select x from t where (1+2) ^ t.y = 3')).toBe(
      'select x from t where xor((1+2) , t.y) = 3',
    );
    expect(toMysqlReading('select a & b, a | b, ~a, a << 1, a >> 1 from t')).toBe(
      'select a & b, a | b, ~a, a << 1, a >> 1 from t',
    );
  });

  it("writes CONVERT and MySQL's cast types in the engine's words", () => {
    expect(toMysqlReading('select convert(x using utf8mb4) c from t')).toBe(
      'select CAST(x AS VARCHAR) AS c from t',
    );
    expect(toMysqlReading('select convert(x, signed) c, cast(y as unsigned integer) d from t')).toBe(
      'select CAST(x AS BIGINT) AS c, cast(y as UBIGINT ) AS d from t',
    );
  });

  it('quotes words the engine reserves where MySQL reads names', () => {
    expect(toMysqlReading('select column, sum(column) s from tab where column > 1')).toBe(
      'select "column", sum("column") AS s from tab where "column" > 1',
    );
  });

  it("puts the session's values in place of variables and session functions", () => {
    expect(toMysqlReading('select @@version, @x v, database()', values)).toBe(
      `select '8.0.17' AS "@@version", 'it''s' AS v, 'mindsdb' AS "database"`,
    );
    expect(toMysqlReading('select a from t where b = @x', values)).toBe("select a from t where b = 'it''s'");
    expect(() => toMysqlReading('select @@nope', values)).toThrow("Unknown variable 'nope'");
    // Read to be checked or kept, not run: variables stay as written.
    expect(toMysqlReading('select @@nope')).toBe('select @@nope');
  });

  it('refuses a parameter marker left without a value, naming it', () => {
    expect(() => toMysqlReading('select a from t where b = :name', values)).toThrow(
      'Parameter is not set: name',
    );
    expect(() => toMysqlReading('select ?', values)).toThrow('Parameter is not set: ?');
    expect(toMysqlReading('select \'{"a":b}\', x::int from t', values)).toBe(
      'select \'{"a":b}\' AS "{""a"":b}", x::int from t',
    );
  });
});
