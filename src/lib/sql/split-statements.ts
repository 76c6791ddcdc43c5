import { tokenize } from './lexer';

/** One statement of a worksheet, located in the text it came from. */
export interface Statement {
  /** Offset of its first significant character: comments and blank lines before it are not part of it. */
  from: number;
  /** Offset just past its last significant character (before any `;` and trailing comment). */
  to: number;
  /** Offset just past its terminating `;`, or `to` when it has none. */
  end: number;
  /** The text sent to the server: `sql.slice(from, to)`. */
  text: string;
}

/**
 * Splits a worksheet into statements at top-level semicolons. A `;` inside a string, a quoted identifier,
 * a comment or a `{...}` block (MindsDB's `USING key = {...}` JSON values) does not end a statement.
 * Statements that are empty or only comments are dropped.
 */
export function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  let depth = 0;
  let from = -1;
  let to = -1;
  for (const token of tokenize(sql)) {
    if (token.kind === 'space' || token.kind === 'comment') continue;
    if (token.kind === 'punct') {
      if (token.text === ';' && depth === 0) {
        if (from >= 0) statements.push({ from, to, end: token.to, text: sql.slice(from, to) });
        from = -1;
        continue;
      }
      // Only braces nest: an unbalanced `(` while typing must not swallow the rest of the worksheet.
      if (token.text === '{') depth++;
      else if (token.text === '}') depth = Math.max(0, depth - 1);
    }
    if (from < 0) from = token.from;
    to = token.to;
  }
  if (from >= 0) statements.push({ from, to, end: to, text: sql.slice(from, to) });
  return statements;
}

/** Moves statements found in a slice of a document back to document offsets. */
export function shiftStatements(statements: Statement[], offset: number): Statement[] {
  return statements.map((s) => ({ ...s, from: s.from + offset, to: s.to + offset, end: s.end + offset }));
}

function linesBetween(sql: string, a: number, b: number): number {
  let n = 0;
  for (let i = Math.min(a, b); i < Math.max(a, b); i++) if (sql[i] === '\n') n++;
  return n;
}

/**
 * The statement a cursor at `pos` means. Inside a statement (or right after its `;`): that one. Between
 * statements: the nearer one by lines, the previous one on a tie, so that typing `SELECT 1;`, Enter and
 * running still runs what was just written.
 */
export function statementAt(sql: string, statements: Statement[], pos: number): Statement | undefined {
  const inside = statements.find((s) => s.from <= pos && pos < s.end);
  if (inside) return inside;
  const justAfter = statements.find((s) => pos === s.end);
  if (justAfter) return justAfter;
  let previous: Statement | undefined;
  let next: Statement | undefined;
  for (const s of statements) {
    if (s.end <= pos) previous = s;
    else if (!next && s.from > pos) next = s;
  }
  if (!previous || !next) return previous ?? next;
  return linesBetween(sql, next.from, pos) < linesBetween(sql, previous.end, pos) ? next : previous;
}
