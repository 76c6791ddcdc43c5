/**
 * The tokenizer for our SQL dialect (MindsDB's: MySQL-like). Single- and double-quoted text are strings
 * (USING blocks write JSON with double quotes); backticks quote identifiers. Every token keeps its offset,
 * line and column so that errors can point at the place they concern.
 */
export type TokenKind = 'ident' | 'quoted_ident' | 'string' | 'number' | 'variable' | 'op' | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** The source text of the token, quotes included. */
  readonly text: string;
  /**
   * Strings and quoted identifiers: the unescaped content. Identifiers: as written. Variables (MySQL's `@name`,
   * `@@name`, `@@session.name`): the name without its `@` (the text tells a system variable by its `@@`).
   */
  readonly value: string;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export class SqlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'SqlSyntaxError';
  }
}

/** Longest first: `<=>` must not be read as `<=` and `>`. */
const OPERATORS = [
  '<=>',
  '<->',
  // pgvector's distances (inner product, L1, Hamming, Jaccard), which MindsDB reads for a source to answer.
  '<#>',
  '<+>',
  '<~>',
  '<%>',
  '->>',
  '<=',
  '>=',
  '<>',
  '!=',
  '||',
  '::',
  '<<',
  '>>',
  '->',
  '&&',
  '@>',
  '<@',
  '!~',
  '=',
  '<',
  '>',
  ',',
  '.',
  '(',
  ')',
  '{',
  '}',
  '[',
  ']',
  ';',
  '*',
  '+',
  '-',
  '/',
  '%',
  ':',
  '&',
  '|',
  '^',
  '~',
  '!',
  '?',
];

