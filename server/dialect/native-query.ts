import { closingBracket } from './token-spans';
import { tokenize, type Token } from './tokenizer';

/**
 * `SELECT * FROM name (text)`, MindsDB's native query: `text` is sent to the data source `name` as written, in
 * its own dialect (data-sources/source-select.ts). The shape alone cannot tell it from a table function
 * (`SELECT * FROM read_csv('x')`): whoever acts on it checks that `source` is a data source.
 */
export interface NativeQueryShape {
  /** The name before the brackets, lower-cased unless quoted (as names of sources are). */
  source: string;
  /** The tokens inside the brackets. */
  first: number;
  last: number;
  /** The index of the closing bracket. */
  close: number;
}

export function nativeQueryShape(tokens: readonly Token[]): NativeQueryShape | undefined {
  const word = (i: number, w: string) => tokens[i]?.kind === 'ident' && tokens[i].value.toLowerCase() === w;
  const op = (i: number, o: string) => tokens[i]?.kind === 'op' && tokens[i].value === o;
  const name = tokens[3];
  if (!word(0, 'select') || !op(1, '*') || !word(2, 'from') || !op(4, '(')) return undefined;
  if (name?.kind !== 'ident' && name?.kind !== 'quoted_ident') return undefined;
  const close = closingBracket(tokens, 4);
  if (close === -1) return undefined;
  const source = name.kind === 'ident' ? name.value.toLowerCase() : name.value;
  return { source, first: 5, last: close - 1, close };
}

/**
 * The tokens of a native query's text, which the MySQL reading leaves as written. Only when the text starts
 * with a word, as a statement of any source's language does (SELECT, SHOW, db.collection.find): the
 * arguments of a table function start with a value (`generate_series(1, @n)`), and are read as MySQL.
 */
export function nativeQueryBody(tokens: readonly Token[]): { first: number; last: number } | undefined {
  const shape = nativeQueryShape(tokens);
  if (!shape || shape.first > shape.last || tokens[shape.first].kind !== 'ident') return undefined;
  return shape;
}

/** The data source a SELECT has the shape of a native query to, if it has that shape (see above). */
export function nativeQuerySource(sql: string): string | undefined {
  return nativeQueryShape(tokenize(sql))?.source;
}

/** Words a native query's text starts with: a statement of a source's language. */
const STATEMENT_WORDS = new Set([
  'select',
  'with',
  'show',
  'describe',
  'explain',
  'insert',
  'update',
  'delete',
  'db',
]);

/**
 * A native query anywhere in a statement (`... FROM source (SELECT ...) ...`, `JOIN source (...)`): a name
 * after FROM or JOIN followed by a bracket whose text starts as a statement does. A table function's
 * arguments start with a value, so they are not taken for one.
 */
export function nativeQueryWithin(tokens: readonly Token[]): { source: string; at: Token } | undefined {
  const word = (t: Token | undefined) => (t?.kind === 'ident' ? t.value.toLowerCase() : '');
  for (let i = 0; i + 3 < tokens.length; i++) {
    const name = tokens[i + 1];
    if (!['from', 'join'].includes(word(tokens[i]))) continue;
    if (name.kind !== 'ident' && name.kind !== 'quoted_ident') continue;
    if (tokens[i + 2].kind !== 'op' || tokens[i + 2].value !== '(') continue;
    if (!STATEMENT_WORDS.has(word(tokens[i + 3]))) continue;
    return { source: name.kind === 'ident' ? name.value.toLowerCase() : name.value, at: name };
  }
  return undefined;
}
