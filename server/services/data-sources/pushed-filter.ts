import type { SqlParam } from '../../engines/duckdb';
import { quoteSourceIdent } from '../../engines/sources/dialect';
import type { ColumnKind, SourceDialect } from '../../engines/sources/types';

/** Where a filter goes: a connected source, or the uploaded files (the data database). */
export type FilterDialect = SourceDialect | 'files';

/** A column of the side a filter is rendered for: its name as the side spells it, and what it holds. */
export interface SideColumn {
  name: string;
  kind: ColumnKind;
}

/** A node of the engine's parse tree (json_serialize_sql), read loosely. */
type Node = Record<string, unknown>;

/**
 * Finds the side's column a reference names (its dotted parts as written), or undefined when the reference is
 * not to this side's columns: then the filter is not this side's.
 */
export type ColumnResolver = (parts: string[]) => SideColumn | undefined;

/**
 * One WHERE conjunct of a cross-source query, rendered for one side so that the side sends fewer rows. The
 * whole WHERE still runs in the join engine afterwards: what is sent need only keep every row the conjunct
 * keeps (a superset), never fewer. So only comparisons that read the same on every source are sent:
 * - numbers: =, <>, <, <=, >, >=, BETWEEN, IN, NOT IN against number constants;
 * - text: = and IN (a case-insensitive MySQL collation keeps more rows, never fewer), LIKE with a pattern
 *   without backslashes (the escape character differs between engines); never <, > on text (collations
 *   order it differently);
 * - booleans: = and <> against TRUE/FALSE; IS [NOT] NULL on those three kinds;
 * - AND (a part that cannot be sent is left out: still a superset), OR of parts that can all be sent.
 * Everything else (functions, casts, dates, subqueries, NOT) stays in the join engine only.
 * Constants are bound parameters on a source ($n on PostgreSQL, ? on MySQL); on files they are written as
 * literals by us (the engine's own quoting), never the user's text.
 */
export function renderFilter(
  node: Node,
  resolve: ColumnResolver,
  dialect: FilterDialect,
  params: SqlParam[],
  { exact = false }: { exact?: boolean } = {},
): string | undefined {
  return new FilterWriter(resolve, dialect, params, exact).expression(node);
}

const COMPARISONS: Record<string, string> = {
  COMPARE_EQUAL: '=',
  COMPARE_NOTEQUAL: '<>',
  COMPARE_LESSTHAN: '<',
  COMPARE_GREATERTHAN: '>',
  COMPARE_LESSTHANOREQUALTO: '<=',
  COMPARE_GREATERTHANOREQUALTO: '>=',
};

