/**
 * A small SQL tokenizer for the worksheet's own needs (splitting, finding the tables a statement reads,
 * spotting destructive statements). It does not validate SQL: it only has to know where strings, quoted
 * identifiers and comments start and end, so that a `;` or a keyword inside them is never mistaken for syntax.
 */

export type TokenKind =
  | 'space'
  | 'comment'
  /** '...' (doubled '' escapes) or $tag$...$tag$ */
  | 'string'
  /** "..." : a string in MindsDB's JSON-like values, an identifier in plain SQL */
  | 'double-quoted'
  /** `...` */
  | 'backquoted'
  /** keywords, identifiers and numbers */
  | 'word'
  | 'punct';

export interface Token {
  kind: TokenKind;
  from: number;
  to: number;
  text: string;
}

const WORD_CHAR = /[\p{L}\p{N}_$@#]/u;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/** End of a quoted run starting at `start` (on the opening quote); a doubled quote stays inside. */
function quotedEnd(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return sql.length; // unterminated: runs to the end, as the server would read it
}

function lineCommentEnd(sql: string, start: number): number {
  const nl = sql.indexOf('\n', start);
  return nl === -1 ? sql.length : nl;
}

function blockCommentEnd(sql: string, start: number): number {
  const close = sql.indexOf('*/', start + 2);
  return close === -1 ? sql.length : close + 2;
}

function dollarQuotedEnd(sql: string, start: number, tag: string): number {
  const close = sql.indexOf(tag, start + tag.length);
  return close === -1 ? sql.length : close + tag.length;
}

function wordEnd(sql: string, start: number): number {
  let i = start;
  while (i < sql.length && WORD_CHAR.test(sql[i])) i++;
  return i;
}

function spaceEnd(sql: string, start: number): number {
  let i = start;
  while (i < sql.length && /\s/.test(sql[i])) i++;
  return i;
}

/** Kind and end offset of the token that starts at `i`. */
function scanOne(sql: string, i: number): [TokenKind, number] {
  const c = sql[i];
  const next = sql[i + 1];
  if (/\s/.test(c)) return ['space', spaceEnd(sql, i)];
  if (c === '-' && next === '-') return ['comment', lineCommentEnd(sql, i)];
  if (c === '/' && next === '*') return ['comment', blockCommentEnd(sql, i)];
  if (c === "'") return ['string', quotedEnd(sql, i, "'", false)];
  // Double quotes wrap JSON strings inside USING {...}, where a backslash escapes the next character.
  if (c === '"') return ['double-quoted', quotedEnd(sql, i, '"', true)];
  if (c === '`') return ['backquoted', quotedEnd(sql, i, '`', false)];
  if (c === '$') {
    const tag = DOLLAR_TAG.exec(sql.slice(i, i + 66));
    if (tag) return ['string', dollarQuotedEnd(sql, i, tag[0])];
  }
  if (WORD_CHAR.test(c)) return ['word', wordEnd(sql, i)];
  return ['punct', i + 1];
}

export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const [kind, end] = scanOne(sql, i);
    tokens.push({ kind, from: i, to: end, text: sql.slice(i, end) });
    i = end;
  }
  return tokens;
}

/** Tokens that carry meaning: no spaces, no comments. */
export function significantTokens(sql: string): Token[] {
  return tokenize(sql).filter((t) => t.kind !== 'space' && t.kind !== 'comment');
}

/** The identifier a word or quoted token names, without its quotes (doubled quotes undone). */
export function identifierName(token: Token): string {
  if (token.kind === 'backquoted' || token.kind === 'double-quoted') {
    const q = token.text[0];
    const inner =
      token.text.endsWith(q) && token.text.length > 1 ? token.text.slice(1, -1) : token.text.slice(1);
    return inner.split(q + q).join(q);
  }
  return token.text;
}
