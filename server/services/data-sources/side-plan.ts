import type { TableReference } from '../../engines/table-references';
import type { SideColumn } from './pushed-filter';

/** A node of the engine's parse tree (json_serialize_sql), read loosely. */
type Node = Record<string, unknown>;

/** A table of a cross-source query as the plan sees it: `key` names its rows in the join engine. */
export interface PlannedTable {
  key: string;
  ref: TableReference;
}

/** What one side must send: which columns, which conjuncts may filter it, and a LIMIT when one is safe. */
export interface SidePlan {
  /** Lower-case names of the columns the query may read from this side; undefined: all (`*`). */
  columns?: Set<string>;
  /** Whether conditions may be sent to this side (it is read once, at the top level, never null-extended). */
  filterable: boolean;
  /** Names (lower case) that stand for this side where a column is qualified: its alias or its name. */
  qualifiers: string[];
}

export interface CrossJoinPlan {
  sides: Map<string, SidePlan>;
  /** The statement's WHERE conjuncts, then the conjuncts of its inner joins' ON conditions. */
  conjuncts: Node[];
  /** How many of `conjuncts` come from the WHERE (the rest from ON). */
  whereCount: number;
  /** The keys of the sides in the top-level FROM, for unqualified columns; `opaque` when it has other items. */
  topLevel: string[];
  opaque: boolean;
  /** How often each qualifier is declared in the statement: one declared twice stands for no side surely. */
  counts: Map<string, number>;
  /** The statement's LIMIT (+ OFFSET) when it reads one side only, without grouping, ordering or DISTINCT. */
  limit?: number;
}

const lower = (s: string) => s.toLowerCase();

/**
 * Decides, from the statement's parse tree, what each side of a cross-source query can be asked for. Sides are
 * filtered only where that cannot change the answer: a table read once in the statement, in the top-level FROM,
 * not on the null-extended side of an outer join, with no positional, as-of or lateral join in that FROM.
 */
export function planCrossJoin(ast: unknown, tables: PlannedTable[]): CrossJoinPlan {
  const root = ((ast as { statements?: { node?: Node }[] }).statements?.[0]?.node ?? {}) as Node;
  const names = qualifierCounts(ast);
  const sides = new Map<string, SidePlan>();
  for (const t of tables) {
    const alias = aliasAt(root, t.ref.location);
    const own = alias
      ? [lower(alias)]
      : [t.ref.table, `${t.ref.schema}.${t.ref.table}`, `${t.ref.catalog}.${t.ref.schema}.${t.ref.table}`]
          .filter((q) => !q.startsWith('.'))
          .map(lower);
    const seen = sides.get(t.key);
    sides.set(t.key, {
      columns: new Set(),
      filterable: !seen,
      qualifiers: seen ? [...seen.qualifiers, ...own] : own,
    });
  }
  const plan: CrossJoinPlan = {
    sides,
    conjuncts: [],
    whereCount: 0,
    topLevel: [],
    opaque: false,
    counts: names,
  };
  neededColumns(ast, plan);
  if (root.type !== 'SELECT_NODE') {
    for (const side of sides.values()) side.filterable = false;
    return plan;
  }
  const from = { items: [] as { node: Node; nullable: boolean }[], unsafe: false, on: [] as Node[] };
  walkFrom(root.from_table as Node | undefined, false, from);
  const byLocation = new Map(tables.map((t) => [t.ref.location, t.key]));
  const topLevel = new Map<string, boolean>();
  for (const item of from.items) {
    const key =
      item.node.type === 'BASE_TABLE' ? byLocation.get(Number(item.node.query_location)) : undefined;
    if (key === undefined) plan.opaque = true;
    else topLevel.set(key, !item.nullable);
  }
  plan.topLevel = [...topLevel.keys()];
  for (const [key, side] of sides) side.filterable &&= !from.unsafe && topLevel.get(key) === true;
  plan.conjuncts = conjunctsOf(root.where_clause as Node | null);
  plan.whereCount = plan.conjuncts.length;
  plan.conjuncts.push(...from.on.flatMap(conjunctsOf));
  if (from.items.length === 1 && plan.topLevel.length === 1) plan.limit = safeLimit(root);
  return plan;
}

/** How often each qualifier (alias, or table name without one) is declared anywhere in the statement. */
function qualifierCounts(ast: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (name: string) => counts.set(lower(name), (counts.get(lower(name)) ?? 0) + 1);
  walkTree(ast, (n) => {
    if (n.type === 'BASE_TABLE') add(String(n.alias || n.table_name || ''));
    else if ((n.type === 'SUBQUERY' || n.type === 'TABLE_FUNCTION') && n.alias) add(String(n.alias));
  });
  return counts;
}

function walkTree(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) return node.forEach((n) => walkTree(n, visit));
  if (!node || typeof node !== 'object') return;
  visit(node as Node);
  for (const value of Object.values(node)) walkTree(value, visit);
}

function aliasAt(root: unknown, location: number): string {
  let alias = '';
  walkTree(root, (n) => {
    if (n.type === 'BASE_TABLE' && Number(n.query_location) === location) alias = String(n.alias ?? '');
  });
  return alias;
}

