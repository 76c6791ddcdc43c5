import type { Expr } from '../dialect/ast';
import { parseExpr } from '../dialect/expressions';
import { TokenStream } from '../dialect/token-stream';
import { tokenize, type Token } from '../dialect/tokenizer';
import { sourceOffset } from '../services/views/substitute';
import type { TableReference } from '../engines/table-references';

type Node = Record<string, unknown>;

/** Columns that steer a KB search rather than name a column of its rows: always the KB's, even unqualified. */
const STEERING = new Set([
  'content',
  'relevance',
  'relevance_threshold',
  'hybrid_search',
  'hybrid_search_alpha',
  'reranking',
]);

/** A span of the statement's text (our dialect) and what replaces it. */
export interface TextEdit {
  from: number;
  to: number;
  text: string;
}

/** A knowledge base read inside a larger SELECT, and what of its SELECT can go to the search. */
export interface KbUse {
  ref: TableReference;
  /** The name its columns are qualified with: its alias, else the KB's name. */
  alias: string;
  /** The KB's name in the text, with no alias after it (the replacement must then carry one). */
  nameSpan: { from: number; to: number; aliased: boolean };
  /** The AND terms of its SELECT's WHERE that belong to the KB: they go to the search, and TRUE takes their place. */
  pushed: { expr: Expr; span: TextEdit }[];
  /** Its SELECT's LIMIT + OFFSET, when the KB is that SELECT's only source and the rows are not reshaped. */
  limit?: number;
}

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

function children(node: unknown, visit: (child: unknown) => void): void {
  if (Array.isArray(node)) node.forEach(visit);
  else if (isNode(node)) Object.values(node).forEach(visit);
}

/** Every node of a subtree, depth first. */
function each(node: unknown, visit: (n: Node) => void): void {
  if (isNode(node)) visit(node);
  children(node, (c) => each(c, visit));
}

/** The SELECT_NODE that reads each base table, by the table's location. */
function enclosingSelects(ast: unknown): Map<number, { table: Node; select: Node }> {
  const found = new Map<number, { table: Node; select: Node }>();
  const walk = (node: unknown, select: Node | undefined): void => {
    if (isNode(node)) {
      if (node.type === 'SELECT_NODE') select = node;
      if (node.type === 'BASE_TABLE' && select)
        found.set(Number(node.query_location), { table: node, select });
    }
    children(node, (c) => walk(c, select));
  };
  walk(ast, undefined);
  return found;
}

function conjuncts(where: unknown): Node[] {
  if (!isNode(where)) return [];
  if (where.type === 'CONJUNCTION_AND') return (where.children as unknown[]).flatMap(conjuncts);
  return [where];
}

/** The text span a condition covers, from its first to its last token, parentheses balanced. */
function spanOf(
  node: Node,
  sql: string,
  engineLength: number,
  tokens: readonly Token[],
): TextEdit | undefined {
  const locations: number[] = [];
  each(node, (n) => {
    const at = Number(n.query_location);
    if (Number.isFinite(at) && at >= 0 && at < engineLength) locations.push(at);
  });
  if (!locations.length) return undefined;
  const first = tokens.findIndex((t) => t.offset === sourceOffset(tokens, Math.min(...locations)));
  let last = tokens.findIndex((t) => t.offset === sourceOffset(tokens, Math.max(...locations)));
  if (first === -1 || last === -1) return undefined;
  if (tokens[last].kind === 'op' && ['-', '+'].includes(tokens[last].value)) last++;
  const depth = (from: number, to: number) =>
    tokens.slice(from, to + 1).reduce((d, t) => d + (t.value === '(' ? 1 : t.value === ')' ? -1 : 0), 0);
  while (depth(first, last) > 0 && tokens[last + 1]?.value === ')') last++;
  if (depth(first, last) !== 0 || tokens[last].kind === 'eof') return undefined;
  const to = tokens[last].offset + tokens[last].text.length;
  return { from: tokens[first].offset, to, text: sql.slice(tokens[first].offset, to) };
}

/** Our parse of a condition's text, or undefined when it is more than a KB search takes (functions, subqueries). */
function parseCondition(text: string): Expr | undefined {
  try {
    const ts = new TokenStream(tokenize(text), text);
    const expr = parseExpr(ts);
    return ts.peek().kind === 'eof' ? expr : undefined;
  } catch {
    return undefined;
  }
}

