import { isOpToken, selectListItems, wordOf } from './select-list';
import type { TokenEdits } from './token-edits';
import type { Token } from './tokenizer';

/** Words after which an expression goes on: a word after them is an operand, never an alias. */
const CONTINUING_WORDS = new Set([
  'select',
  'distinct',
  'all',
  'and',
  'or',
  'not',
  'xor',
  'is',
  'like',
  'ilike',
  'rlike',
  'regexp',
  'between',
  'in',
  'as',
  'case',
  'when',
  'then',
  'else',
  'div',
  'mod',
  'escape',
  'collate',
  'interval',
  'binary',
  'exists',
  'sounds',
]);

/** Words that end an expression themselves (`... ELSE 0 END`, `IS NOT NULL`), so never an alias. */
const ENDING_WORDS = new Set(['end', 'null', 'true', 'false', 'unknown']);

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Does this token end an expression, so that a word right after it can only be the item's alias? */
function endsExpression(t: Token): boolean {
  if (t.kind === 'number' || t.kind === 'string' || t.kind === 'quoted_ident' || t.kind === 'variable')
    return true;
  if (t.kind === 'ident') return !CONTINUING_WORDS.has(wordOf(t));
  return isOpToken(t, ')');
}

/**
 * Aliases of select items as MySQL reads them, written so the engine reads them the same:
 * - a word after an expression is its alias, AS or not (`select 1 content`, `count(1) count`): the engine
 *   takes only some words as an alias without AS, so AS is written;
 * - a double-quoted word there is an alias too (`select 1 "2"`), not a string;
 * - an item that is only a string (`select 'a'`) is named by its text, as MySQL names it.
 * `INTERVAL 1 DAY` keeps its unit, and `"a" "b"` (two strings, which MySQL joins) is left alone.
 */
export function writeSelectAliases(edits: TokenEdits, quoteText: (text: string) => string): void {
  const { tokens } = edits;
  for (const { first, last } of selectListItems(tokens)) {
    const alias = tokens[last];
    const before = tokens[last - 1];
    if (last === first) {
      if (alias.kind === 'string') {
        const text = alias.text.startsWith('"') ? quoteText(alias.value) : alias.text;
        edits.replace(last, `${text} AS ${quoteName(alias.value)}`);
        edits.named.add(last);
      }
      continue;
    }
    if (wordOf(before) === 'as') {
      edits.named.add(last);
      continue;
    }
    if (!endsExpression(before)) continue;
    if (wordOf(tokens[last - 2]) === 'interval') continue;
    const doubleQuoted = alias.kind === 'string' && alias.text.startsWith('"');
    if (doubleQuoted && before.kind !== 'string') {
      edits.replace(last, `AS ${quoteName(alias.value)}`);
      edits.named.add(last);
    } else if (alias.kind === 'ident' && !ENDING_WORDS.has(wordOf(alias))) {
      edits.insertBefore(last, 'AS ');
      edits.named.add(last);
    } else if (alias.kind === 'quoted_ident') {
      edits.named.add(last);
    }
  }
}

/**
 * MySQL names a select item without an alias by its text as written (`5 ^ 3`, `CONVERT(x USING utf8)`). An
 * item that a rewrite changed would be named by the engine after the rewritten text, so it is given its
 * written text as its alias. Runs after every other rewrite.
 */
export function nameRewrittenItems(edits: TokenEdits): void {
  const { tokens, sql } = edits;
  for (const { first, last } of selectListItems(tokens)) {
    if (edits.named.has(last) || !edits.touched(first, last)) continue;
    const written = sql.slice(tokens[first].offset, tokens[last].offset + tokens[last].text.length);
    edits.insertAfter(last, ` AS ${quoteName(written)}`);
  }
}
