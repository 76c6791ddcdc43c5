import type { Statement, UsingParams } from './ast';
import { parseLiteral } from './expressions';
import type { TokenStream } from './token-stream';

/**
 * `CREATE [OR REPLACE] DATABASE name WITH | USING ENGINE = 'postgres', PARAMETERS = {...}` and `ALTER DATABASE name PARAMETERS = {...}`
 * (and `ALTER DATABASE project NAME = 'new'`, which renames a project as MindsDB does):
 * connections to external data sources, written as MindsDB writes them. `CREATE DATABASE name` without an engine
 * stays a project (see parser.ts), and `DROP DATABASE` is shared with projects.
 */
export function isDatabaseStatement(ts: TokenStream): boolean {
  if (ts.isKeyword('alter') && ts.isKeyword('database', 1)) return true;
  if (!ts.isKeyword('create')) return false;
  let at = ts.isKeyword('or', 1) && ts.isKeyword('replace', 2) ? 3 : 1;
  if (!ts.isKeyword('database', at)) return false;
  // CREATE [OR REPLACE] DATABASE [IF NOT EXISTS] name followed by WITH, USING or ENGINE
  at++;
  if (ts.isKeyword('if', at)) at += 3;
  return ['with', 'using', 'engine'].some((w) => ts.isKeyword(w, at + 1));
}

export function parseDatabaseStatement(ts: TokenStream): Statement {
  if (ts.acceptKeyword('alter', 'database')) {
    const name = ts.identifier('a database');
    if (ts.acceptKeyword('name')) {
      ts.acceptOp('=');
      const newName = ts.next();
      if (newName.kind !== 'string' && newName.kind !== 'ident') ts.fail('expected the new name', newName);
      ts.expectEnd();
      return { kind: 'rename_project', name, newName: newName.value };
    }
    ts.acceptKeyword('with');
    const params = parseParameters(ts);
    ts.expectEnd();
    return { kind: 'alter_database', name, params };
  }
  ts.expectKeyword('create');
  const orReplace = ts.acceptKeyword('or', 'replace');
  ts.expectKeyword('database');
  const ifNotExists = ts.acceptKeyword('if', 'not', 'exists');
  const name = ts.identifier('a database');
  if (!ts.acceptKeyword('with')) ts.acceptKeyword('using');
  ts.expectKeyword('engine');
  ts.acceptOp('=');
  const engineToken = ts.next();
  if (engineToken.kind !== 'string' && engineToken.kind !== 'ident')
    ts.fail('expected an engine name', engineToken);
  const engine = engineToken.value.toLowerCase();
  let params: UsingParams = {};
  if (ts.acceptOp(',') || ts.isKeyword('parameters')) params = parseParameters(ts);
  ts.expectEnd();
  return { kind: 'create_database', name, orReplace, ifNotExists, engine, params };
}

/** `[PARAMETERS [=]] {"key": value, ...}`; keys keep their case (MindsDB's parameter names are lower-case). */
function parseParameters(ts: TokenStream): UsingParams {
  if (ts.acceptKeyword('parameters')) ts.acceptOp('=');
  if (!ts.isOp('{')) ts.fail('expected PARAMETERS = {...}');
  const value = parseLiteral(ts);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return ts.fail('expected PARAMETERS = {...}');
  return value;
}
