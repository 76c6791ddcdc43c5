import type { Expr, Literal } from '../dialect/ast';
import { ValidationError } from '../errors';
import type { FilterNode, FilterOp, KbSearchQuery, Scalar } from '../domain/knowledge-bases';

/** Columns of a KB search that steer it rather than filter rows. */
const CONTENT = 'content';
const RELEVANCE = new Set(['relevance', 'relevance_threshold']);
const SEARCH_OPTIONS = new Set(['hybrid_search', 'hybrid_search_alpha', 'reranking']);

const columnName = (e: Expr) => (e.type === 'column' ? e.name.toLowerCase() : undefined);

function literal(e: Expr, context: string): Scalar {
  if (e.type !== 'literal') throw new ValidationError(`${context} must be compared with a value`);
  const v: Literal = e.value;
  if (v !== null && typeof v === 'object')
    throw new ValidationError(`${context} must be compared with a single value`);
  return v;
}

/** `col op value`, also written `value op col`. */
function comparison(
  e: Extract<Expr, { type: 'binary' }>,
): { column: string; op: FilterOp; value: Expr } | null {
  const flip: Record<string, FilterOp> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=', '=': '=', '!=': '!=' };
  const left = columnName(e.left);
  if (left !== undefined)
    return { column: e.left.type === 'column' ? e.left.name : left, op: e.op, value: e.right };
  const right = columnName(e.right);
  if (right !== undefined && e.right.type === 'column')
    return { column: e.right.name, op: flip[e.op], value: e.left };
  return null;
}

/** Splits a WHERE into its top-level AND terms. */
function conjuncts(e: Expr | undefined): Expr[] {
  if (!e) return [];
  return e.type === 'and' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** A filter on `id`, `chunk_id`, `chunk_content` or a metadata column, with AND / OR / NOT. */
export function toFilter(e: Expr): FilterNode {
  switch (e.type) {
    case 'and':
      return { and: [toFilter(e.left), toFilter(e.right)] };
    case 'or':
      return { or: [toFilter(e.left), toFilter(e.right)] };
    case 'not':
      return { not: toFilter(e.expr) };
    case 'binary': {
      const c = comparison(e);
      if (!c) throw new ValidationError('A condition must compare a column with a value');
      guardSteering(c.column);
      return { column: c.column, op: c.op, value: literal(c.value, `'${c.column}'`) };
    }
    case 'in': {
      const column = filterColumn(e.expr);
      return {
        column,
        op: e.negated ? 'not in' : 'in',
        value: e.values.map((v) => literal(v, `'${column}'`)),
      };
    }
    case 'like': {
      const column = filterColumn(e.expr);
      return { column, op: e.negated ? 'not like' : 'like', value: literal(e.pattern, `'${column}'`) };
    }
    case 'between': {
      const column = filterColumn(e.expr);
      return {
        column,
        op: e.negated ? 'not between' : 'between',
        value: [literal(e.low, `'${column}'`), literal(e.high, `'${column}'`)],
      };
    }
    case 'is_null':
      return { column: filterColumn(e.expr), op: e.negated ? 'is not null' : 'is null' };
    default:
      throw new ValidationError('This condition is not supported on a knowledge base');
  }
}

function filterColumn(e: Expr): string {
  if (e.type !== 'column') throw new ValidationError('A condition must name a column');
  guardSteering(e.name);
  return e.name;
}

/** `content`, `relevance` and the search options steer the search; they cannot sit inside OR / NOT / IN. */
function guardSteering(column: string): void {
  const lower = column.toLowerCase();
  if (lower === CONTENT || RELEVANCE.has(lower) || SEARCH_OPTIONS.has(lower)) {
    throw new ValidationError(
      `'${column}' can only be used as a top-level AND condition (e.g. ${lower} = ...) on a knowledge base`,
    );
  }
}

function asBoolean(value: Scalar, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ValidationError(`${name} must be true or false`);
}

function asNumber(value: Scalar, name: string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || Number.isNaN(n)) throw new ValidationError(`${name} must be a number`);
  // 1e400 reads as Infinity: a number, but no threshold or weight.
  if (!Number.isFinite(n)) throw new ValidationError(`${name} must be a finite number, not ${String(value)}`);
  return n;
}

/** `%refund%` -> `refund`: a LIKE on content is a semantic query, not a pattern. */
const unwrapPattern = (p: string) => p.replace(/^%+/, '').replace(/%+$/, '');

/** The search a WHERE clause on a knowledge base asks for. */
export function searchFromWhere(where: Expr | undefined): Omit<KbSearchQuery, 'limit'> {
  const out: Omit<KbSearchQuery, 'limit'> = {};
  const filters: FilterNode[] = [];
  for (const term of conjuncts(where)) {
    const c = term.type === 'binary' ? comparison(term) : null;
    const lower = c?.column.toLowerCase();
    if (c && lower === CONTENT && c.op === '=') {
      if (out.query !== undefined) throw new ValidationError('Only one content condition is allowed');
      out.query = String(literal(c.value, "'content'"));
    } else if (term.type === 'like' && !term.negated && columnName(term.expr) === CONTENT) {
      if (out.query !== undefined) throw new ValidationError('Only one content condition is allowed');
      out.query = unwrapPattern(String(literal(term.pattern, "'content'")));
    } else if (c && lower !== undefined && RELEVANCE.has(lower)) {
      if (!['>=', '>', '='].includes(c.op) || (lower === 'relevance' && c.op === '=')) {
        throw new ValidationError(
          `Use ${lower === 'relevance' ? 'relevance >= x' : 'relevance_threshold = x'}`,
        );
      }
      out.relevanceThreshold = asNumber(literal(c.value, `'${lower}'`), lower);
    } else if (c && lower === 'hybrid_search' && c.op === '=') {
      out.hybrid = asBoolean(literal(c.value, "'hybrid_search'"), 'hybrid_search');
    } else if (c && lower === 'hybrid_search_alpha' && c.op === '=') {
      out.hybridAlpha = asNumber(literal(c.value, "'hybrid_search_alpha'"), 'hybrid_search_alpha');
      out.hybrid ??= true;
    } else if (c && lower === 'reranking' && c.op === '=') {
      out.rerank = asBoolean(literal(c.value, "'reranking'"), 'reranking');
    } else {
      filters.push(toFilter(term));
    }
  }
  if (filters.length) out.filters = filters;
  return out;
}
