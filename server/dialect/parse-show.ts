import type { Statement } from './ast';
import type { TokenStream } from './token-stream';

/** The SHOW statements MySQL clients send on connecting or browsing, which MindsDB answers. */
export type ShowTopic =
  | 'warnings'
  | 'errors'
  | 'variables'
  | 'status'
  | 'engines'
  | 'charset'
  | 'collation'
  | 'function_status'
  | 'procedure_status';

/**
 * SHOW [GLOBAL | SESSION] VARIABLES | STATUS, SHOW WARNINGS | ERRORS | ENGINES | CHARSET | CHARACTER SET |
 * COLLATION | FUNCTION STATUS | PROCEDURE STATUS, each with an optional LIKE 'pattern'; SHOW SCHEMAS is SHOW
 * DATABASES. Called after SHOW (and FULL, when given); returns undefined when the words are not one of these.
 */
export function parseShowTopic(ts: TokenStream, full: boolean): Statement | undefined {
  if (ts.acceptKeyword('schemas')) return end(ts, { kind: 'show_databases', full });
  const scope = ts.acceptKeyword('global') ? 'global' : ts.acceptKeyword('session') ? 'session' : undefined;
  let topic: ShowTopic | undefined;
  if (ts.acceptKeyword('variables')) topic = 'variables';
  else if (ts.acceptKeyword('status')) topic = 'status';
  else if (scope) return ts.fail('expected VARIABLES or STATUS');
  else if (ts.acceptKeyword('warnings')) topic = 'warnings';
  else if (ts.acceptKeyword('errors')) topic = 'errors';
  else if (ts.acceptKeyword('engines')) topic = 'engines';
  else if (ts.acceptKeyword('charset') || ts.acceptKeyword('character', 'set')) topic = 'charset';
  else if (ts.acceptKeyword('collation')) topic = 'collation';
  else if (ts.acceptKeyword('function', 'status')) topic = 'function_status';
  else if (ts.acceptKeyword('procedure', 'status')) topic = 'procedure_status';
  else return undefined;
  let like: string | undefined;
  if (ts.acceptKeyword('like')) {
    const pattern = ts.next();
    if (pattern.kind !== 'string') ts.fail('expected a quoted pattern after LIKE', pattern);
    like = pattern.value;
  } else if (ts.acceptKeyword('where')) {
    // MySQL allows a WHERE on these listings; the rows are few and constant, so the filter is not applied.
    return ts.fail('use LIKE to filter this listing');
  }
  return end(ts, { kind: 'show_topic', topic, like });
}

function end<S extends Statement>(ts: TokenStream, s: S): S {
  ts.expectEnd();
  return s;
}
