import type { Expr, Literal, Statement, UpdateAssignment, UsingParams } from './ast';
import { parseUnserved } from './parse-unserved';
import { parseExpr, parseLiteral, parseUsing } from './expressions';
import type { TokenStream } from './token-stream';

/**
 * Knowledge-base statements beyond CREATE / ALTER / DROP, written as MindsDB writes them:
 *
 *   INSERT INTO kb SELECT ... USING batch_size = 200, track_column = id, kb_no_upsert = true
 *   UPDATE kb SET content = '...', metadata = {...}, author = 'x' WHERE id = 1
 *   CREATE INDEX ON KNOWLEDGE_BASE kb [WITH (...)], DROP INDEX ON KNOWLEDGE_BASE kb
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

/**
 * `UPDATE [project.]t SET col = value [, ...] [FROM (SELECT ...) AS alias] [WHERE condition]`, called with
 * UPDATE next. A value may be an expression (`a = b`, `e = f.g`, `predicted = df.result`): its text is kept,
 * and `value` is set for a literal only. `UPDATE AGENT a SET k = v, ...` is MindsDB's ALTER AGENT, and
 * `UPDATE CHATBOT | SKILL` are statements of features not offered here (parse-unserved.ts).
 */
export function parseUpdate(ts: TokenStream): Statement {
  ts.expectKeyword('update');
  if (ts.isKeyword('agent') && !ts.isKeyword('set', 1)) return parseUpdateAgent(ts);
  if ((ts.isKeyword('chatbot') || ts.isKeyword('skill')) && !ts.isKeyword('set', 1))
    return parseUnserved(ts, 'update')!;
  const target = ts.qualifiedName('a table or knowledge base');
  ts.expectKeyword('set');
  const set: UpdateAssignment[] = [];
  do {
    const column = ts.identifier('a column');
    ts.expectOp('=');
    if (set.some((s) => s.column === column)) ts.fail(`'${column}' is set twice`);
    set.push({ column, ...readValue(ts) });
  } while (ts.acceptOp(','));
  let from: { sql: string; alias: string } | undefined;
  if (ts.acceptKeyword('from')) {
    if (!ts.isOp('(')) ts.fail("expected '(' and the SELECT the new values come from");
    const sql = ts.bracketedText().text;
    if (!sql) ts.fail('expected a SELECT');
    ts.acceptKeyword('as');
    from = { sql, alias: ts.identifier('the alias of the SELECT') };
  }
  let where: Expr | undefined;
  if (ts.acceptKeyword('where')) where = parseExpr(ts);
  ts.expectEnd();
  return { kind: 'update', target, set, from, where };
}

/** A value of SET: a literal, or an expression up to the next assignment, FROM or WHERE (its text). */
function readValue(ts: TokenStream): { value: Literal; expression?: string } {
  const at = ts.position;
  try {
    const value = parseLiteral(ts);
    if (ts.atEnd() || ts.isOp(',') || ts.isKeyword('where') || ts.isKeyword('from')) return { value };
  } catch {
    // not a literal: read as an expression below
  }
  while (ts.position > at) ts.back();
  const first = ts.peek();
  let depth = 0;
  while (!ts.atEnd()) {
    if (depth === 0 && (ts.isOp(',') || ts.isKeyword('where') || ts.isKeyword('from'))) break;
    if (ts.isOp('(')) depth++;
    else if (ts.isOp(')')) depth--;
    ts.next();
  }
  if (ts.position === at) ts.fail('expected a value');
  const last = ts.tokens[ts.position - 1];
  return { value: null, expression: ts.source.slice(first.offset, last.offset + last.text.length) };
}

/** `UPDATE AGENT a SET key = value, ...`: MindsDB's way to change an agent's parameters. */
function parseUpdateAgent(ts: TokenStream): Statement {
  ts.expectKeyword('agent');
  const name = ts.qualifiedName('an agent');
  ts.expectKeyword('set');
  const params: UsingParams = {};
  do {
    const key = ts.identifier('a parameter name').toLowerCase();
    ts.expectOp('=');
    params[key] = parseLiteral(ts);
  } while (ts.acceptOp(','));
  ts.expectEnd();
  return { kind: 'alter_agent', name, params };
}

/** `INDEX ON KNOWLEDGE_BASE [project.]kb`, after CREATE or DROP; true when it was one. */
export function isCreateKbIndex(ts: TokenStream): boolean {
  return ts.isKeyword('index') && ts.isKeyword('on', 1);
}

/**
 * `CREATE INDEX ON KNOWLEDGE_BASE kb [WITH (key = value, ...)]` and `DROP INDEX ON KNOWLEDGE_BASE kb`, called
 * with INDEX next; `drop` for the second.
 */
export function parseKbIndex(ts: TokenStream, drop = false): Statement {
  ts.expectKeyword('index');
  ts.expectKeyword('on');
  if (!ts.acceptKeyword('knowledge_base') && !ts.acceptKeyword('knowledge', 'base'))
    ts.fail('expected KNOWLEDGE_BASE: indexes are built on knowledge bases');
  const name = ts.qualifiedName('a knowledge base');
  if (drop) {
    ts.expectEnd();
    return { kind: 'drop_kb_index', name };
  }
  let params: UsingParams = {};
  if (ts.acceptKeyword('with')) {
    ts.expectOp('(');
    params = parseUsing(ts);
    ts.expectOp(')');
  }
  ts.expectEnd();
  return { kind: 'create_kb_index', name, params };
}
