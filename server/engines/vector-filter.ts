import { ValidationError } from '../errors';
import { metadataColumns } from './vector-schema';

/**
 * Filters on a vector table, as data: the only way a user's values reach LanceDB's SQL is through the
 * literal renderers below, never by pasting text from a query.
 */
export type Scalar = string | number | boolean | null;

export type FilterOp =
  | '='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'in'
  | 'not in'
  | 'like'
  | 'not like'
  | 'between'
  | 'not between'
  | 'is null'
  | 'is not null';

export interface FilterCondition {
  /** `id` (the document id), `chunk_id`, `chunk_content`, or a metadata column. */
  column: string;
  op: FilterOp;
  /** A scalar; a list for IN; `[low, high]` for BETWEEN; nothing for IS NULL. */
  value?: Scalar | Scalar[];
}

export type FilterNode = FilterCondition | { and: FilterNode[] } | { or: FilterNode[] } | { not: FilterNode };

/** Columns every table has, by the name users filter on. */
const BUILT_IN: Record<string, string> = { id: 'doc_id', chunk_id: 'id', chunk_content: 'content' };

export interface FilterContext {
  /** Lowercased metadata names the table holds. */
  metadata: ReadonlySet<string>;
  /** Names the object in errors, e.g. `knowledge base 'kb'`. */
  label: string;
}

export function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

function sqlNumber(n: number): string {
  if (!Number.isFinite(n)) throw new ValidationError(`Filter value ${n} is not a finite number`);
  return String(n);
}

const ident = (column: string) => `\`${column}\``;
const isNumeric = (v: Scalar): v is number | boolean => typeof v === 'number' || typeof v === 'boolean';
const asNumber = (v: number | boolean) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);
const asText = (v: Scalar) => (v === null ? null : String(v));

interface Target {
  /** Column compared as text. */
  text: string;
  /** Column compared as a number; null for built-in text columns. */
  number: string | null;
  /** Ranges only (`<`, `BETWEEN`, ...): the text column read as a number (ids stored as text). */
  rangeNumber?: string;
}

/**
 * Ids are stored as text but may be integers (they keep the source's type): `id > 100` compares them as numbers,
 * as the user means, while `id = 1` and `IN` compare the text exactly (ids that are not numbers read as NULL).
 */
const ID_AS_NUMBER = 'TRY_CAST(`doc_id` AS DOUBLE)';

function target(column: string, ctx: FilterContext): Target {
  const lower = column.toLowerCase();
  if (lower === 'id') return { text: BUILT_IN.id, number: null, rangeNumber: ID_AS_NUMBER };
  if (lower in BUILT_IN) return { text: BUILT_IN[lower], number: null };
  if (!ctx.metadata.has(lower)) {
    const known = ['id', 'chunk_id', 'chunk_content', ...[...ctx.metadata].sort()].join(', ');
    throw new ValidationError(`Unknown column '${column}' in ${ctx.label} (columns: ${known})`, column);
  }
  return metadataColumns(lower);
}

/**
 * Numbers compare as numbers on a metadata column (and in ranges on `id`), everything else as text. `column` is
 * the SQL to compare, quoted.
 */
function operand(t: Target, values: Scalar[], range = false): { column: string; literals: string[] } {
  const number = t.number ? ident(t.number) : range ? t.rangeNumber : undefined;
  if (number && values.length > 0 && values.every(isNumeric)) {
    return { column: number, literals: values.map((v) => sqlNumber(asNumber(v as number | boolean))) };
  }
  return { column: ident(t.text), literals: values.map((v) => sqlString(asText(v) ?? '')) };
}

function listOf(c: FilterCondition, min: number, max = Infinity): Scalar[] {
  const values = Array.isArray(c.value) ? c.value : [c.value ?? null];
  if (values.length < min || values.length > max || values.some((v) => v === null)) {
    const need = max === Infinity ? `at least ${min} values` : `${min} values`;
    throw new ValidationError(`${c.op.toUpperCase()} on '${c.column}' needs ${need} and no NULL`, c.column);
  }
  return values;
}

function condition(c: FilterCondition, ctx: FilterContext): string {
  const t = target(c.column, ctx);
  switch (c.op) {
    case 'is null':
    case 'is not null':
      return `${ident(t.text)} ${c.op.toUpperCase()}`;
    case '=':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=': {
      if (Array.isArray(c.value))
        throw new ValidationError(`${c.op} on '${c.column}' needs one value`, c.column);
      const value = c.value ?? null;
      // `col = NULL` is never true in SQL; a user writing it means IS NULL.
      if (value === null && (c.op === '=' || c.op === '!=')) {
        return `${ident(t.text)} ${c.op === '=' ? 'IS NULL' : 'IS NOT NULL'}`;
      }
      if (value === null)
        throw new ValidationError(`${c.op} on '${c.column}' cannot compare with NULL`, c.column);
      const { column, literals } = operand(t, [value], c.op !== '=' && c.op !== '!=');
      return `${column} ${c.op} ${literals[0]}`;
    }
    case 'in':
    case 'not in': {
      const { column, literals } = operand(t, listOf(c, 1));
      return `${column} ${c.op.toUpperCase()} (${literals.join(', ')})`;
    }
    case 'between':
    case 'not between': {
      const { column, literals } = operand(t, listOf(c, 2, 2), true);
      return `${column} ${c.op.toUpperCase()} ${literals[0]} AND ${literals[1]}`;
    }
    case 'like':
    case 'not like': {
      if (typeof c.value !== 'string') {
        throw new ValidationError(`${c.op.toUpperCase()} on '${c.column}' needs a text pattern`, c.column);
      }
      return `${ident(t.text)} ${c.op.toUpperCase()} ${sqlString(c.value)}`;
    }
    default:
      throw new ValidationError(
        `Unsupported filter operator '${String((c as FilterCondition).op)}'`,
        c.column,
      );
  }
}

function node(n: FilterNode, ctx: FilterContext): string {
  if ('and' in n) return n.and.length ? `(${n.and.map((x) => node(x, ctx)).join(' AND ')})` : 'TRUE';
  if ('or' in n) return n.or.length ? `(${n.or.map((x) => node(x, ctx)).join(' OR ')})` : 'FALSE';
  if ('not' in n) return `(NOT ${node(n.not, ctx)})`;
  return condition(n, ctx);
}

/** A LanceDB `where` predicate for conditions that must all hold; undefined when there are none. */
export function buildWhere(filters: readonly FilterNode[], ctx: FilterContext): string | undefined {
  if (filters.length === 0) return undefined;
  return filters.map((f) => node(f, ctx)).join(' AND ');
}

/** `doc_id IN (...)` for a list of document ids. */
export function docIdsWhere(docIds: readonly string[]): string {
  return `${ident('doc_id')} IN (${docIds.map(sqlString).join(', ')})`;
}
