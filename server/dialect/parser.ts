import type { Literal, Statement, UsingParams } from './ast';
import { parseExpr, parseLiteral, parseUsing } from './expressions';
import { isDatabaseStatement, parseDatabaseStatement } from './parse-database';
import { isViewOrJobStatement, parseJobStatements, parseViewOrJobStatement } from './parse-view-job';
import { toMysqlReading } from './mysql-dialect';
import { parseEvaluateStatement } from './parse-evaluate';
import { isCreateKbIndex, parseKbIndex, parseUpdate, readInsertQuery } from './parse-kb';
import { parseShow } from './parse-show';
import { parseDescribe } from './parse-describe';
import { parseUnserved } from './parse-unserved';
import { parseCreateTable, parseDropTable } from './parse-tables';
import { parseMysqlAdmin } from './parse-mysql-admin';
import { parseSet } from './parse-set';
import { parseTransaction } from './parse-transaction';
import { tryParseSimpleSelect } from './select';
import { checkStatementBounds, TokenStream } from './token-stream';
import { tokenize } from './tokenizer';
import type { SessionValues } from './session-values';

/** How a statement is read: see TokenStream's `values`. */
export interface ParseOptions {
  values?: SessionValues;
}

/** Parses one statement of our dialect. Throws SqlSyntaxError with the line and column of the problem. */
export function parseStatement(sql: string, { values }: ParseOptions = {}): Statement {
  const tokens = tokenize(sql);
  const ts = new TokenStream(tokens, sql, values);
  checkStatementBounds(ts);
  if (ts.peek().kind === 'eof' || (ts.isOp(';') && ts.peek(1).kind === 'eof')) {
    // MySQL runs the text of a version comment; MindsDB, as we do, reads it as a comment.
    if (/^\s*\/\*!/.test(sql))
      ts.refuse(
        "MySQL's version comments (/*!40000 ... */) are comments here, as in MindsDB: send the statement without them",
      );
    ts.fail('the query is empty');
  }
  if (isViewOrJobStatement(ts)) return parseViewOrJobStatement(ts, parseStatement);
  // One statement per request: a `;` followed by more text starts a second one.
  const separator = tokens.findIndex(
    (t, i) => t.kind === 'op' && t.value === ';' && tokens[i + 1].kind !== 'eof',
  );
  if (separator !== -1) ts.fail('send one statement at a time', tokens[separator]);
  if (isDatabaseStatement(ts)) return parseDatabaseStatement(ts);
  const first = ts.peek();
  const word = first.kind === 'ident' ? first.value.toLowerCase() : '';
  const parse = STATEMENT_PARSERS.get(word);
  if (parse) return parse(ts);
  const admin = parseMysqlAdmin(ts);
  if (admin) return admin;
  if (ts.isOp('(')) return parseSelect(ts);
  return ts.fail('expected a statement such as SELECT, CREATE, DROP, ALTER, SHOW, USE, INSERT or DELETE');
}

/** The statements of a job's body given on its own (REST): split and parsed, errors located in `text`. */
export function jobStatements(text: string): string[] {
  return parseJobStatements(text, parseStatement);
}

function parseUse(ts: TokenStream): Statement {
  ts.next();
  return ended(ts, { kind: 'use', name: ts.identifier('a project') });
}

function parseSetStatement(ts: TokenStream): Statement {
  ts.next();
  return parseSet(ts);
}

/** The parser of each statement, by its first word (those of databases, views and jobs are tried before). */
const STATEMENT_PARSERS = new Map<string, (ts: TokenStream) => Statement>([
  ['select', parseSelect],
  ['with', parseSelect],
  ['create', parseCreate],
  ['drop', parseDrop],
  ['alter', parseAlter],
  ['show', parseShow],
  ['describe', parseDescribe],
  ['desc', parseDescribe],
  ['use', parseUse],
  ['set', parseSetStatement],
  ['insert', parseInsert],
  ['delete', parseDelete],
  ['update', parseUpdate],
  ['evaluate', parseEvaluateStatement],
  ['start', parseTransaction],
  ['begin', parseTransaction],
  ['commit', parseTransaction],
  ['rollback', parseTransaction],
  ['explain', parseExplain],
  ['table', parseTableStatement],
  ['retrain', parseModelVerb],
  ['finetune', parseModelVerb],
]);

