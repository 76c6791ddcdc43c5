import { tokenize, type Token } from '../dialect/tokenizer';

/** One constant taken out of a query: its parameter name, value and Python type name (as MindsDB names it). */
export interface ExtractedParameter {
  name: string;
  value: string | number | null;
  type: 'int' | 'float' | 'str';
}

const COMPARISONS = new Set(['=', '!=', '<>', '<', '>', '<=', '>=']);
const TABLE_WORDS = new Set(['from', 'join', 'into', 'update', 'table']);
const SELECT_LIST_END = new Set(['from', 'where', 'group', 'having', 'order', 'limit', 'union']);
const word = (t: Token | undefined) => (t?.kind === 'ident' ? t.value.toLowerCase() : '');
const isOp = (t: Token | undefined, op: string) => t?.kind === 'op' && t.value === op;
const isName = (t: Token | undefined) => t?.kind === 'ident' || t?.kind === 'quoted_ident';

/**
 * MindsDB's `parametrize_constants`: every constant of a query becomes a `:name` parameter, named after what
 * it is compared with (`price = 10` -> `:price`), its alias (`1 AS year`, `1 year`), the alias of the select
 * item it sits in, or its INSERT column; repeated names are numbered (`price2`). Also lists the tables each
 * database is read from. The query keeps its own text around the markers (MindsDB prints its own rendering).
 */
export function parametrizeConstants(sql: string): {
  query: string;
  parameters: ExtractedParameter[];
  databases: Record<string, string[]>;
} {
  const tokens = tokenize(sql);
  const depths = depthOf(tokens);
  const insertColumns = insertColumnNames(tokens);
  const counts = new Map<string, number>();
  const parameters: ExtractedParameter[] = [];
  const databases = new Map<string, Set<string>>();
  let out = '';
  let last = 0;
  let valuesIndex = 0;

  tokens.forEach((t, i) => {
    if (
      TABLE_WORDS.has(word(t)) &&
      isName(tokens[i + 1]) &&
      isOp(tokens[i + 2], '.') &&
      isName(tokens[i + 3])
    ) {
      const db = tokens[i + 1].value;
      databases.set(db, (databases.get(db) ?? new Set()).add(tokens[i + 3].value));
    }
    if (word(t) === 'values') valuesIndex = 0;
    const negative = isOp(t, '-') && tokens[i + 1]?.kind === 'number' && !isValueBefore(tokens[i - 1]);
    if (t.kind !== 'string' && t.kind !== 'number' && !negative) return;
    if (t.kind === 'number' && isOp(tokens[i - 1], '-') && !isValueBefore(tokens[i - 2])) return;
    const valueToken = negative ? tokens[i + 1] : t;
    const value =
      valueToken.kind === 'number' ? Number(valueToken.text) * (negative ? -1 : 1) : valueToken.value;
    const base =
      insertColumns && inValues(tokens, i)
        ? (insertColumns[valuesIndex++ % insertColumns.length] ?? 'param')
        : nameFor(tokens, depths, negative ? i + 1 : i);
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    const name = n > 1 ? `${base}${n}` : base;
    parameters.push({
      name,
      value,
      type: typeof value === 'number' ? (Number.isInteger(value) ? 'int' : 'float') : 'str',
    });
    out += sql.slice(last, t.offset) + `:${name}`;
    last = valueToken.offset + valueToken.text.length;
  });
  return {
    query: out + sql.slice(last),
    parameters,
    databases: Object.fromEntries([...databases].map(([db, t]) => [db, [...t]])),
  };
}

/** A minus after one of these is a subtraction, not a sign. */
function isValueBefore(t: Token | undefined): boolean {
  return !!t && (t.kind === 'number' || t.kind === 'string' || isName(t) || isOp(t, ')'));
}

function depthOf(tokens: readonly Token[]): number[] {
  let depth = 0;
  return tokens.map((t) => {
    if (isOp(t, ')')) depth--;
    const d = depth;
    if (isOp(t, '(')) depth++;
    return d;
  });
}

function nameFor(tokens: readonly Token[], depths: number[], i: number): string {
  const prev = tokens[i - 1];
  // `column = 10` or `10 = column`
  if (prev?.kind === 'op' && COMPARISONS.has(prev.value) && isName(tokens[i - 2])) return tokens[i - 2].value;
  const next = tokens[i + 1];
  if (next?.kind === 'op' && COMPARISONS.has(next.value) && isName(tokens[i + 2])) return tokens[i + 2].value;
  if (word(prev) === 'between' && isName(tokens[i - 2])) return tokens[i - 2].value;
  // `1 AS year`, `1 year`
  if (word(next) === 'as' && isName(tokens[i + 2])) return tokens[i + 2].value;
  if (next?.kind === 'ident' && !SELECT_LIST_END.has(word(next)) && isListEnd(tokens[i + 2]))
    return next.value;
  return itemAlias(tokens, depths, i) ?? 'param';
}

const isListEnd = (t: Token | undefined) =>
  !t || t.kind === 'eof' || isOp(t, ',') || SELECT_LIST_END.has(word(t));

/** The alias of the select item around token `i` (`sum(CASE ... ELSE 0 END) AS January`). */
function itemAlias(tokens: readonly Token[], depths: number[], i: number): string | undefined {
  // The SELECT whose list holds token i: the nearest one before it, no deeper than it, with no FROM, WHERE,
  // ... of its own level in between.
  let select = -1;
  for (let k = i - 1; k >= 0; k--) {
    if (depths[k] > depths[i]) continue;
    if (word(tokens[k]) === 'select') {
      select = k;
      break;
    }
    if (SELECT_LIST_END.has(word(tokens[k]))) return undefined;
  }
  if (select === -1) return undefined;
  const level = depths[select];
  for (let k = i + 1; k < tokens.length; k++) {
    if (depths[k] > level) continue;
    if (depths[k] < level || isListEnd(tokens[k])) {
      const alias = tokens[k - 1];
      const before = tokens[k - 2];
      return isName(alias) && (word(before) === 'as' || isOp(before, ')')) ? alias.value : undefined;
    }
  }
  return undefined;
}

function insertColumnNames(tokens: readonly Token[]): string[] | undefined {
  const into = tokens.findIndex((t) => word(t) === 'into');
  if (into === -1 || word(tokens[0]) !== 'insert') return undefined;
  const open = tokens.findIndex((t, k) => k > into && isOp(t, '('));
  const values = tokens.findIndex((t) => word(t) === 'values');
  if (open === -1 || (values !== -1 && open > values)) return [];
  const names: string[] = [];
  for (let k = open + 1; k < tokens.length && !isOp(tokens[k], ')'); k++) {
    if (isName(tokens[k])) names.push(tokens[k].value);
  }
  return names;
}

function inValues(tokens: readonly Token[], i: number): boolean {
  const values = tokens.findIndex((t) => word(t) === 'values');
  return values !== -1 && i > values;
}
