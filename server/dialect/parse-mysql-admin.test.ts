import { describe, expect, it } from 'vitest';
import { parseStatement } from './parser';

describe("MySQL's statements about locks, sessions, users and table upkeep", () => {
  it('accepts the locks and savepoints a dump or a client bounds its work with', () => {
    expect(parseStatement('LOCK TABLES `t` WRITE, u AS x READ')).toEqual({
      kind: 'mysql_no_op',
      statement: 'lock_tables',
    });
    expect(parseStatement('UNLOCK TABLES;')).toEqual({ kind: 'mysql_no_op', statement: 'unlock_tables' });
    expect(parseStatement('SAVEPOINT s1')).toEqual({ kind: 'mysql_no_op', statement: 'savepoint' });
    expect(parseStatement('RELEASE SAVEPOINT s1')).toEqual({ kind: 'mysql_no_op', statement: 'savepoint' });
    expect(parseStatement('ROLLBACK WORK TO SAVEPOINT s1')).toEqual({
      kind: 'transaction',
      action: 'rollback',
    });
  });

  it('refuses the others with what is not offered and what serves instead', () => {
    for (const [sql, message] of [
      ['KILL QUERY 5', /^KILL is not supported here: a running query is stopped by the client that sent it/],
      ['TRUNCATE TABLE files.t', /^TRUNCATE is not supported here: a file table is replaced whole/],
      ['RENAME TABLE a TO b', /^RENAME TABLE is not supported here: a table keeps its name/],
      ['GRANT ALL ON *.* TO x', /^GRANT and REVOKE are not supported here: this server keeps no users/],
      ['OPTIMIZE TABLE t', /^MySQL's table upkeep \(FLUSH, ANALYZE, OPTIMIZE, CHECK, REPAIR, CHECKSUM\)/],
      ['CALL p()', /^Stored procedures and prepared statements .* are not offered here/],
      ["LOAD DATA INFILE 'x' INTO TABLE t", /^LOAD DATA is not supported here: upload the file instead/],
      ['REPLACE INTO t VALUES (1)', /^REPLACE INTO is not supported here/],
      [
        '/*!40000 ALTER TABLE t DISABLE KEYS */',
        /^MySQL's version comments \(\/\*!40000 \.\.\. \*\/\) are comments here, as in MindsDB/,
      ],
    ] as const) {
      expect(() => parseStatement(sql), sql).toThrow(message);
    }
    // A word that starts no statement at all is still a syntax error.
    expect(() => parseStatement('frobnicate')).toThrow(/^Syntax error near 'frobnicate'/);
  });
});