/** `EXPLAIN t`: MindsDB answers it as SHOW COLUMNS FROM t. */
function parseExplain(ts: TokenStream): Statement {
  ts.next();
  return ended(ts, { kind: 'show_columns', full: false, table: ts.qualifiedName('a table') });
}

/** RETRAIN | FINETUNE [MODEL] m ...: MindsDB's model statements, of a feature not offered here. */
function parseModelVerb(ts: TokenStream): Statement {
  const verb = ts.next().value.toLowerCase() as 'retrain' | 'finetune';
  return parseUnserved(ts, verb)!;
}

/** A statement read whole: nothing may follow it. */
function ended<S extends Statement>(ts: TokenStream, statement: S): S {
  ts.expectEnd();
  return statement;
}

/** `TABLE t [ORDER BY ...] [LIMIT ...]`: MySQL's (and MindsDB's) short form of `SELECT * FROM t ...`. */
function parseTableStatement(ts: TokenStream): Statement {
  ts.next();
  const start = ts.peek();
  ts.qualifiedName('a table');
  if (!ts.atEnd() && !ts.isKeyword('order') && !ts.isKeyword('limit'))
    ts.fail('expected ORDER BY, LIMIT or the end after TABLE t');
  const sql = `SELECT * FROM ${ts.restFrom(start)}`;
  return parseSelect(new TokenStream(tokenize(sql), sql, ts.values));
}

function parseSelect(ts: TokenStream): Statement {
  const sql = ts.restFrom(ts.peek());
  const simple = ts.isKeyword('select') ? tryParseSimpleSelect(ts) : undefined;
  return { kind: 'select', sql: toMysqlReading(sql, ts.values), simple };
}

/** `KNOWLEDGE_BASE` may also be written `KNOWLEDGE BASE`. */
function acceptKnowledgeBase(ts: TokenStream): boolean {
  return ts.acceptKeyword('knowledge_base') || ts.acceptKeyword('knowledge', 'base');
}

/** The objects CREATE and DROP name alike; a project is named by one identifier, the others may be qualified. */
type ProjectObject = 'project' | 'knowledge_base' | 'agent';

function acceptProjectObject(ts: TokenStream): ProjectObject | undefined {
  // SCHEMA and DATASOURCE are MindsDB's other words for a database (DROP SCHEMA, DROP DATASOURCE).
  if (['project', 'database', 'schema', 'datasource'].some((w) => ts.acceptKeyword(w))) return 'project';
  if (acceptKnowledgeBase(ts)) return 'knowledge_base';
  if (ts.acceptKeyword('agent')) return 'agent';
  return undefined;
}

const OBJECT_NOUNS = { knowledge_base: 'a knowledge base', agent: 'an agent' } as const;

function parseCreate(ts: TokenStream): Statement {
  ts.next();
  if (isCreateKbIndex(ts)) return parseKbIndex(ts);
  if (ts.acceptKeyword('table')) return parseCreateTable(ts, false);
  if (ts.isKeyword('table', 2) && ts.acceptKeyword('or', 'replace', 'table'))
    return parseCreateTable(ts, true);
  const orReplace = ts.acceptKeyword('or', 'replace');
  const unserved = parseUnserved(ts, 'create');
  if (unserved) return unserved;
  if (orReplace)
    ts.fail(
      'OR REPLACE applies to views, tables and data sources (CREATE OR REPLACE DATABASE d WITH ENGINE ...)',
    );
  const object = acceptProjectObject(ts);
  if (!object) return ts.fail('expected PROJECT, KNOWLEDGE_BASE or AGENT after CREATE');
  const ifNotExists = ts.acceptKeyword('if', 'not', 'exists');
  if (object === 'project')
    return ended(ts, { kind: 'create_project', name: ts.identifier('a project'), ifNotExists });
  const name = ts.qualifiedName(OBJECT_NOUNS[object]);
  const params = ts.acceptKeyword('using') ? parseUsing(ts) : {};
  return ended(ts, { kind: `create_${object}`, name, ifNotExists, params });
}

