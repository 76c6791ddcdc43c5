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
