import type { Expr, Literal, UsingParams } from './ast';
import type { TokenStream } from './token-stream';
import { SqlSyntaxError } from './tokenizer';

const COMPARISONS = new Set(['=', '!=', '<>', '<', '>', '<=', '>=']);

/** expr := or; or := and (OR and)*; and := not (AND not)*; not := NOT not | predicate */
export function parseExpr(ts: TokenStream): Expr {
  return parseChain(ts, 'or', parseAnd);
}

function parseAnd(ts: TokenStream): Expr {
  return parseChain(ts, 'and', parseNot);
}

/** `operand (OR|AND operand)*` as a left-deep tree: each link makes the tree one level deeper. */
function parseChain(ts: TokenStream, link: 'or' | 'and', operand: (ts: TokenStream) => Expr): Expr {
  let left = operand(ts);
  for (let levels = 1; ts.isKeyword(link); levels++) {
    const offset = ts.next().offset;
    left = { type: link, left, right: ts.nested(() => operand(ts), levels), offset };
  }
  return left;
}

function parseNot(ts: TokenStream): Expr {
  if (ts.isKeyword('not')) {
    const offset = ts.next().offset;
    return { type: 'not', expr: ts.nested(() => parseNot(ts)), offset };
  }
  return parsePredicate(ts);
}

function parsePredicate(ts: TokenStream): Expr {
  const expr = parseOperand(ts);
  const offset = ts.peek().offset;
  const t = ts.peek();
  if (t.kind === 'op' && COMPARISONS.has(t.value)) {
    ts.next();
    const op = t.value === '<>' ? '!=' : (t.value as '=' | '!=' | '<' | '>' | '<=' | '>=');
    return { type: 'binary', op, left: expr, right: parseOperand(ts), offset };
  }
  if (ts.isKeyword('is')) {
    ts.next();
    const negated = ts.acceptKeyword('not');
    ts.expectKeyword('null');
    return { type: 'is_null', expr, negated, offset };
  }
  const negated = ts.isKeyword('not') && ['in', 'like', 'between'].some((w) => ts.isKeyword(w, 1));
  if (negated) ts.next();
  if (ts.acceptKeyword('in')) {
    ts.expectOp('(');
    const values: Expr[] = [parseOperand(ts)];
    while (ts.acceptOp(',')) values.push(parseOperand(ts));
    ts.expectOp(')');
    return { type: 'in', expr, values, negated, offset };
  }
  if (ts.acceptKeyword('like')) return { type: 'like', expr, pattern: parseOperand(ts), negated, offset };
  if (ts.acceptKeyword('between')) {
    const low = parseOperand(ts);
    ts.expectKeyword('and');
    return { type: 'between', expr, low, high: parseOperand(ts), negated, offset };
  }
  if (negated) ts.fail('expected IN, LIKE or BETWEEN after NOT');
  return expr;
}

function parseOperand(ts: TokenStream): Expr {
  const t = ts.peek();
  if (ts.acceptOp('(')) {
    const inner = ts.nested(() => parseExpr(ts));
    ts.expectOp(')');
    return inner;
  }
  if (t.kind === 'op' && t.value === '*') {
    ts.next();
    return { type: 'star', offset: t.offset };
  }
  if (t.kind === 'ident' || t.kind === 'quoted_ident') {
    const word = t.value.toLowerCase();
    if (t.kind === 'ident' && ['true', 'false', 'null'].includes(word)) {
      ts.next();
      return { type: 'literal', value: word === 'null' ? null : word === 'true', offset: t.offset };
    }
    const first = ts.identifier();
    if (ts.acceptOp('.'))
      return { type: 'column', table: first, name: ts.identifier('a column'), offset: t.offset };
    return { type: 'column', name: first, offset: t.offset };
  }
  return { type: 'literal', value: parseLiteral(ts), offset: t.offset };
}

/** A JSON-like literal: strings, numbers, true/false/null, [lists] and {objects}. */
export function parseLiteral(ts: TokenStream): Literal {
  const t = ts.peek();
  if (t.kind === 'string') {
    ts.next();
    return t.value;
  }
  if (t.kind === 'number') {
    ts.next();
    return Number(t.value);
  }
  if (t.kind === 'op' && t.value === '-' && ts.peek(1).kind === 'number') {
    ts.next();
    return -Number(ts.next().value);
  }
  if (t.kind === 'ident' && ['true', 'false', 'null'].includes(t.value.toLowerCase())) {
    ts.next();
    const word = t.value.toLowerCase();
    return word === 'null' ? null : word === 'true';
  }
  if (t.kind === 'variable') {
    // `@name` in a value (`USING api_key = @my_key`): its value when the statement runs, as written otherwise.
    ts.next();
    return ts.values ? ts.values.variable(t.value, t.text.startsWith('@@')) : t.text;
  }
  if (ts.acceptOp('[')) {
    const items: Literal[] = [];
    if (!ts.acceptOp(']')) {
      do items.push(ts.nested(() => parseLiteral(ts)));
      while (ts.acceptOp(','));
      ts.expectOp(']');
    }
    return items;
  }
  if (ts.acceptOp('{')) {
    const obj: Record<string, Literal> = {};
    if (!ts.acceptOp('}')) {
      do {
        const key = ts.peek();
        if (key.kind !== 'string' && key.kind !== 'ident' && key.kind !== 'quoted_ident')
          ts.fail('expected a key');
        ts.next();
        if (!ts.acceptOp(':')) ts.expectOp('=');
        obj[key.value] = ts.nested(() => parseLiteral(ts));
      } while (ts.acceptOp(','));
      ts.expectOp('}');
    }
    return obj;
  }
  // A `?` or `:name` marker still here was given no value (the request's parameters fill them first).
  if (ts.isOp('?')) throw new SqlSyntaxError('Parameter is not set: ?', t.line, t.column);
  const name = ts.peek(1);
  if (ts.isOp(':') && name.kind === 'ident' && name.offset === t.offset + 1)
    throw new SqlSyntaxError(`Parameter is not set: ${name.value}`, t.line, t.column);
  return ts.fail('expected a value');
}

/** `USING key = value, ...`: keys are lowercased; a bare name value (dotted or not) is read as a string. */
export function parseUsing(ts: TokenStream): UsingParams {
  const params: UsingParams = {};
  do {
    const key = ts.identifier('a parameter name').toLowerCase();
    ts.expectOp('=');
    const t = ts.peek();
    if (t.kind === 'ident' && !['true', 'false', 'null'].includes(t.value.toLowerCase())) {
      // A bare name, dotted or not (`model = mindsdb.my_model`, `storage = db.table`), as its text.
      const parts = [ts.next().value];
      while (ts.acceptOp('.')) parts.push(ts.next().value);
      params[key] = parts.join('.');
    } else {
      params[key] = parseLiteral(ts);
    }
  } while (ts.acceptOp(','));
  return params;
}
