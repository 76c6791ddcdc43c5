import { SqlSyntaxError, type Token } from './tokenizer';
import type { QualifiedName } from './ast';
import type { SessionValues } from './session-values';

/**
 * How deep a condition or a value may nest: brackets, NOT, and each AND / OR of a chain (which makes the tree
 * one level deeper). Deeper statements are refused with a syntax error, before any code walking the tree
 * runs out of stack.
 */
export const MAX_NESTING = 1000;

/**
 * How many conditions one statement may join with AND / OR. Statements our parser does not read whole go to
 * the engine, whose planner is quadratic in a chain's length (docs/measurements.md); a long OR list is an
 * IN (...) list.
 */
export const MAX_CONDITIONS = 1000;

/**
 * Refuses, in one pass over the tokens, a statement nesting brackets deeper than MAX_NESTING or joining more
 * than MAX_CONDITIONS conditions, wherever they are written: such a statement is refused before any parser or
 * the engine spends time on it.
 */
export function checkStatementBounds(ts: TokenStream): void {
  let depth = 0;
  let conditions = 0;
  for (const token of ts.tokens) {
    if (token.kind === 'op') {
      if (token.value === '(' || token.value === '[' || token.value === '{') depth++;
      else if (token.value === ')' || token.value === ']' || token.value === '}') depth--;
      if (depth > MAX_NESTING) {
        ts.fail(
          `the statement nests more than ${MAX_NESTING} levels deep (write long OR lists as IN (...))`,
          token,
        );
      }
    } else if (token.kind === 'ident' && /^(and|or)$/i.test(token.value) && ++conditions > MAX_CONDITIONS) {
      ts.fail(
        `the statement joins more than ${MAX_CONDITIONS} conditions with AND / OR (write long OR lists as IN (...))`,
        token,
      );
    }
  }
}

/** A cursor over tokens with the small vocabulary the parsers share. */
export class TokenStream {
  private index = 0;
  private depth = 0;

  /**
   * @param values what the session's variables stand for, when the statement is read to be run; without
   * them (a statement read to be checked or stored) variables are left as written.
   */
  constructor(
    readonly tokens: readonly Token[],
    readonly source: string,
    readonly values?: SessionValues,
  ) {}

  peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)];
  }

  next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }

  /** Steps back one token (after a tentative read that did not fit). */
  back(): void {
    if (this.index > 0) this.index--;
  }

  get position(): number {
    return this.index;
  }

  atEnd(): boolean {
    const t = this.peek();
    return t.kind === 'eof' || (t.kind === 'op' && t.value === ';' && this.peek(1).kind === 'eof');
  }

  /** True when the next token is the keyword (case-insensitive, unquoted). */
  isKeyword(word: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t.kind === 'ident' && t.value.toLowerCase() === word;
  }

  isOp(op: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t.kind === 'op' && t.value === op;
  }

  acceptKeyword(...words: string[]): boolean {
    if (!words.every((w, i) => this.isKeyword(w, i))) return false;
    for (let i = 0; i < words.length; i++) this.next();
    return true;
  }

  acceptOp(op: string): boolean {
    if (!this.isOp(op)) return false;
    this.next();
    return true;
  }

  expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) this.fail(`expected ${word.toUpperCase()}`);
  }

  expectOp(op: string): void {
    if (!this.acceptOp(op)) this.fail(`expected '${op}'`);
  }

  /** An identifier: unquoted ones are lowercased (as MindsDB does), backticked ones kept as written. */
  identifier(what = 'a name'): string {
    const t = this.peek();
    if (t.kind === 'ident') {
      this.next();
      return t.value.toLowerCase();
    }
    if (t.kind === 'quoted_ident') {
      this.next();
      if (t.value === '') this.fail(`${what} cannot be empty`, t);
      return t.value;
    }
    return this.fail(`expected ${what}`);
  }

  qualifiedName(what = 'a name'): QualifiedName {
    const offset = this.peek().offset;
    const parts = [this.identifier(what)];
    while (this.isOp('.')) {
      this.next();
      parts.push(this.identifier(what));
    }
    return { parts, offset };
  }

  /**
   * Reads `( ... )` at the current `(`, with the brackets it nests: the text between the brackets (trimmed),
   * and the number of tokens inside them.
   */
  bracketedText(): { text: string; inside: number } {
    const open = this.peek();
    const start = this.position;
    let depth = 0;
    do {
      if (this.isOp('(')) depth++;
      else if (this.isOp(')')) depth--;
      if (this.atEnd()) this.fail("expected ')'");
      this.next();
    } while (depth > 0);
    const close = this.tokens[this.position - 1];
    return {
      text: this.source.slice(open.offset + 1, close.offset).trim(),
      inside: this.position - start - 2,
    };
  }

  /** Consumes an optional trailing `;` and requires the end of the statement. */
  expectEnd(): void {
    this.acceptOp(';');
    if (this.peek().kind !== 'eof') this.fail('unexpected text after the end of the statement');
  }

  /** Runs `parse` one nesting level deeper; `levels` counts a chain of AND / OR as the levels it adds. */
  nested<T>(parse: () => T, levels = 1): T {
    this.depth += levels;
    try {
      if (this.depth > MAX_NESTING) {
        this.fail(
          `the statement nests more than ${MAX_NESTING} levels deep (write long OR lists as IN (...))`,
        );
      }
      return parse();
    } finally {
      this.depth -= levels;
    }
  }

  fail(message: string, token: Token = this.peek()): never {
    const near = token.kind === 'eof' ? 'at the end of the statement' : `near '${token.text.slice(0, 40)}'`;
    throw new SqlSyntaxError(`Syntax error ${near}: ${message}`, token.line, token.column);
  }

  /**
   * Refuses a statement that was read but asks for what this server does not do: the message names what and
   * why, with no "Syntax error" before it (the statement was understood), and the position of `token`.
   */
  refuse(message: string, token: Token = this.peek()): never {
    throw new SqlSyntaxError(message, token.line, token.column);
  }

  /** The source text from a token to the end, for statements handed on as text. */
  restFrom(token: Token): string {
    return this.source.slice(token.offset).replace(/;\s*$/, '');
  }
}