/** The same comparison with its sides swapped (`5 < x` is `x > 5`). */
const FLIPPED: Record<string, string> = { '=': '=', '<>': '<>', '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

type Constant =
  { kind: 'number'; value: number } | { kind: 'text'; value: string } | { kind: 'boolean'; value: boolean };

/** A constant of the parse tree as a value, when it is a plain number, string or boolean (not NULL). */
function constantOf(node: unknown): Constant | undefined {
  const n = node as Node | undefined;
  if (n?.class !== 'CONSTANT') return undefined;
  const v = n.value as {
    type?: { id?: string; type_info?: { scale?: number } };
    is_null?: boolean;
    value?: unknown;
  };
  if (!v || v.is_null) return undefined;
  const id = v.type?.id ?? '';
  if (id === 'VARCHAR' && typeof v.value === 'string') return { kind: 'text', value: v.value };
  if (id === 'BOOLEAN' && typeof v.value === 'boolean') return { kind: 'boolean', value: v.value };
  if (typeof v.value !== 'number' || !Number.isFinite(v.value)) return undefined;
  if (/^U?(TINYINT|SMALLINT|INTEGER|BIGINT)$/.test(id) && Number.isSafeInteger(v.value))
    return { kind: 'number', value: v.value };
  if (id === 'DOUBLE' || id === 'FLOAT') return { kind: 'number', value: v.value };
  // A decimal constant (1.5) is its digits as an integer and a scale: 15 and 1.
  if (id === 'DECIMAL' && Number.isSafeInteger(v.value)) {
    const scale = v.type?.type_info?.scale ?? 0;
    return { kind: 'number', value: Number(`${v.value}e-${scale}`) };
  }
  return undefined;
}

class FilterWriter {
  constructor(
    private readonly resolve: ColumnResolver,
    private readonly dialect: FilterDialect,
    private readonly params: SqlParam[],
    /** Every part or nothing: an AND may not leave a part out (a LIMIT sent with it needs the same rows). */
    private readonly exact: boolean,
  ) {}

  /** The node as SQL, or undefined with the parameters it had bound taken back (the text is not sent). */
  expression(node: Node): string | undefined {
    const start = this.params.length;
    const sql = this.attempt(node);
    if (sql === undefined) this.params.length = start;
    return sql;
  }

  private attempt(node: Node): string | undefined {
    switch (node.type) {
      case 'CONJUNCTION_AND': {
        const all = this.children(node).map((c) => this.expression(c));
        const parts = all.filter((p) => p !== undefined);
        if (this.exact && parts.length < all.length) return undefined;
        return parts.length ? `(${parts.join(' AND ')})` : undefined;
      }
      case 'CONJUNCTION_OR': {
        const parts = this.children(node).map((c) => this.expression(c));
        return parts.every((p) => p !== undefined) && parts.length ? `(${parts.join(' OR ')})` : undefined;
      }
      case 'COMPARE_IN':
      case 'COMPARE_NOT_IN':
        return this.inList(node, node.type === 'COMPARE_NOT_IN');
      case 'COMPARE_BETWEEN':
        return this.between(node);
      case 'OPERATOR_IS_NULL':
      case 'OPERATOR_IS_NOT_NULL': {
        const column = this.column(this.children(node)[0]);
        if (!column || column.kind === 'other') return undefined;
        return `${this.name(column)} ${node.type === 'OPERATOR_IS_NULL' ? 'IS NULL' : 'IS NOT NULL'}`;
      }
      case 'FUNCTION':
        return node.function_name === '~~' ? this.like(node) : undefined;
      default:
        if (node.class === 'COMPARISON') return this.comparison(node);
        return undefined;
    }
  }

  private children(node: Node): Node[] {
    return Array.isArray(node.children) ? (node.children as Node[]) : [];
  }

  private column(node: unknown): SideColumn | undefined {
    const n = node as Node | undefined;
    if (n?.class !== 'COLUMN_REF' || !Array.isArray(n.column_names)) return undefined;
    return this.resolve((n.column_names as unknown[]).map(String));
  }

  private name(column: SideColumn): string {
    return this.dialect === 'files'
      ? `"${column.name.replace(/"/g, '""')}"`
      : quoteSourceIdent(column.name, this.dialect);
  }

  private comparison(node: Node): string | undefined {
    let op = COMPARISONS[String(node.type)];
    if (!op) return undefined;
    let column = this.column(node.left);
    let constant = constantOf(node.right);
    if (!column) {
      column = this.column(node.right);
      constant = constantOf(node.left);
      op = FLIPPED[op];
    }
    if (!column || !constant || constant.kind !== column.kind) return undefined;
    // Text compares alike everywhere only for equality (and, byte for byte, inequality off MySQL).
    if (column.kind === 'text' && op !== '=' && !(op === '<>' && this.dialect !== 'mysql')) return undefined;
    if (column.kind === 'boolean' && op !== '=' && op !== '<>') return undefined;
    return `${this.name(column)} ${op} ${this.value(constant)}`;
  }

  private inList(node: Node, negated: boolean): string | undefined {
    const [first, ...rest] = this.children(node);
    const column = this.column(first);
    if (!column || rest.length === 0 || column.kind === 'other') return undefined;
    if (column.kind === 'text' && negated && this.dialect === 'mysql') return undefined;
    const constants = rest.map(constantOf);
    if (constants.some((c) => !c || c.kind !== column.kind)) return undefined;
    const values = constants.map((c) => this.value(c!));
    return `${this.name(column)} ${negated ? 'NOT IN' : 'IN'} (${values.join(', ')})`;
  }

  private between(node: Node): string | undefined {
    const column = this.column(node.input);
    const lower = constantOf(node.lower);
    const upper = constantOf(node.upper);
    if (column?.kind !== 'number' || lower?.kind !== 'number' || upper?.kind !== 'number') return undefined;
    return `${this.name(column)} BETWEEN ${this.value(lower)} AND ${this.value(upper)}`;
  }

  private like(node: Node): string | undefined {
    const [input, pattern, ...escape] = this.children(node);
    const column = this.column(input);
    const text = constantOf(pattern);
    if (escape.length || column?.kind !== 'text' || text?.kind !== 'text' || text.value.includes('\\'))
      return undefined;
    return `${this.name(column)} LIKE ${this.value(text)}`;
  }

  /** A constant as a bound parameter (a literal written by us on files). */
  private value(constant: Constant): string {
    if (this.dialect === 'files') {
      if (constant.kind === 'text') return `'${constant.value.replace(/'/g, "''")}'`;
      return String(constant.value).toUpperCase();
    }
    this.params.push(constant.value);
    if (this.dialect === 'mysql') return '?';
    const n = `$${this.params.length}`;
    // Typed where PostgreSQL cannot infer it well: an integer column compared with 1.5 would refuse '1.5'.
    if (constant.kind === 'number')
      return Number.isSafeInteger(constant.value) ? `${n}::bigint` : `${n}::numeric`;
    return n;
  }
}
