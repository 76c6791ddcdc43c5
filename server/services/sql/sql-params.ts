import { tokenize, type Token } from '../../dialect/tokenizer';
import { ValidationError } from '../../errors';

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

/** `:name` written as one piece: a colon right before a name (not `::`, not a JSON `"a": x`). */
function parameterAt(tokens: Token[], i: number): string | undefined {
  const colon = tokens[i];
  const name = tokens[i + 1];
  if (colon.kind !== 'op' || colon.value !== ':' || name?.kind !== 'ident') return undefined;
  if (name.offset !== colon.offset + 1) return undefined;
  return name.value;
}

/**
 * Puts the request's `params` in place of their `:name` markers, as MindsDB does. Each value becomes exactly
 * one literal of the dialect (strings quoted with every quote and backslash escaped; a list becomes
 * `(a, b)`), and the result is read again to check that every value stayed one literal, so that no value
 * can add words to the statement. Markers without a value are left for the parser to refuse; values
 * without a marker are ignored (as MindsDB ignores them).
 */
export function bindParameters(sql: string, params: Record<string, unknown>): string {
  const tokens = tokenize(sql);
  let out = '';
  let last = 0;
  let expectedTokens = tokens.length;
  for (let i = 0; i < tokens.length; i++) {
    const name = parameterAt(tokens, i);
    if (name === undefined || !Object.hasOwn(params, name)) continue;
    const value = params[name];
    const text = literal(name, value);
    out += sql.slice(last, tokens[i].offset) + text;
    last = tokens[i + 1].offset + tokens[i + 1].text.length;
    // The literal read alone (less its end marker) must be read the same inside the statement.
    expectedTokens += tokenize(text).length - 1 - 2;
    i++;
  }
  if (last === 0) return sql;
  const bound = out + sql.slice(last);
  if (tokenize(bound).length !== expectedTokens) {
    throw new ValidationError('A parameter value could not be bound as a literal');
  }
  return bound;
}
