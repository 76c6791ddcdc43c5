import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv, toJson } from './export';

const names = ['id', 'note', 'metadata', 'id'];
const rows = [
  [1, 'plain', { a: 1 }, 10],
  [2, 'comma, "quote"\nnewline', null, 20],
];

describe('toCsv', () => {
  it('writes a header and every row, quoting where needed', () => {
    const csv = toCsv(names, rows);
    expect(csv.split('\r\n')[0]).toBe('id,note,metadata,id');
    expect(csv).toContain('"comma, ""quote""\nnewline"');
  });

  it('round-trips through a CSV parser: NULL empty, objects as JSON', () => {
    const parsed = Papa.parse<string[]>(toCsv(names, rows)).data;
    expect(parsed).toEqual([
      ['id', 'note', 'metadata', 'id'],
      ['1', 'plain', '{"a":1}', '10'],
      ['2', 'comma, "quote"\nnewline', '', '20'],
    ]);
  });
});

describe('toJson', () => {
  it('writes objects keyed by column, keeping NULLs and nested values', () => {
    expect(JSON.parse(toJson(names, rows))).toEqual([
      { id: 1, note: 'plain', metadata: { a: 1 }, id_2: 10 },
      { id: 2, note: 'comma, "quote"\nnewline', metadata: null, id_2: 20 },
    ]);
  });
});
