import { isOpToken, wordOf } from './select-list';
import type { Token } from './tokenizer';

/** The index of the bracket that closes the one at `open`, or -1 when it is never closed. */
export function closingBracket(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isOpToken(tokens[i], '(')) depth++;
    else if (isOpToken(tokens[i], ')') && --depth === 0) return i;
  }
  return -1;
}

/** The index of the bracket that opens the one closing at `close`, or -1. */
export function openingBracket(tokens: readonly Token[], close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (isOpToken(tokens[i], ')')) depth++;
    else if (isOpToken(tokens[i], '(') && --depth === 0) return i;
  }
  return -1;
}

const isName = (t: Token | undefined) => t?.kind === 'ident' || t?.kind === 'quoted_ident';

/** Words a bracket follows that do not call a function (`WHERE (a)`, `IN (1, 2)`, `AS (SELECT ...)`). */
const WORDS_BEFORE_BRACKETS = new Set([
  'select',
  'from',
  'where',
  'and',
  'or',
  'not',
  'xor',
  'in',
  'exists',
  'any',
  'all',
  'some',
  'join',
  'on',
  'using',
  'as',
  'case',
  'when',
  'then',
  'else',
  'by',
  'having',
  'values',
  'between',
  'like',
  'is',
  'div',
  'mod',
  'union',
  'except',
  'intersect',
  'limit',
  'offset',
  'with',
  'lateral',
  'distinct',
  'into',
]);

/** A name right before a bracket that calls a function (`f(`, `db.f(`, `` `my fn`( ``). */
const isFunctionName = (t: Token | undefined) =>
  t?.kind === 'quoted_ident' || (t?.kind === 'ident' && !WORDS_BEFORE_BRACKETS.has(wordOf(t)));

/**
 * The first token of the primary expression that ends at `last`: a bracketed expression or a function call
 * (`f(...)`, `db.f(...)`), a dotted name, or one literal or variable. -1 when no operand ends there.
 */
export function operandStart(tokens: readonly Token[], last: number): number {
  let first = last;
  if (isOpToken(tokens[last], ')')) {
    first = openingBracket(tokens, last);
    if (first === -1) return -1;
    if (!isFunctionName(tokens[first - 1])) return first;
    first--;
  } else if (!isName(tokens[last]) && !['number', 'string', 'variable'].includes(tokens[last]?.kind)) {
    return -1;
  }
  while (isOpToken(tokens[first - 1], '.') && isName(tokens[first - 2])) first -= 2;
  return first;
}

/** The last token of the primary expression that starts at `first` (see operandStart), or -1. */
export function operandEnd(tokens: readonly Token[], first: number): number {
  const t = tokens[first];
  if (isOpToken(t, '(')) return closingBracket(tokens, first);
  if (['number', 'string', 'variable'].includes(t?.kind)) return first;
  if (!isName(t)) return -1;
  let last = first;
  while (isOpToken(tokens[last + 1], '.') && isName(tokens[last + 2])) last += 2;
  return isOpToken(tokens[last + 1], '(') ? closingBracket(tokens, last + 1) : last;
}