const isIdentStart = (c: string) => /[A-Za-z_\u0080-\uffff]/.test(c);
const isIdentPart = (c: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(c);
const isDigit = (c: string) => c >= '0' && c <= '9';

/**
 * Statements tokenized lately, by their text, at most RECENT_STATEMENTS of them and each at most
 * RECENT_STATEMENT_CHARS long: one statement is read by several passes (a knowledge-base search by five: the
 * view substitution, the parser, the MySQL reading, the statement's routing and the information-schema check),
 * and with the tokens kept each pass after the first finds them here. Kept tokens are frozen: a pass that
 * changed them would change them for the others.
 */
const recentTokens = new Map<string, readonly Token[]>();
const RECENT_STATEMENTS = 64;
const RECENT_STATEMENT_CHARS = 4096;

/** `sql`'s tokens, ending with an `eof` token; a syntax error throws SqlSyntaxError. */
export function tokenize(sql: string): readonly Token[] {
  if (sql.length > RECENT_STATEMENT_CHARS) return readTokens(sql);
  const kept = recentTokens.get(sql);
  if (kept) return kept;
  const tokens = readTokens(sql);
  for (const token of tokens) Object.freeze(token);
  // The oldest first out: a Map iterates in the order its keys were set.
  if (recentTokens.size >= RECENT_STATEMENTS) recentTokens.delete(recentTokens.keys().next().value!);
  recentTokens.set(sql, Object.freeze(tokens));
  return tokens;
}

function readTokens(sql: string): Token[] {
  const tokens: Token[] = [];
  const backslashes = new BackslashFinder(sql);
  let i = 0;
  let line = 1;
  let lineStart = 0;

  const advanceTo = (end: number) => {
    for (let k = i; k < end; k++) {
      if (sql[k] === '\n') {
        line++;
        lineStart = k + 1;
      }
    }
    i = end;
  };
  const fail = (message: string, at: number): never => {
    const before = sql.slice(0, at);
    const l = before.split('\n').length;
    throw new SqlSyntaxError(message, l, at - (before.lastIndexOf('\n') + 1) + 1);
  };
  const push = (kind: TokenKind, end: number, value: string) => {
    tokens.push({ kind, text: sql.slice(i, end), value, offset: i, line, column: i - lineStart + 1 });
    advanceTo(end);
  };

  while (i < sql.length) {
    const c = sql[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      advanceTo(i + 1);
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      advanceTo(end === -1 ? sql.length : end);
      continue;
    }
    if (c === '#') {
      const end = sql.indexOf('\n', i);
      advanceTo(end === -1 ? sql.length : end);
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end === -1) fail('Unterminated comment', i);
      advanceTo(end + 2);
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      const { end, value } =
        readQuoted(sql, i, c, backslashes) ?? fail(`Unterminated ${c === '`' ? 'quoted name' : 'string'}`, i);
      push(c === '`' ? 'quoted_ident' : 'string', end, value);
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(sql[i + 1] ?? ''))) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(sql.slice(i, i + 64));
      const end = i + (m ? m[0].length : 1);
      push('number', end, sql.slice(i, end));
      continue;
    }
    if (c === '@' && sql[i + 1] !== '>') {
      const end = variableEnd(sql, i);
      if (end === i + (sql[i + 1] === '@' ? 2 : 1)) fail('Expected a variable name after @', i);
      push(
        'variable',
        end,
        sql
          .slice(i, end)
          .replace(/^@@?/, '')
          .replace(/^[`'"]|[`'"]$/g, ''),
      );
      continue;
    }
    if (isIdentStart(c)) {
      let end = i + 1;
      while (end < sql.length && isIdentPart(sql[end])) end++;
      push('ident', end, sql.slice(i, end));
      continue;
    }
    const op = OPERATORS.find((o) => sql.startsWith(o, i));
    if (!op) fail(`Unexpected character '${c}'`, i);
    push('op', i + op!.length, op!);
  }
  tokens.push({
    kind: 'eof',
    text: '',
    value: '',
    offset: sql.length,
    line,
    column: sql.length - lineStart + 1,
  });
  return tokens;
}

/**
 * Where a MySQL variable ends: `@name`, `@@name`, `@@session.name` (a system variable's scope and name), or a
 * quoted name `@'my var'` / `` @`my var` ``.
 */
function variableEnd(sql: string, start: number): number {
  let end = start + (sql[start + 1] === '@' ? 2 : 1);
  const quote = sql[end];
  if (quote === '`' || quote === "'" || quote === '"') {
    const close = sql.indexOf(quote, end + 1);
    return close === -1 ? end : close + 1;
  }
  while (
    end < sql.length &&
    (isIdentPart(sql[end]) || (sql[end] === '.' && isIdentStart(sql[end + 1] ?? '')))
  )
    end++;
  return end;
}

/**
 * The next backslash at or after a position, for positions that only grow. Searching the rest of the text
 * afresh for each string would cost the whole text per string: a statement of 50,000 short strings and no
 * backslash took seconds. Each backslash is found once instead.
 */
class BackslashFinder {
  private found = -2; // -2: not searched yet; -1: none left

  constructor(private readonly sql: string) {}

  from(position: number): number {
    if (this.found === -2 || (this.found !== -1 && this.found < position)) {
      this.found = this.sql.indexOf('\\', position);
    }
    return this.found;
  }
}

/** Reads a quoted token: a doubled quote stands for itself; in strings, backslash escapes the next char. */
function readQuoted(
  sql: string,
  start: number,
  quote: string,
  backslashes: BackslashFinder,
): { end: number; value: string } | null {
  // Plain runs are found with indexOf and sliced whole: a long literal read one character at a time is slow.
  const parts: string[] = [];
  const escapes = quote !== '`';
  let k = start + 1;
  let nextEscape = escapes ? backslashes.from(k) : -1;
  for (;;) {
    const nextQuote = sql.indexOf(quote, k);
    if (nextEscape !== -1 && nextEscape < k) nextEscape = backslashes.from(k);
    if (nextEscape !== -1 && (nextQuote === -1 || nextEscape < nextQuote) && nextEscape + 1 < sql.length) {
      const next = sql[nextEscape + 1];
      parts.push(
        sql.slice(k, nextEscape),
        next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next,
      );
      k = nextEscape + 2;
      continue;
    }
    if (nextQuote === -1) return null;
    parts.push(sql.slice(k, nextQuote));
    if (sql[nextQuote + 1] === quote) {
      parts.push(quote);
      k = nextQuote + 2;
      continue;
    }
    return { end: nextQuote + 1, value: parts.join('') };
  }
}
