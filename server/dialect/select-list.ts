import type { Token } from './tokenizer';

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
  'for',
  'fetch',
]);

/** The index after the bracket that closes the one at `open` (the end when it is never closed). */
function afterBrackets(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isOpToken(tokens[i], '(')) depth++;
    else if (isOpToken(tokens[i], ')') && --depth === 0) return i + 1;
  }
  return tokens.length;
}

/** One item of a SELECT list: its first and last tokens (both included). */
export interface SelectItemSpan {
  first: number;
  last: number;
}

export const wordOf = (t: Token | undefined): string => (t?.kind === 'ident' ? t.value.toLowerCase() : '');
export const isOpToken = (t: Token | undefined, op: string): boolean => t?.kind === 'op' && t.value === op;

/**
 * The items of every SELECT list in a statement (the outer query's, and those of its subqueries), found by
 * brackets and the words that end a list. A list is read up to the first of: a word ending it at its own
 * depth, the bracket that closes its subquery, `;`, or the end.
 */
export function selectListItems(tokens: readonly Token[]): SelectItemSpan[] {
  const items: SelectItemSpan[] = [];
  tokens.forEach((t, start) => {
    if (wordOf(t) !== 'select') return;
    let first = start + 1;
    while (['distinct', 'all', 'distinctrow'].includes(wordOf(tokens[first]))) first++;
    // DISTINCT ON (a, b): the columns that make a row distinct, before the list.
    if (
      wordOf(tokens[first - 1]) === 'distinct' &&
      wordOf(tokens[first]) === 'on' &&
      isOpToken(tokens[first + 1], '(')
    )
      first = afterBrackets(tokens, first + 1);
    let depth = 0;
    for (let i = first; i < tokens.length; i++) {
      const token = tokens[i];
      if (isOpToken(token, '(')) depth++;
      else if (isOpToken(token, ')')) depth--;
      const ends =
        token.kind === 'eof' ||
        depth < 0 ||
        (depth === 0 &&
          (isOpToken(token, ',') || isOpToken(token, ';') || END_OF_SELECT_LIST.has(wordOf(token))));
      if (!ends) continue;
      if (i > first) items.push({ first, last: i - 1 });
      if (!(depth === 0 && isOpToken(token, ','))) break;
      first = i + 1;
    }
  });
  return items;
}
