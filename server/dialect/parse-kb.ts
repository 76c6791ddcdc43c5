import type { Expr, Literal, Statement, UsingParams } from './ast';
import { parseExpr, parseLiteral, parseUsing } from './expressions';
import type { TokenStream } from './token-stream';

/**
 * Knowledge-base statements beyond CREATE / ALTER / DROP, written as MindsDB writes them:
 *
 *   INSERT INTO kb SELECT ... USING batch_size = 200, track_column = id, kb_no_upsert = true
 *   UPDATE kb SET content = '...', metadata = {...}, author = 'x' WHERE id = 1
 *   CREATE INDEX ON KNOWLEDGE_BASE kb
 */

/**
 * Where the query of an `INSERT ... SELECT` ends and its `USING key = value, ...` begins: the first USING outside
 * brackets that is followed by a name and `=`. (A join's `USING (col)` is followed by a bracket, so it is not
 * taken for the insert's parameters.) Consumes the query; returns its text and the parameters.
 */
export function readInsertQuery(ts: TokenStream): { selectSql: string; params?: UsingParams } {
  const first = ts.peek();
  let depth = 0;
  for (let ahead = 0; ; ahead++) {
    const t = ts.peek(ahead);
    if (t.kind === 'eof') return { selectSql: ts.restFrom(first) };
    if (t.kind === 'op' && t.value === '(') depth++;
    else if (t.kind === 'op' && t.value === ')') depth--;
    else if (
      depth === 0 &&
      ts.isKeyword('using', ahead) &&
      ['ident', 'quoted_ident'].includes(ts.peek(ahead + 1).kind) &&
      ts.isOp('=', ahead + 2)
    ) {
      const selectSql = ts.source.slice(first.offset, t.offset).trim();
      for (let i = 0; i <= ahead; i++) ts.next();
      const params = parseUsing(ts);
      ts.expectEnd();
      return { selectSql, params };
    }
  }
}

/** `UPDATE [project.]kb SET col = value [, ...] [WHERE condition]`; called with UPDATE next. */
export function parseUpdate(ts: TokenStream): Statement {
  ts.expectKeyword('update');
  const target = ts.qualifiedName('a knowledge base');
  ts.expectKeyword('set');
  const set: { column: string; value: Literal }[] = [];
  do {
    const column = ts.identifier('a column');
    ts.expectOp('=');
    if (set.some((s) => s.column === column)) ts.fail(`'${column}' is set twice`);
    set.push({ column, value: parseLiteral(ts) });
  } while (ts.acceptOp(','));
  let where: Expr | undefined;
  if (ts.acceptKeyword('where')) where = parseExpr(ts);
  ts.expectEnd();
  return { kind: 'update', target, set, where };
}

/** `INDEX ON KNOWLEDGE_BASE [project.]kb`, after CREATE; true when it was one. */
export function isCreateKbIndex(ts: TokenStream): boolean {
  return ts.isKeyword('index') && ts.isKeyword('on', 1);
}

export function parseCreateKbIndex(ts: TokenStream): Statement {
  ts.expectKeyword('index');
  ts.expectKeyword('on');
  if (!ts.acceptKeyword('knowledge_base') && !ts.acceptKeyword('knowledge', 'base'))
    ts.fail('expected KNOWLEDGE_BASE: indexes are built on knowledge bases');
  const name = ts.qualifiedName('a knowledge base');
  ts.expectEnd();
  return { kind: 'create_kb_index', name };
}
