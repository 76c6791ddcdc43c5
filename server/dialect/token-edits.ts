import { nativeQueryBody } from './native-query';
import type { Token } from './tokenizer';

/**
 * Edits of a statement's text made at token boundaries: a token replaced, text inserted before or after a
 * token. The text between tokens (spaces, comments) is kept, so every rewrite of MySQL's reading into the
 * engine's is local and the rest of the statement keeps its meaning. Several rewrites may edit the same
 * statement as long as they replace different tokens.
 */
export class TokenEdits {
  private readonly replaced = new Map<number, string>();
  private readonly before = new Map<number, string[]>();
  private readonly after = new Map<number, string[]>();
  /** Select items given a name by a rewrite, by their last token (see nameRewrittenItems). */
  readonly named = new Set<number>();

  /** The tokens of a native query (`SELECT * FROM source (text)`), sent to the source as written: never edited. */
  private readonly native: { first: number; last: number } | undefined;

  constructor(
    readonly sql: string,
    readonly tokens: readonly Token[],
  ) {
    this.native = nativeQueryBody(tokens);
  }

  /** Is this token the text of a native query, which is the source's own dialect and is left as written? */
  isNative(i: number): boolean {
    return this.native !== undefined && i >= this.native.first && i <= this.native.last;
  }

  /** The text a token now stands for: its replacement, or its own text. */
  textOf(i: number): string {
    return this.replaced.get(i) ?? this.tokens[i].text;
  }

  isReplaced(i: number): boolean {
    return this.replaced.has(i);
  }

  replace(i: number, text: string): void {
    if (!this.isNative(i)) this.replaced.set(i, text);
  }

  /** Replaces the tokens first..last (both included) by one text. */
  replaceRange(first: number, last: number, text: string): void {
    this.replace(first, text);
    for (let i = first + 1; i <= last; i++) this.replace(i, '');
  }

  insertBefore(i: number, text: string): void {
    if (this.isNative(i)) return;
    this.before.set(i, [text, ...(this.before.get(i) ?? [])]);
  }

  insertAfter(i: number, text: string): void {
    if (this.isNative(i)) return;
    this.after.set(i, [...(this.after.get(i) ?? []), text]);
  }

  /** Was any of the tokens first..last edited? */
  touched(first: number, last: number): boolean {
    for (let i = first; i <= last; i++) {
      if (this.replaced.has(i) || this.before.has(i) || this.after.has(i)) return true;
    }
    return false;
  }

  get changed(): boolean {
    return this.replaced.size + this.before.size + this.after.size > 0;
  }

  /** The statement with every edit made. */
  apply(): string {
    if (!this.changed) return this.sql;
    const touched = new Set([...this.replaced.keys(), ...this.before.keys(), ...this.after.keys()]);
    let out = '';
    let last = 0;
    for (const i of [...touched].sort((a, b) => a - b)) {
      const t = this.tokens[i];
      out += this.sql.slice(last, t.offset);
      out += (this.before.get(i) ?? []).join('');
      out += this.textOf(i);
      out += (this.after.get(i) ?? []).join('');
      last = t.offset + t.text.length;
    }
    return out + this.sql.slice(last);
  }
}
