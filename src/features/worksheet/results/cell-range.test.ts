import { describe, expect, it } from 'vitest';
import { boundsOf, cellCount, contains, extract, toTsv } from './cell-range';

describe('cell ranges', () => {
  const range = { anchor: { row: 5, col: 2 }, focus: { row: 3, col: 0 } };

  it('normalises a range selected upwards and leftwards', () => {
    expect(boundsOf(range)).toEqual({ top: 3, bottom: 5, left: 0, right: 2 });
    expect(cellCount(boundsOf(range))).toBe(9);
  });

  it('knows which cells it contains', () => {
    const b = boundsOf(range);
    expect(contains(b, 4, 1)).toBe(true);
    expect(contains(b, 6, 1)).toBe(false);
    expect(contains(b, 4, 3)).toBe(false);
  });

  it('extracts cells row by row', () => {
    const grid = [
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ];
    expect(extract({ top: 0, bottom: 1, left: 1, right: 2 }, (r, c) => grid[r][c])).toEqual([
      ['b', 'c'],
      ['e', 'f'],
    ]);
  });
});

describe('toTsv', () => {
  it('joins with tabs and newlines, NULL empty, objects as JSON', () => {
    expect(toTsv([[1, null, { a: 1 }]], ['x', 'y', 'z'])).toBe('x\ty\tz\n1\t\t{"a":1}');
  });

  it('quotes fields holding tabs or newlines, or starting with a quote', () => {
    expect(toTsv([['a\tb', 'line\nbreak', '"hi" she said', 'say "hi"']])).toBe(
      '"a\tb"\t"line\nbreak"\t"""hi"" she said"\tsay "hi"',
    );
  });
});
