import type { Literal } from './ast';
import { isOpToken, selectListItems, wordOf } from './select-list';
import type { TokenEdits } from './token-edits';
import { SqlSyntaxError, type Token } from './tokenizer';

/**
 * What a statement's MySQL session words stand for, given by whoever runs it (the parser itself knows no
 * server and no session): `@@version`, `@my_var`, `DATABASE()`.
 */
export interface SessionValues {
  /** The value of `@name` (`system`: `@@name`, `@@session.name`); throws when it has none. */
  variable(name: string, system: boolean): Literal;
  /** The value of a session function called without arguments (`DATABASE()`, `VERSION()`), if it is one. */
  sessionFunction(name: string): Literal | undefined;
}

/** A value as one literal of the statement (objects and lists as their JSON text). */
export function literalText(value: Literal, quoteText: (text: string) => string): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return quoteText(value);
  return quoteText(JSON.stringify(value));
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Puts the session's values in place of MySQL's session words in a query, as MindsDB answers them: each
 * variable and session function becomes its value, and a select item that is only one of them is named as
 * MindsDB names it (`@@version`, `database`).
 */
export function writeSessionValues(
  edits: TokenEdits,
  values: SessionValues,
  quoteText: (text: string) => string,
): void {
  const { tokens } = edits;
  const wholeItems = new Map<number, number>();
  for (const { first, last } of selectListItems(tokens)) wholeItems.set(first, last);
  tokens.forEach((t, i) => {
    if (edits.isNative(i)) return;
    let value: Literal | undefined;
    let last = i;
    let name = '';
    if (t.kind === 'variable') {
      const system = t.text.startsWith('@@');
      value = values.variable(t.value, system);
      name = system ? t.text : `@${t.value}`;
    } else if (isSessionCall(tokens, i)) {
      value = values.sessionFunction(wordOf(t));
      last = i + 2;
      name = wordOf(t);
    }
    if (value === undefined) return;
    const text = literalText(value, quoteText);
    const whole = wholeItems.get(i) === last;
    edits.replaceRange(i, last, whole ? `${text} AS ${quoteName(name)}` : text);
    if (whole) edits.named.add(last);
  });
}

/** `name()`: a call without arguments, not a method of a dotted name. */
function isSessionCall(tokens: readonly Token[], i: number): boolean {
  return (
    tokens[i].kind === 'ident' &&
    isOpToken(tokens[i + 1], '(') &&
    isOpToken(tokens[i + 2], ')') &&
    !isOpToken(tokens[i - 1], '.')
  );
}

/**
 * A `:name` or `?` marker left in a statement has no value: the request's parameters fill them before the
 * statement is read (routes/sql.ts), so one still here was not given. Refused with its name, as MindsDB does.
 */
export function refuseUnsetParameters(edits: TokenEdits): void {
  const { tokens } = edits;
  tokens.forEach((t, i) => {
    if (edits.isNative(i)) return;
    const name = tokens[i + 1];
    const colonName =
      isOpToken(t, ':') &&
      name?.kind === 'ident' &&
      name.offset === t.offset + 1 &&
      valuePosition(tokens[i - 1]);
    if (!colonName && !(isOpToken(t, '?') && valuePosition(tokens[i - 1]))) return;
    const label = colonName ? name.value : '?';
    throw new SqlSyntaxError(`Parameter is not set: ${label}`, t.line, t.column);
  });
}

/** Words after which a value is expected. */
const VALUE_WORDS = new Set([
  'select',
  'where',
  'and',
  'or',
  'not',
  'in',
  'like',
  'between',
  'when',
  'then',
  'else',
  'limit',
  'offset',
  'values',
  'set',
  'having',
  'on',
]);

/**
 * Is a marker after this token where a value stands? After an operator or a bracket, or one of the words
 * a value follows; not after a name or a string (`arr[a:b]`, `{'key':value}` are no markers).
 */
function valuePosition(prev: Token | undefined): boolean {
  if (!prev) return false;
  if (prev.kind === 'op') return !['.', ']', ')', '::', ':', '['].includes(prev.value);
  return VALUE_WORDS.has(wordOf(prev));
}
