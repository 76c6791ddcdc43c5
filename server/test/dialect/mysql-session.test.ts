import { describe, expect, it } from 'vitest';
import { useTestApp } from '../use-test-app';

/** MySQL's session syntax, as MindsDB's clients and users send it, through the real server. */
const t = useTestApp({}, (app) => app.putFile('nums', 'nums.csv', 'n,column\n5,3\n12,10\n'));

const rows = async (query: string, context?: Record<string, unknown>) => {
  const res = await t.sqlOk(query, context);
  return { names: res.column_names as string[], data: res.data as unknown[][] };
};

describe('aliases as MySQL reads them', () => {
  it('takes a double-quoted word and a word without AS as the alias', async () => {
    expect(await rows('select 1 "2"')).toEqual({ names: ['2'], data: [[1]] });
    expect(await rows('select 1 content, 2 count, 3 year')).toEqual({
      names: ['content', 'count', 'year'],
      data: [[1, 2, 3]],
    });
    expect(await rows('select n value from files.nums order by n limit 1')).toEqual({
      names: ['value'],
      data: [[5]],
    });
  });
});

describe('variables', () => {
  it("answers the server's variables by name, as MindsDB names the column", async () => {
    expect(await rows('SELECT @@version')).toEqual({ names: ['@@version'], data: [['8.0.17']] });
    expect(await rows('select @@session.auto_increment_increment, @@character_set_client c')).toEqual({
      names: ['@@session.auto_increment_increment', 'c'],
      data: [[1, 'utf8mb4']],
    });
    expect(await t.sqlError('select @@no_such_variable')).toBe("Unknown variable 'no_such_variable'");
  });

  it('keeps user variables a SET gives and reads them in later statements', async () => {
    expect(await t.sqlError('select @greeting')).toMatch(/Variable greeting is not defined/);
    await t.sqlOk("SET @greeting = 'hello', @limit := 6, autocommit = 1");
    expect(await rows('select @greeting, n from files.nums where n > @limit')).toEqual({
      names: ['@greeting', 'n'],
      data: [['hello', 12]],
    });
  });

  it('fills @name from the request parameters, as :name', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/sql/query',
      payload: { query: 'select @who w, :n + 1 m', params: { who: 'ann', n: 1 } },
    });
    expect(res.json()).toMatchObject({ type: 'table', column_names: ['w', 'm'], data: [['ann', 2]] });
  });

  it('answers the session functions as MindsDB does', async () => {
    expect(await rows('select database(), version(), connection_id()', { db: 'files' })).toEqual({
      names: ['database', 'version', 'connection_id'],
      data: [['files', '8.0.17', 1]],
    });
  });
});

describe('SET and transactions', () => {
  it('accepts SET in every form a MySQL client sends', async () => {
    for (const query of [
      'SET names some_name',
      'set character_set_results = NULL',
      'set autocommit=1',
      'set var1 = NULL, var2 = 10',
      'SET NAMES some_name collate DEFAULT',
      "SET names some_name collate 'utf8mb4_general_ci'",
      'SET CHARACTER SET DEFAULT',
      "SET CHARSET 'utf8'",
      'SET GLOBAL TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ WRITE',
      'SET SESSION TRANSACTION READ ONLY, ISOLATION LEVEL SERIALIZABLE',
      "set autocommit=1, global sql_mode=concat(@@sql_mode, ',STRICT_TRANS_TABLES'), NAMES utf8mb4",
      'set @@session.autocommit=OFF',
    ]) {
      expect(await t.sql(query), query).toMatchObject({ type: 'ok', context: { db: 'mindsdb' } });
    }
  });

  it('accepts transaction bounds and does nothing with them', async () => {
    for (const query of [
      'start transaction',
      'START TRANSACTION READ ONLY',
      'begin',
      'BEGIN WORK',
      'commit',
      'rollback',
      'ROLLBACK WORK AND NO CHAIN',
    ]) {
      expect(await t.sql(query), query).toMatchObject({ type: 'ok' });
    }
  });
});

describe('parameters, LIMIT, operators, conversions and reserved words', () => {
  it('refuses a :name or ? without a value, naming it', async () => {
    const absent = await t.inject({
      method: 'POST',
      url: '/api/sql/query',
      payload: { query: 'select n, :x from files.nums where n = :wanted', params: {} },
    });
    expect(absent.json().error_message).toBe('Parameter is not set: x');
    expect(await t.sqlError('select * from files.nums where n = ?')).toBe('Parameter is not set: ?');
  });

  it('reads LIMIT offset, count as MySQL does', async () => {
    expect((await rows('select n from files.nums order by n limit 1, 1')).data).toEqual([[12]]);
  });

  it('computes the bitwise operators as MySQL does (^ is XOR, not a power)', async () => {
    expect(await rows('select 5 ^ 3, 5 & 3, 5 | 3, 5 << 1, 5 >> 1, ~5 & 15 inverted')).toEqual({
      names: ['5 ^ 3', '(5 & 3)', '(5 | 3)', '(5 << 1)', '(5 >> 1)', 'inverted'],
      data: [[6, 1, 7, 10, 2, 10]],
    });
  });

  it('converts with CONVERT(x USING charset), CONVERT(x, type) and MySQL cast types', async () => {
    expect(
      await rows(
        "select convert('abc' using utf8mb4) a, convert('7', signed) + 1 b, cast('9' as unsigned) c",
      ),
    ).toEqual({ names: ['a', 'b', 'c'], data: [['abc', 8, 9]] });
  });

  it('reads `column` as a column name, quoted or not', async () => {
    expect(
      (await rows('select column, `column` c, sum(column) s from files.nums group by column order by column'))
        .data,
    ).toEqual([
      [3, 3, 3],
      [10, 10, 10],
    ]);
  });
});
