import type { Literal, QualifiedName, UsingParams } from './ast';
import { parseLiteral } from './expressions';
import type { TokenStream } from './token-stream';

/** `EVALUATE KNOWLEDGE_BASE kb USING key = value, ...` (MindsDB's statement). */
export interface EvaluateStatement {
  kind: 'evaluate_knowledge_base';
  name: QualifiedName;
  params: UsingParams;
}

/**
 * Reads EVALUATE KNOWLEDGE_BASE. Its USING values may be table names (`test_table = files.qa`): a bare name,
 * dotted or not, is kept as its text; anything else is a literal (strings, numbers, `{...}` objects).
 */
export function parseEvaluateStatement(ts: TokenStream): EvaluateStatement {
  ts.expectKeyword('evaluate');
  if (!ts.acceptKeyword('knowledge_base') && !ts.acceptKeyword('knowledge', 'base'))
    ts.fail('expected KNOWLEDGE_BASE after EVALUATE');
  const name = ts.qualifiedName('a knowledge base');
  const params: UsingParams = {};
  if (ts.acceptKeyword('using')) {
    do {
      const key = ts.identifier('a parameter name').toLowerCase();
      ts.expectOp('=');
      if (key in params) ts.fail(`'${key}' is given twice`);
      params[key] = readValue(ts);
    } while (ts.acceptOp(','));
  }
  ts.expectEnd();
  return { kind: 'evaluate_knowledge_base', name, params };
}

function readValue(ts: TokenStream): Literal {
  const t = ts.peek();
  const bareName =
    (t.kind === 'ident' && !['true', 'false', 'null'].includes(t.value.toLowerCase())) ||
    t.kind === 'quoted_ident';
  return bareName ? ts.qualifiedName('a table').parts.join('.') : parseLiteral(ts);
}