function parseDrop(ts: TokenStream): Statement {
  ts.next();
  if (ts.acceptKeyword('table')) return parseDropTable(ts);
  if (isCreateKbIndex(ts)) return parseKbIndex(ts, true);
  const unserved = parseUnserved(ts, 'drop');
  if (unserved) return unserved;
  const object = acceptProjectObject(ts);
  if (!object) return ts.fail('expected PROJECT, KNOWLEDGE_BASE or AGENT after DROP');
  const ifExists = ts.acceptKeyword('if', 'exists');
  if (object === 'project')
    return ended(ts, { kind: 'drop_project', name: ts.identifier('a project'), ifExists });
  return ended(ts, { kind: `drop_${object}`, name: ts.qualifiedName(OBJECT_NOUNS[object]), ifExists });
}

function parseAlter(ts: TokenStream): Statement {
  ts.next();
  if (ts.acceptKeyword('table')) return parseAlterTable(ts);
  const isKb = acceptKnowledgeBase(ts);
  if (!isKb && !ts.acceptKeyword('agent'))
    ts.fail('expected KNOWLEDGE_BASE, AGENT, VIEW, DATABASE or TABLE after ALTER');
  const name = ts.qualifiedName(isKb ? 'a knowledge base' : 'an agent');
  ts.expectKeyword('using');
  const params = parseUsing(ts);
  ts.expectEnd();
  return isKb ? { kind: 'alter_knowledge_base', name, params } : { kind: 'alter_agent', name, params };
}

/**
 * `ALTER TABLE t DISABLE | ENABLE KEYS`, which MySQL dumps wrap their inserts in: accepted and done, as MindsDB
 * does (a table here has no index to suspend). Any other change of a table is refused: its columns are those
 * of the query or file it was made from.
 */
function parseAlterTable(ts: TokenStream): Statement {
  const name = ts.qualifiedName('a table');
  const action = ts.peek();
  if ((ts.acceptKeyword('disable', 'keys') || ts.acceptKeyword('enable', 'keys')) && ts.atEnd()) {
    ts.expectEnd();
    return { kind: 'alter_table_keys', name, enable: action.value.toLowerCase() === 'enable' };
  }
  return ts.refuse(
    'ALTER TABLE is not supported here beyond DISABLE KEYS and ENABLE KEYS: a table keeps the columns of the ' +
      'query or file it was made from (CREATE OR REPLACE TABLE db.t AS SELECT ... to change them)',
    action,
  );
}

function parseInsert(ts: TokenStream): Statement {
  ts.next();
  ts.expectKeyword('into');
  const target = ts.qualifiedName('a table or knowledge base');
  let columns: string[] | undefined;
  if (ts.isOp('(') && !ts.isKeyword('select', 1)) {
    ts.next();
    columns = [ts.identifier('a column')];
    while (ts.acceptOp(',')) columns.push(ts.identifier('a column'));
    ts.expectOp(')');
  }
  if (ts.acceptKeyword('values')) {
    const rows: Literal[][] = [];
    let params: UsingParams | undefined;
    do {
      ts.expectOp('(');
      const row: Literal[] = [parseLiteral(ts)];
      while (ts.acceptOp(',')) row.push(parseLiteral(ts));
      ts.expectOp(')');
      if (columns && row.length !== columns.length)
        ts.fail(`expected ${columns.length} values, one per column`);
      rows.push(row);
    } while (ts.acceptOp(','));
    if (ts.acceptKeyword('using')) params = parseUsing(ts);
    ts.expectEnd();
    return { kind: 'insert', target, columns, rows, params };
  }
  if (ts.isKeyword('select') || ts.isKeyword('with') || ts.isOp('(')) {
    const { selectSql, params } = readInsertQuery(ts);
    return { kind: 'insert', target, columns, selectSql: toMysqlReading(selectSql, ts.values), params };
  }
  return ts.fail('expected VALUES or SELECT');
}

function parseDelete(ts: TokenStream): Statement {
  ts.next();
  ts.expectKeyword('from');
  const target = ts.qualifiedName('a table or knowledge base');
  if (!ts.acceptKeyword('where')) {
    ts.expectEnd();
    return { kind: 'delete', target };
  }
  const where = parseExpr(ts);
  ts.expectEnd();
  return { kind: 'delete', target, where };
}
