import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../engines/json-values';
import { batchOfColumns, batchOfRows } from '../engines/row-batch';
import { rowObject } from '../engines/row-object';
import { CsvText, JsonText, csvCell } from './export-text';

const COLUMNS = ['id', 'text', 'nested', 'id', '__proto__'];
/** Values CSV quoting and JSON escaping must both get right. */
const ROWS: JsonValue[][] = [
  [1, 'plain', { a: [1, 2] }, 10, 'p'],
  [2, 'a, "quoted" value', null, 20, null],
  [3, 'two\r\nlines', [1, 'x'], 30, true],
  [4, '=SUM(A1)', 'ß ünïcode', 40, -0.5],
  [5, ' padded ', '', 50, false],
];
const columnsOf = (rows: JsonValue[][]) => COLUMNS.map((_, c) => rows.map((row) => row[c]));

/** The text as written before batches: the library over one array per row, one object per JSON line. */
const csvByRow = (rows: JsonValue[][]) =>
  `${Papa.unparse([COLUMNS], { newline: '\r\n' })}\r\n` +
  (rows.length
    ? `${Papa.unparse(
        rows.map((r) => r.map(csvCell)),
        { newline: '\r\n' },
      )}\r\n`
    : '');
const jsonByRow = (rows: JsonValue[][]) =>
  `[${rows.map((r, i) => `${i ? ',' : ''}\n${JSON.stringify(rowObject(COLUMNS, r))}`).join('')}${rows.length ? '\n]\n' : ']\n'}`;

describe('export text', () => {
  it('writes CSV as the library does for rows, across batches of different sizes', () => {
    const text = new CsvText();
    // A long batch, then a short one: the short one must not repeat the long one's rows kept for reuse.
    const out =
      text.start(COLUMNS) +
      text.rows(batchOfColumns(columnsOf(ROWS.slice(0, 4)), 4)) +
      text.rows(batchOfRows(ROWS.slice(4), COLUMNS.length)) +
      text.end();
    expect(out).toBe(csvByRow(ROWS));
    expect(Papa.parse(out, { header: false }).data[2]).toEqual(['2', 'a, "quoted" value', '', '20', '']);
  });

  it('writes JSON lines equal to each row as an object, a repeated name keeping its last value', () => {
    const text = new JsonText();
    const out =
      text.start(COLUMNS) +
      text.rows(batchOfColumns(columnsOf(ROWS.slice(0, 2)), 2)) +
      text.rows(batchOfColumns(columnsOf(ROWS.slice(2)), 3)) +
      text.end();
    expect(out).toBe(jsonByRow(ROWS));
    const parsed = JSON.parse(out) as Record<string, JsonValue>[];
    expect(parsed[0].id).toBe(10);
    expect(Object.keys(parsed[1])).toEqual(['id', 'text', 'nested', '__proto__']);
  });

  it('writes an empty result as its header or an empty array', () => {
    const empty = batchOfRows([], COLUMNS.length);
    const csv = new CsvText();
    expect(csv.start(COLUMNS) + csv.rows(empty) + csv.end()).toBe(csvByRow([]));
    const json = new JsonText();
    expect(json.start(COLUMNS) + json.rows(empty) + json.end()).toBe('[]\n');
  });
});
