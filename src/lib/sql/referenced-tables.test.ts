import { describe, expect, it } from 'vitest';
import { referencedTables } from './referenced-tables';

describe('referencedTables', () => {
  it('reads qualified names and aliases', () => {
    expect(referencedTables('SELECT o.id FROM files.orders AS o JOIN mindsdb.kb k ON k.id = o.id')).toEqual([
      { db: 'files', table: 'orders', alias: 'o' },
      { db: 'mindsdb', table: 'kb', alias: 'k' },
    ]);
  });

  it('reads comma-separated lists and unqualified names', () => {
    expect(referencedTables('SELECT * FROM a, b x WHERE a.id = x.id')).toEqual([
      { table: 'a' },
      { table: 'b', alias: 'x' },
    ]);
  });

  it('does not take a following keyword for an alias', () => {
    expect(referencedTables('SELECT * FROM t WHERE 1 = 1 LIMIT 5')).toEqual([{ table: 't' }]);
    expect(referencedTables('SELECT * FROM t ORDER BY 1')).toEqual([{ table: 't' }]);
  });

  it('unquotes backquoted and double-quoted names', () => {
    expect(referencedTables('SELECT * FROM `my db`.`a``b`')).toEqual([{ db: 'my db', table: 'a`b' }]);
    expect(referencedTables('SELECT * FROM "files"."x"')).toEqual([{ db: 'files', table: 'x' }]);
  });

  it('reads INSERT INTO targets and sources', () => {
    expect(referencedTables('INSERT INTO kb SELECT id, body FROM files.docs')).toEqual([
      { table: 'kb' },
      { db: 'files', table: 'docs' },
    ]);
  });

  it('skips subqueries and ignores names in strings and comments', () => {
    expect(referencedTables("SELECT * FROM (SELECT 1) -- FROM nope\n WHERE x = 'FROM bad'")).toEqual([]);
  });

  it('copes with an unfinished statement', () => {
    expect(referencedTables('SELECT * FROM files.')).toEqual([{ table: 'files' }]);
    expect(referencedTables('SELECT * FROM')).toEqual([]);
  });
});