/**
 * The columns each side must send: a qualified column (`o.total`) only its side's, an unqualified one every
 * side's that has it; `*` every column of every side, `o.*` every column of `o`'s.
 */
function neededColumns(ast: unknown, plan: CrossJoinPlan): void {
  const sideOf = (qualifier: string) =>
    (plan.counts.get(qualifier) ?? 1) === 1
      ? [...plan.sides.values()].find((s) => s.qualifiers.includes(qualifier))
      : undefined;
  const everySide = (name?: string) => {
    for (const side of plan.sides.values()) {
      if (name === undefined) side.columns = undefined;
      else side.columns?.add(name);
    }
  };
  walkTree(ast, (n) => {
    if (n.class === 'STAR') {
      const side = n.relation_name ? sideOf(lower(String(n.relation_name))) : undefined;
      if (side && !n.expr) side.columns = undefined;
      else everySide();
    } else if (n.class === 'COLUMN_REF' && Array.isArray(n.column_names)) {
      const parts = (n.column_names as unknown[]).map((p) => lower(String(p)));
      const side = parts.length > 1 ? sideOf(parts.slice(0, -1).join('.')) : undefined;
      if (side) side.columns?.add(parts[parts.length - 1]);
      // Unqualified, or qualified by something not a side (a subquery, a struct column): any part may be a
      // column of any side.
      else parts.forEach((p) => everySide(p));
    }
  });
}

/** The items of a FROM, each marked when an outer join may fill it with NULLs; ON conditions of inner joins. */
function walkFrom(
  node: Node | undefined,
  nullable: boolean,
  out: { items: { node: Node; nullable: boolean }[]; unsafe: boolean; on: Node[] },
): void {
  if (!node) return;
  if (node.type !== 'JOIN') {
    out.items.push({ node, nullable });
    return;
  }
  if (!['REGULAR', 'CROSS', 'NATURAL'].includes(String(node.ref_type))) out.unsafe = true;
  const type = String(node.join_type);
  const leftNullable = nullable || type === 'RIGHT' || type === 'OUTER';
  const rightNullable = nullable || type !== 'INNER';
  if (type === 'INNER' && !nullable && node.condition) out.on.push(node.condition as Node);
  walkFrom(node.left as Node, leftNullable, out);
  walkFrom(node.right as Node, rightNullable, out);
}

function conjunctsOf(node: Node | null | undefined): Node[] {
  if (!node) return [];
  if (node.type === 'CONJUNCTION_AND') return (node.children as Node[]).flatMap(conjunctsOf);
  return [node];
}

/**
 * LIMIT (+ OFFSET) of a query over one table when its rows are the table's rows in any order: no grouping,
 * aggregate, window, ordering or DISTINCT (the select list has no function at all, to be sure of aggregates).
 */
function safeLimit(root: Node): number | undefined {
  if ((root.group_expressions as unknown[] | undefined)?.length || root.having || root.qualify || root.sample)
    return undefined;
  let computed = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.class === 'SUBQUERY') return;
    if (n.class === 'FUNCTION' || n.class === 'WINDOW') computed = true;
    Object.values(n).forEach(visit);
  };
  visit(root.select_list);
  if (computed) return undefined;
  const modifiers = (root.modifiers as Node[] | undefined) ?? [];
  if (modifiers.length !== 1 || modifiers[0].type !== 'LIMIT_MODIFIER') return undefined;
  const count = (n: unknown) => {
    const c = n as Node | null;
    if (!c) return 0;
    const v = (c.value as { value?: unknown } | undefined)?.value;
    return c.class === 'CONSTANT' && Number.isSafeInteger(v) && (v as number) >= 0
      ? (v as number)
      : undefined;
  };
  const limit = count(modifiers[0].limit);
  const offset = count(modifiers[0].offset);
  return limit === undefined || offset === undefined ? undefined : limit + offset;
}

/**
 * The side's column that a reference names, when it names this side's: qualified by the side's alias or name,
 * or unqualified and found in this side only (of the top-level FROM, which has nothing else). Names compare
 * case-insensitively, as the engine binds them; a name two of the side's columns answer is not resolved.
 */
export function columnResolver(
  plan: CrossJoinPlan,
  key: string,
  columnsOf: (key: string) => SideColumn[],
): (parts: string[]) => SideColumn | undefined {
  const side = plan.sides.get(key)!;
  const find = (k: string, name: string) => columnsOf(k).filter((c) => lower(c.name) === name);
  return (parts) => {
    const name = lower(parts[parts.length - 1]);
    if (parts.length > 1) {
      const qualifier = parts.slice(0, -1).map(lower).join('.');
      if (!side.qualifiers.includes(qualifier) || (plan.counts.get(qualifier) ?? 1) !== 1) return undefined;
    } else {
      if (plan.opaque) return undefined;
      const holders = plan.topLevel.filter((k) => find(k, name).length > 0);
      if (holders.length !== 1 || holders[0] !== key) return undefined;
    }
    const found = find(key, name);
    return found.length === 1 ? found[0] : undefined;
  };
}