/** Whether every column a condition names is the KB's (qualified by its alias, or a steering word). */
function belongsToKb(node: Node, alias: string, alone: boolean): boolean {
  let columns = 0;
  let foreign = false;
  each(node, (n) => {
    if (n.class === 'SUBQUERY' || n.type === 'SUBQUERY') foreign = true;
    if (n.type !== 'COLUMN_REF') return;
    columns++;
    const names = (n.column_names as string[]).map((s) => s.toLowerCase());
    const ours =
      (names.length === 2 && names[0] === alias.toLowerCase()) ||
      (names.length === 1 && (alone || STEERING.has(names[0])));
    if (!ours) foreign = true;
  });
  return columns > 0 && !foreign;
}

export const mentionsSteering = (expr: Expr): boolean => {
  let found = false;
  const walk = (e: Expr): void => {
    if (e.type === 'column' && STEERING.has(e.name.toLowerCase())) found = true;
    for (const v of Object.values(e)) if (v && typeof v === 'object' && 'type' in v) walk(v as Expr);
    if (e.type === 'in') e.values.forEach(walk);
  };
  walk(expr);
  return found;
};

function constant(node: unknown): number | undefined {
  if (!isNode(node) || node.type !== 'VALUE_CONSTANT') return undefined;
  const value = (node.value as { value?: unknown } | undefined)?.value;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Orders that keep the search's own order: relevance descending, distance ascending. */
function keepsSearchOrder(modifier: Node): boolean {
  return (modifier.orders as Node[]).every((o) => {
    const e = o.expression as Node;
    const name = e.type === 'COLUMN_REF' ? (e.column_names as string[]).at(-1)?.toLowerCase() : undefined;
    return (
      (name === 'relevance' && o.type === 'ORDER_DESCENDING') ||
      (name === 'distance' && o.type !== 'ORDER_DESCENDING')
    );
  });
}

/** The LIMIT a search may take from its SELECT: only when that SELECT returns the KB's rows as they come. */
function pushableLimit(select: Node, alone: boolean, allPushed: boolean): number | undefined {
  if (!alone || !allPushed) return undefined;
  if ((select.group_expressions as unknown[]).length || select.having) return undefined;
  let reshaped = false;
  each(select.select_list, (n) => {
    if (n.class === 'FUNCTION' || n.class === 'WINDOW' || n.class === 'SUBQUERY') reshaped = true;
  });
  if (reshaped) return undefined;
  let limit: number | undefined;
  for (const m of select.modifiers as Node[]) {
    if (m.type === 'DISTINCT_MODIFIER') return undefined;
    if (m.type === 'ORDER_MODIFIER' && !keepsSearchOrder(m)) return undefined;
    if (m.type === 'LIMIT_MODIFIER') {
      const count = constant(m.limit);
      const offset = m.offset ? constant(m.offset) : 0;
      if (count === undefined || offset === undefined) return undefined;
      limit = count + offset;
    }
  }
  return limit;
}

/**
 * How each knowledge base of `refs` is read by the SELECT `sql` (our dialect; `ast` is the engine's parse of
 * its engine form, `engineLength` that form's length): its alias, the span of its name, the conditions and
 * LIMIT its search takes.
 */
export function kbUses(sql: string, ast: unknown, engineLength: number, refs: TableReference[]): KbUse[] {
  const tokens = tokenize(sql);
  const selects = enclosingSelects(ast);
  const uses: KbUse[] = [];
  for (const ref of refs) {
    const found = selects.get(ref.location);
    if (!found) continue;
    const { table, select } = found;
    const alias = String(table.alias || ref.table);
    const start = tokens.findIndex((t) => t.offset === sourceOffset(tokens, ref.location));
    if (start === -1) continue;
    let end = start;
    while (tokens[end + 1]?.value === '.' && ['ident', 'quoted_ident'].includes(tokens[end + 2]?.kind))
      end += 2;
    const nameSpan = {
      from: tokens[start].offset,
      to: tokens[end].offset + tokens[end].text.length,
      aliased: Boolean(table.alias),
    };
    const alone = select.from_table === table;
    const terms = conjuncts(select.where_clause);
    const pushed: KbUse['pushed'] = [];
    for (const term of terms) {
      if (!belongsToKb(term, alias, alone)) continue;
      const span = spanOf(term, sql, engineLength, tokens);
      const expr = span && parseCondition(span.text);
      if (span && expr) pushed.push({ expr, span: { ...span, text: 'TRUE' } });
    }
    uses.push({
      ref,
      alias,
      nameSpan,
      pushed,
      limit: pushableLimit(select, alone, pushed.length === terms.length),
    });
  }
  return uses;
}
