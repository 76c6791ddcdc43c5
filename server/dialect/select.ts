import type { SelectItem, SimpleSelect } from './ast';
import { parseExpr } from './expressions';
import type { TokenStream } from './token-stream';

/**
 * Tries to read `SELECT items FROM name [AS a] [WHERE e] [ORDER BY c [ASC|DESC], ...] [LIMIT n [OFFSET m]]`.
 * Returns undefined (without throwing) when the SELECT is richer than that: joins, subqueries, GROUP BY and
 * so on belong to the SQL engine, which gets the whole text.
 */
export function tryParseSimpleSelect(ts: TokenStream): SimpleSelect | undefined {
  try {
    return parseSimpleSelect(ts);
  } catch {
    return undefined;
  }
}

function parseSimpleSelect(ts: TokenStream): SimpleSelect | undefined {
  ts.expectKeyword('select');
  if (ts.isKeyword('distinct')) return undefined;
  const items: SelectItem[] = [];
  do {
    const expr = parseExpr(ts);
    let alias: string | undefined;
    if (ts.acceptKeyword('as')) alias = ts.identifier('an alias');
    items.push({ expr, alias });
  } while (ts.acceptOp(','));
  if (!ts.acceptKeyword('from')) return undefined;
  if (ts.isOp('(')) return undefined;
  const from = ts.qualifiedName('a table');
  if (ts.isOp('(')) return undefined; // a table function
  if (ts.acceptKeyword('as')) ts.identifier('an alias');
  else if (ts.peek().kind === 'ident' && !isClauseKeyword(ts)) ts.next();
  const select: SimpleSelect = { items, from, orderBy: [] };
  if (ts.acceptKeyword('where')) select.where = parseExpr(ts);
  if (ts.acceptKeyword('order', 'by')) {
    do {
      const column = ts.identifier('a column');
      const descending = ts.acceptKeyword('desc');
      if (!descending) ts.acceptKeyword('asc');
      select.orderBy.push({ column, descending });
    } while (ts.acceptOp(','));
  }
  if (ts.acceptKeyword('limit')) {
    select.limit = readCount(ts);
    if (ts.acceptKeyword('offset')) select.offset = readCount(ts);
  }
  ts.acceptOp(';');
  return ts.peek().kind === 'eof' ? select : undefined;
}

function isClauseKeyword(ts: TokenStream): boolean {
  return [
    'where',
    'order',
    'limit',
    'join',
    'left',
    'right',
    'inner',
    'group',
    'union',
    'cross',
    'full',
  ].some((w) => ts.isKeyword(w));
}

function readCount(ts: TokenStream): number {
  const t = ts.next();
  const n = Number(t.value);
  if (t.kind !== 'number' || !Number.isInteger(n) || n < 0) ts.fail('expected a whole number', t);
  return n;
}
