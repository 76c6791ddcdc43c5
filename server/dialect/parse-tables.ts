import type { Statement } from './ast';
import type { TokenStream } from './token-stream';

/**
 * DROP TABLE [IF EXISTS] db.t, called after DROP when TABLE follows. A file table of `files` is deleted as its
 * file is.
 */
export function parseDropTable(ts: TokenStream): Statement {
  const ifExists = ts.acceptKeyword('if', 'exists');
  const name = ts.qualifiedName('a table');
  ts.expectEnd();
  return { kind: 'drop_table', name, ifExists };
}

/**
 * CREATE [OR REPLACE] TABLE db.t [AS] (SELECT ...) | SELECT ..., as MindsDB's SDK writes it; called after
 * CREATE [OR REPLACE] when TABLE follows.
 */
export function parseCreateTable(ts: TokenStream, replace: boolean): Statement {
  const name = ts.qualifiedName('a table');
  ts.acceptKeyword('as');
  if (!ts.isKeyword('select') && !ts.isKeyword('with') && !ts.isOp('(')) {
    return ts.fail('expected a SELECT: tables are created from a query (CREATE TABLE files.t (SELECT ...))');
  }
  const selectSql = ts.restFrom(ts.peek()).trim();
  return { kind: 'create_table', name, replace, selectSql };
}

/**
 * SET ... as MySQL clients send it on connecting (SET NAMES utf8mb4, SET autocommit = 1, SET @@session.x = y):
 * accepted and not applied, as MindsDB does; the text is kept only to say what was set.
 */
export function parseSet(ts: TokenStream): Statement {
  const start = ts.peek();
  if (start.kind === 'eof') ts.fail('expected a variable after SET');
  return { kind: 'set', text: ts.restFrom(start) };
}

/** SET given as text, before it is read as words (MySQL's `@@session.x` is no word of ours). */
export function parseSetText(sql: string): Statement {
  return { kind: 'set', text: sql.trim().replace(/^set\s+/i, '') };
}
