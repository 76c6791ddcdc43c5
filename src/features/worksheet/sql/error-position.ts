import type { ErrorPosition } from '../../../../protocol/api/sql';
import { tokenize } from '../../../lib/sql/lexer';

/**
 * Offset in `text` of a server `error_position`: 1-based line and column within the statement that was sent.
 * Out-of-range values are clamped, so a position past the end (an unexpected end of input) lands at the end.
 */
export function offsetOfPosition(text: string, { line, column }: ErrorPosition): number {
  let offset = 0;
  for (let l = 1; l < Math.max(1, line); l++) {
    const nl = text.indexOf('\n', offset);
    if (nl === -1) return text.length;
    offset = nl + 1;
  }
  const lineEnd = text.indexOf('\n', offset);
  const lineLength = (lineEnd === -1 ? text.length : lineEnd) - offset;
  return offset + Math.min(Math.max(0, column - 1), lineLength);
}

/** The range to underline for an error at `offset`: the token there, or one character at the end. */
export function errorRange(text: string, offset: number): { from: number; to: number } {
  if (text.length === 0) return { from: 0, to: 0 };
  if (offset >= text.length) return { from: text.length - 1, to: text.length };
  const token = tokenize(text).find((t) => t.from <= offset && offset < t.to);
  if (!token || token.kind === 'space') return { from: offset, to: offset + 1 };
  return { from: offset, to: token.to };
}

/** 1-based line and column of an offset, for telling the user where the mark is. */
export function positionOfOffset(text: string, offset: number): ErrorPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
