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

describe('toCsv formula neutralising', () => {
  const cells = (value: unknown) => Papa.parse<string[]>(toCsv(['v'], [[value]])).data[1]?.[0];

  it.each(['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\r=1', '-', '=-3'])(
    'quotes %j with a leading apostrophe',
    (text) => {
      expect(cells(text)).toBe(`'${text}`);
    },
  );

  it.each(['-3', '-1.5', '+4', '-1e5', 'plain', 'a=b', '', ' =1'])('keeps %j as it is', (text) => {
    expect(cells(text)).toBe(text);
  });

  it('keeps number cells as numbers', () => {
    expect(toCsv(['n'], [[-3], [-0.5]])).toBe('n\r\n-3\r\n-0.5');
  });

  it('neutralises JSON of objects only when it would be a formula (it never is: it starts with { or [)', () => {
    expect(cells({ a: '=1' })).toBe('{"a":"=1"}');
  });
});
