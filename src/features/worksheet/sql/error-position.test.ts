import { describe, expect, it } from 'vitest';
import { errorRange, offsetOfPosition, positionOfOffset } from './error-position';

describe('offsetOfPosition', () => {
  const text = 'SELECT *\nFRM t\nWHERE x';

  it('turns a 1-based line and column into an offset', () => {
    expect(offsetOfPosition(text, { line: 1, column: 1 })).toBe(0);
    expect(offsetOfPosition(text, { line: 2, column: 1 })).toBe(9);
    expect(text.slice(offsetOfPosition(text, { line: 3, column: 7 }))).toBe('x');
  });

  it('clamps positions outside the text', () => {
    expect(offsetOfPosition(text, { line: 9, column: 1 })).toBe(text.length);
    expect(offsetOfPosition(text, { line: 2, column: 99 })).toBe(14);
    expect(offsetOfPosition(text, { line: 0, column: 0 })).toBe(0);
  });
});

describe('errorRange', () => {
  it('covers the token at the offset', () => {
    expect(errorRange('SELECT * FRM t', 9)).toEqual({ from: 9, to: 12 });
    expect(errorRange("SELECT 'abc' x", 7)).toEqual({ from: 7, to: 12 });
  });

  it('covers one character in blank space or at the end', () => {
    expect(errorRange('SELECT  1', 6)).toEqual({ from: 6, to: 7 });
    expect(errorRange('SELECT', 6)).toEqual({ from: 5, to: 6 });
    expect(errorRange('', 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('positionOfOffset', () => {
  it('is the inverse of offsetOfPosition inside the text', () => {
    const text = 'a\nbc\n\ndef';
    for (let i = 0; i <= text.length; i++) {
      expect(offsetOfPosition(text, positionOfOffset(text, i))).toBe(i);
    }
  });
});
