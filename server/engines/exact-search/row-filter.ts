import type { FilterCondition, FilterNode, Scalar } from '../vector-filter';

/** SQL's three-valued truth: null is "unknown" (a comparison with NULL), which a WHERE does not pass. */
type Truth = boolean | null;

/** What a filter reads of a copy's row: the built-in text columns and each metadata name's two columns. */
export interface FilterableRows {
  docId(row: number): string;
  chunkId(row: number): string;
  content(row: number): string;
  /** The metadata name's value as text (`m_s_` column), null when the row has none. */
  metadataText(name: string, row: number): string | null;
  /** ...and as a number (`m_n_` column), null when it has none or it does not read as a number. */
  metadataNumber(name: string, row: number): number | null;
}

type RowTest = (row: number) => Truth;

const isNumeric = (v: Scalar): v is number | boolean => typeof v === 'number' || typeof v === 'boolean';
const asNumber = (v: number | boolean) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/**
 * The filters as a test of a copy's rows, with exactly the meaning `buildWhere` (vector-filter.ts) gives them
 * in LanceDB: numbers compare as numbers on a metadata column, everything else as text, NULL as SQL treats
 * it. Returns null for what it does not follow exactly: LIKE, text ranges (SQL orders UTF-8 bytes, JavaScript
 * UTF-16 units) and ranges on `id` (a cast in SQL); the table answers those. The filters were checked by
 * `buildWhere` first (columns known, values well-formed).
 */
export function compileRowFilter(
  filters: readonly FilterNode[],
  rows: FilterableRows,
): ((row: number) => boolean) | null {
  const tests: RowTest[] = [];
  for (const filter of filters) {
    const test = compileNode(filter, rows);
    if (!test) return null;
    tests.push(test);
  }
  return (row) => tests.every((test) => test(row) === true);
}

function compileNode(node: FilterNode, rows: FilterableRows): RowTest | null {
  if ('and' in node || 'or' in node) {
    const parts = ('and' in node ? node.and : node.or).map((n) => compileNode(n, rows));
    if (parts.some((p) => p === null)) return null;
    const tests = parts as RowTest[];
    // AND is decided by the first false, OR by the first true.
    const decisive = !('and' in node);
    return (row) => combine(tests, row, decisive);
  }
  if ('not' in node) {
    const inner = compileNode(node.not, rows);
    if (!inner) return null;
    return (row) => {
      const truth = inner(row);
      return truth === null ? null : !truth;
    };
  }
  return compileCondition(node, rows);
}

/** SQL's AND (`decisive` false) or OR (true): the decisive value wins, else unknown, else the other value. */
function combine(tests: RowTest[], row: number, decisive: boolean): Truth {
  let unknown = false;
  for (const test of tests) {
    const truth = test(row);
    if (truth === decisive) return decisive;
    if (truth === null) unknown = true;
  }
  return unknown ? null : !decisive;
}

/** The column a condition reads: text always, a number too on a metadata column. */
interface Column {
  text: (row: number) => string | null;
  number: ((row: number) => number | null) | null;
  isId: boolean;
}

function columnOf(name: string, rows: FilterableRows): Column {
  const lower = name.toLowerCase();
  if (lower === 'id') return { text: (r) => rows.docId(r), number: null, isId: true };
  if (lower === 'chunk_id') return { text: (r) => rows.chunkId(r), number: null, isId: false };
  if (lower === 'chunk_content') return { text: (r) => rows.content(r), number: null, isId: false };
  return {
    text: (r) => rows.metadataText(lower, r),
    number: (r) => rows.metadataNumber(lower, r),
    isId: false,
  };
}

function compileCondition(c: FilterCondition, rows: FilterableRows): RowTest | null {
  const column = columnOf(c.column, rows);
  const values = Array.isArray(c.value) ? c.value : [c.value ?? null];
  const numeric = column.number !== null && values.length > 0 && values.every(isNumeric);
  // Compares as numbers when every value is one (on a metadata column), else as text.
  const read: (row: number) => string | number | null = numeric ? column.number! : column.text;
  const literals = values.map((v) =>
    numeric ? asNumber(v as number | boolean) : v === null ? '' : String(v),
  );
  switch (c.op) {
    case 'is null':
      return (row) => column.text(row) === null;
    case 'is not null':
      return (row) => column.text(row) !== null;
    case '=':
    case '!=': {
      if (values[0] === null)
        return c.op === '=' ? (row) => column.text(row) === null : (row) => column.text(row) !== null;
      const literal = literals[0];
      return (row) => {
        const value = read(row);
        if (value === null) return null;
        return c.op === '=' ? value === literal : value !== literal;
      };
    }
    case 'in':
    case 'not in': {
      const set = new Set<string | number>(literals);
      return (row) => {
        const value = read(row);
        if (value === null) return null;
        return c.op === 'in' ? set.has(value) : !set.has(value);
      };
    }
    case '<':
    case '<=':
    case '>':
    case '>=':
    case 'between':
    case 'not between': {
      if (!numeric) return null;
      const [low, high] = literals as number[];
      return (row) => {
        const value = read(row) as number | null;
        if (value === null) return null;
        switch (c.op) {
          case '<':
            return value < low;
          case '<=':
            return value <= low;
          case '>':
            return value > low;
          case '>=':
            return value >= low;
          case 'between':
            return value >= low && value <= high;
          default:
            return !(value >= low && value <= high);
        }
      };
    }
    default:
      return null;
  }
}
