import type { Literal, Statement, UserVariableAssignment } from './ast';
import { parseLiteral } from './expressions';
import type { TokenStream } from './token-stream';

/**
 * SET in every form MySQL clients and MindsDB's users send (`SET NAMES utf8mb4 COLLATE x`, `SET autocommit = 1,
 * @@session.sql_mode = concat(@@sql_mode, ',X')`, `SET GLOBAL TRANSACTION ISOLATION LEVEL ...`, `SET CHARSET
 * DEFAULT`, `SET @my_key = 'abc'`), called after SET. The server keeps none of MySQL's settings (as MindsDB);
 * what a user variable is given as a constant is returned to be kept (MindsDB keeps those too, for `@name` in
 * later statements). The assignments are separated by commas outside brackets.
 */
export function parseSet(ts: TokenStream): Statement {
  const start = ts.peek();
  if (ts.atEnd()) ts.fail('expected a variable after SET');
  const variables: UserVariableAssignment[] = [];
  do {
    const first = ts.peek();
    const isUserVariable = first.kind === 'variable' && !first.text.startsWith('@@');
    if (isUserVariable && (ts.isOp('=', 1) || (ts.isOp(':', 1) && ts.isOp('=', 2)))) {
      ts.next();
      if (ts.acceptOp(':')) ts.expectOp('=');
      else ts.expectOp('=');
      const value = constantValue(ts);
      if (value !== undefined) variables.push({ name: first.value.toLowerCase(), value });
    }
    skipToNextAssignment(ts);
  } while (ts.acceptOp(','));
  ts.expectEnd();
  return { kind: 'set', text: ts.restFrom(start), variables };
}

/** A constant value followed by the end of its assignment, or undefined (an expression, which is not kept). */
function constantValue(ts: TokenStream): Literal | undefined {
  const at = ts.position;
  try {
    const value = parseLiteral(ts);
    if (ts.atEnd() || ts.isOp(',')) return value;
  } catch {
    // not a constant: MindsDB keeps only constants (and values of its own functions) in variables
  }
  while (ts.position > at) ts.back();
  return undefined;
}

/** Skips to the comma that ends this assignment (outside brackets) or to the end. */
function skipToNextAssignment(ts: TokenStream): void {
  let depth = 0;
  while (!ts.atEnd()) {
    if (depth === 0 && ts.isOp(',')) return;
    if (ts.isOp('(')) depth++;
    else if (ts.isOp(')')) depth--;
    ts.next();
  }
}
