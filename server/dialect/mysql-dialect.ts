import { tokenize, type Token } from './tokenizer';

/** Words after which a double-quoted name is a table (`FROM "t"`), not text. */
const TABLE_POSITION = new Set(['from', 'join', 'into', 'update', 'table', 'as']);

/** Words that end an ORDER BY or GROUP BY list. */
const BY_LIST_END = new Set([
  'limit',
  'offset',
  'having',
  'where',
  'from',
  'select',
  'union',
  'window',
  'qualify',
  'fetch',
]);

/** Words that end a SELECT's list of columns. */
const END_OF_SELECT_LIST = new Set([
  'from',
  'where',
  'group',
  'having',
  'order',
  'limit',
  'union',
  'except',
  'intersect',
  'window',
  'qualify',
  'into',
]);

const isDoubleQuoted = (t: Token | undefined) => t?.kind === 'string' && t.text.startsWith('"');
const isDot = (t: Token | undefined) => t?.kind === 'op' && t.value === '.';
const word = (t: Token | undefined) => (t?.kind === 'ident' ? t.value.toLowerCase() : '');
// Backslashes doubled: the text is read once more with MySQL's escapes before it reaches the engine.
const quoteText = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Rewrites a SELECT from MySQL's reading (MindsDB's dialect) to the engine's:
 * - `"text"` is a string in MySQL, but a name in the engine: it becomes `'text'`, except where a name is
 *   meant (a table after FROM/JOIN, a part of a dotted name `"files"."x"`, an alias after AS, an item of
 *   ORDER BY or GROUP BY);
 * - a bare string in the select list is named by its text, as MySQL names it (`a`, not the engine's `'a'`).
 * Only token boundaries are touched, so the text between them (and every position in it) is unchanged in
 * meaning.
 */
export function toMysqlReading(sql: string): string {
  const tokens = tokenize(sql);
  const replacements = new Map<number, string>();
  let inByList = false;
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    if (word(t) === 'by') inByList = true;
    else if (BY_LIST_END.has(word(t)) || (t.kind === 'op' && (t.value === ')' || t.value === ';')))
      inByList = false;
    if (!isDoubleQuoted(t)) return;
    const next = tokens[i + 1];
    // ORDER BY / GROUP BY "x": a constant string there means nothing (the engine refuses it), a column does.
    const byItem = inByList && (word(prev) === 'by' || (prev?.kind === 'op' && prev.value === ','));
    if (isDot(prev) || isDot(next) || TABLE_POSITION.has(word(prev)) || byItem) {
      replacements.set(i, quoteName(t.value));
    } else {
      replacements.set(i, quoteText(t.value));
    }
  });
  for (const i of bareStringItems(tokens)) {
    replacements.set(i, `${replacements.get(i) ?? tokens[i].text} AS ${quoteName(tokens[i].value)}`);
  }
  if (replacements.size === 0) return sql;
  let out = '';
  let last = 0;
  for (const [i, text] of [...replacements].sort((a, b) => a[0] - b[0])) {
    out += sql.slice(last, tokens[i].offset) + text;
    last = tokens[i].offset + tokens[i].text.length;
  }
  return out + sql.slice(last);
}

/** Indexes of string tokens that make up a whole item of the first SELECT's list, with no alias. */
function bareStringItems(tokens: Token[]): number[] {
  const start = tokens.findIndex((t) => word(t) === 'select');
  if (start === -1) return [];
  const found: number[] = [];
  let depth = 0;
  let itemStart = start + 1;
  if (word(tokens[itemStart]) === 'distinct' || word(tokens[itemStart]) === 'all') itemStart++;
  for (let i = itemStart; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'op' && t.value === '(') depth++;
    if (t.kind === 'op' && t.value === ')') depth--;
    if (depth < 0) break;
    const ends =
      t.kind === 'eof' ||
      (depth === 0 && t.kind === 'op' && (t.value === ',' || t.value === ';')) ||
      (depth === 0 && END_OF_SELECT_LIST.has(word(t)));
    if (!ends) continue;
    if (i - itemStart === 1 && tokens[itemStart].kind === 'string') found.push(itemStart);
    if (!(t.kind === 'op' && t.value === ',')) break;
    itemStart = i + 1;
  }
  return found;
}
