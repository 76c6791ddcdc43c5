import type { EvaluateStatement, Literal, UsingParams } from './ast';
import { parseLiteral } from './expressions';
import type { TokenStream } from './token-stream';

/**
 * Reads EVALUATE KNOWLEDGE_BASE. Its USING values may be table names (`test_table = files.qa`): a bare name,
 * dotted or not, is kept as its text; anything else is a literal (strings, numbers, `{...}` objects).
 */
export function parseEvaluateStatement(ts: TokenStream): EvaluateStatement {
  ts.expectKeyword('evaluate');
  if (!ts.acceptKeyword('knowledge_base') && !ts.acceptKeyword('knowledge', 'base')) {
    if (ts.isKeyword('from', 1)) return parseEvaluateMetric(ts);
    ts.fail('expected KNOWLEDGE_BASE, or a metric and FROM (SELECT ...), after EVALUATE');
  }
  const name = ts.qualifiedName('a knowledge base');
  const params = readUsing(ts);
  ts.expectEnd();
  return { kind: 'evaluate_knowledge_base', name, params };
}

/** `metric FROM (SELECT ...) [USING ...]`, after EVALUATE. */
function parseEvaluateMetric(ts: TokenStream): EvaluateStatement {
  const metric = ts.identifier('a metric').toLowerCase();
  ts.expectKeyword('from');
  if (!ts.isOp('(')) ts.fail("expected '(' and the SELECT of the actual values and predictions");
  const selectSql = ts.bracketedText().text;
  const params = readUsing(ts);
  ts.expectEnd();
  return { kind: 'evaluate_metric', metric, selectSql, params };
}

function readUsing(ts: TokenStream): UsingParams {
  const params: UsingParams = {};
  if (ts.acceptKeyword('using')) {
    do {
      const key = ts.identifier('a parameter name').toLowerCase();
      ts.expectOp('=');
      if (key in params) ts.fail(`'${key}' is given twice`);
      params[key] = readValue(ts);
    } while (ts.acceptOp(','));
  }
  return params;
}

function readValue(ts: TokenStream): Literal {
  const t = ts.peek();
  const bareName =
    (t.kind === 'ident' && !['true', 'false', 'null'].includes(t.value.toLowerCase())) ||
    t.kind === 'quoted_ident';
  return bareName ? ts.qualifiedName('a table').parts.join('.') : parseLiteral(ts);
}
