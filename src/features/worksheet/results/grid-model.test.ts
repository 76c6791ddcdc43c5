import { describe, expect, it } from 'vitest';
import {
  compareValues,
  describeColumns,
  displayValue,
  parseJsonText,
  sampleRows,
  textValue,
  uniqueNames,
} from './grid-model';

describe('describeColumns', () => {
  const kbRows = [
    ['A1', 'A1:content:1of1:0to20', 'Request color: black', { start_char: 0, author: 'ann' }, 0.9, null],
    ['B2', 'B2:content:1of1:0to5', 'x'.repeat(200), { start_char: 0 }, 0.5, 0.1],
  ];
  const names = ['id', 'chunk_id', 'chunk_content', 'metadata', 'distance', 'relevance'];

  it('infers kinds from the values, ignoring NULLs', () => {
    const kinds = describeColumns(names, kbRows).map((c) => c.kind);
    expect(kinds).toEqual(['text', 'text', 'text', 'json', 'number', 'number']);
  });

  it('marks JSON and long text for the viewer', () => {
    const cols = describeColumns(names, kbRows);
    expect(cols.filter((c) => c.long).map((c) => c.name)).toEqual(['chunk_content', 'metadata']);
  });

  it('treats mixed and all-NULL columns as text, and booleans as booleans', () => {
    const cols = describeColumns(
      ['mixed', 'nulls', 'flag'],
      [
        [1, null, true],
        ['a', null, false],
      ],
    );
    expect(cols.map((c) => c.kind)).toEqual(['text', 'text', 'boolean']);
  });

  it('keeps the column order and index, duplicates included', () => {
    const cols = describeColumns(['a', 'a'], [[1, 2]]);
    expect(cols.map((c) => [c.index, c.name])).toEqual([
      [0, 'a'],
      [1, 'a'],
    ]);
  });

  it('gives wider columns to longer values, within bounds', () => {
    const [narrow, wide, huge] = describeColumns(['n', 'w', 'h'], [[1, 'a'.repeat(30), 'b'.repeat(5000)]]);
    expect(narrow.width).toBeGreaterThanOrEqual(72);
    expect(wide.width).toBeGreaterThan(narrow.width);
    expect(huge.width).toBeLessThanOrEqual(420);
  });
});

describe('sampleRows', () => {
  it('spreads the sample over the whole result', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [i]);
    const sample = sampleRows(rows);
    expect(sample.length).toBe(400);
    expect(sample[sample.length - 1][0]).toBeGreaterThan(9_900);
  });
});

describe('displayValue', () => {
  it('spells NULL and shows objects as compact JSON on one line', () => {
    expect(displayValue(null)).toBe('NULL');
    expect(displayValue({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    expect(displayValue('line 1\nline 2')).toBe('line 1 ↵ line 2');
    expect(displayValue(false)).toBe('false');
    expect(displayValue(0)).toBe('0');
  });

  it('truncates very long values for display only', () => {
    expect(displayValue('y'.repeat(1000))).toHaveLength(401);
    expect(textValue('y'.repeat(1000))).toHaveLength(1000);
  });

  it('tells the string "NULL" and NULL apart in copied text', () => {
    expect(textValue(null)).toBe('');
    expect(textValue('NULL')).toBe('NULL');
  });
});

describe('compareValues', () => {
  it('puts NULLs first, numbers by value, text by text', () => {
    const values = [10, null, 9, 100];
    expect([...values].sort(compareValues)).toEqual([null, 9, 10, 100]);
    expect(['b', null, 'a'].sort(compareValues)).toEqual([null, 'a', 'b']);
    expect(compareValues({ a: 1 }, { a: 2 })).toBeLessThan(0);
  });
});

describe('uniqueNames', () => {
  it('suffixes duplicates without colliding with real names', () => {
    expect(uniqueNames(['id', 'id', 'x'])).toEqual(['id', 'id_2', 'x']);
    expect(uniqueNames(['id', 'id', 'id_2'])).toEqual(['id', 'id_2_', 'id_2']);
  });
});

describe('parseJsonText', () => {
  it('parses JSON objects and arrays held in strings, and nothing else', () => {
    expect(parseJsonText(' {"a": 1} ')).toEqual({ a: 1 });
    expect(parseJsonText('[1]')).toEqual([1]);
    expect(parseJsonText('{not json}')).toBeUndefined();
    expect(parseJsonText('42')).toBeUndefined();
  });
});
