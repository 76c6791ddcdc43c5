import { tokenize, type Token } from '../dialect/tokenizer';
import { ValidationError } from '../errors';

/** A value of the request's `params`: what JSON can carry, lists for `IN :names`. */
export type SqlParamValue = string | number | boolean | null | SqlParamValue[];

const quoteText = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** One value as one literal token of our dialect (a list as a parenthesised list of literals, for IN). */
function literal(name: string, value: unknown, nested = false): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ValidationError(`Parameter '${name}' is not a finite number`);
    return String(value);
  }
  if (typeof value === 'string') return quoteText(value);
  if (Array.isArray(value) && !nested) {
    if (value.length === 0) throw new ValidationError(`Parameter '${name}' is an empty list`);
    return `(${value.map((v) => literal(name, v, true)).join(', ')})`;
  }
  throw new ValidationError(
    `Parameter '${name}' must be a string, a number, a boolean, null or a list of those`,
  );
}

/** Tokens that, right before a colon, make it part of a slice (`list[1:n]`, `s[a:b]`), not a marker. */
const SLICE_START: ReadonlySet<string> = new Set(['ident', 'quoted_ident', 'number', 'string']);

/**
 * `:name` written as one piece: a colon right before a name (not `::`, not a JSON `"a": x`), and not the
 * middle of a slice (a colon written right after a value or a closing bracket). Or a user variable `@name`,
 * which MindsDB also fills from the request's parameters (one without a value is a variable SET earlier).
 * The name, how many tokens the marker takes, and whether it must have a value.
 */
function parameterAt(
  tokens: readonly Token[],
  i: number,
): { name: string; width: number; required: boolean } | undefined {
  const colon = tokens[i];
  if (colon.kind === 'variable' && !colon.text.startsWith('@@'))
    return { name: colon.value, width: 1, required: false };
  const name = tokens[i + 1];
  if (colon.kind !== 'op' || colon.value !== ':' || name?.kind !== 'ident') return undefined;
  if (name.offset !== colon.offset + 1) return undefined;
  const before = tokens[i - 1];
  if (before && before.offset + before.text.length === colon.offset) {
    if (SLICE_START.has(before.kind) || before.text === ']' || before.text === ')') return undefined;
  }
  return { name: name.value, width: 2, required: true };
}

/**
 * Puts the request's `params` in place of their `:name` (and `@name`) markers, as MindsDB does. Each value becomes exactly
 * one literal of the dialect (strings quoted with every quote and backslash escaped; a list becomes
 * `(a, b)`), and the result is read again to check that every value stayed one literal, so that no value
 * can add words to the statement. A marker without a value is MindsDB's error `Parameter is not set: name`
 * (with or without `params`); values without a marker are ignored (as MindsDB ignores them).
 */
export function bindParameters(sql: string, params: Record<string, unknown> = {}): string {
  if (!sql.includes(':') && !sql.includes('@')) return sql;
  let tokens: readonly Token[];
  try {
    tokens = tokenize(sql);
  } catch {
    return sql; // text the dialect cannot read: the router answers it with its syntax error
  }
  let out = '';
  let last = 0;
  let expectedTokens = tokens.length;
  for (let i = 0; i < tokens.length; i++) {
    const marker = parameterAt(tokens, i);
    if (marker === undefined) continue;
    const { name, width } = marker;
    if (!Object.hasOwn(params, name)) {
      if (marker.required) throw new ValidationError(`Parameter is not set: ${name}`);
      continue;
    }
    const text = literal(name, params[name]);
    const end = tokens[i + width - 1];
    out += sql.slice(last, tokens[i].offset) + text;
    last = end.offset + end.text.length;
    // The literal read alone (less its end marker) must be read the same inside the statement.
    expectedTokens += tokenize(text).length - 1 - width;
    i += width - 1;
  }
  if (last === 0) return sql;
  const bound = out + sql.slice(last);
  if (tokenize(bound).length !== expectedTokens) {
    throw new ValidationError('A parameter value could not be bound as a literal');
  }
  return bound;
}
