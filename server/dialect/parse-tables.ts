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
 * CREATE [OR REPLACE] TABLE [IF NOT EXISTS] db.t [AS] (SELECT ...) | SELECT ..., as MindsDB's SDK writes it, or
 * `db.t (col type, ...)`, MindsDB's table of column definitions; called after CREATE [OR REPLACE] when TABLE
 * follows.
 */
export function parseCreateTable(ts: TokenStream, replace: boolean): Statement {
  const ifNotExists = ts.acceptKeyword('if', 'not', 'exists');
  const name = ts.qualifiedName('a table');
  const base = { kind: 'create_table' as const, name, replace, ifNotExists };
  ts.acceptKeyword('as');
  const opensQuery = (at: number) => ts.isKeyword('select', at) || ts.isKeyword('with', at);
  if (ts.isOp('(') && !opensQuery(1) && !ts.isOp('(', 1)) {
    const first = ts.peek();
    const { text, inside } = ts.bracketedText();
    ts.expectEnd();
    if (inside === 0) ts.fail('expected column definitions', first);
    return { ...base, columns: text };
  }
  if (!opensQuery(0) && !ts.isOp('(')) {
    return ts.fail('expected a SELECT: tables are created from a query (CREATE TABLE files.t (SELECT ...))');
  }
  return { ...base, selectSql: ts.restFrom(ts.peek()).trim() };
}
