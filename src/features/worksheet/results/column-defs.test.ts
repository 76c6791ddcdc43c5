import type { ColDef, ValueGetterParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import {
  buildColumnDefs,
  cellClasses,
  columnIndexOf,
  ROW_NUMBER_COL_ID,
  rowNumberWidth,
  type Row,
} from './column-defs';
import { describeColumns } from './grid-model';

const names = ['id', 'metadata', 'note'];
const rows: Row[] = [
  [1, { author: 'ann' }, null],
  [2, { author: 'bob' }, 'hello'],
];
const defs = buildColumnDefs(describeColumns(names, rows), (r, c) => r === 1 && c === 2);
const [rowNumber, id, metadata, note] = defs as ColDef<Row>[];
const getter = (def: ColDef<Row>, row: Row) =>
  (def.valueGetter as (p: Partial<ValueGetterParams<Row>>) => unknown)({ data: row });
const filterValue = (def: ColDef<Row>, row: Row) =>
  (def.filterValueGetter as (p: Partial<ValueGetterParams<Row>>) => unknown)({ data: row });

describe('buildColumnDefs', () => {
  it('puts the row number first, locked in place, then one column per result column, by index', () => {
    expect(rowNumber).toMatchObject({
      colId: ROW_NUMBER_COL_ID,
      lockPosition: 'left',
      sortable: false,
      filter: false,
    });
    expect(defs.slice(1).map((d) => [d.colId, d.headerName])).toEqual([
      ['c0', 'id'],
      ['c1', 'metadata'],
      ['c2', 'note'],
    ]);
    expect(columnIndexOf('c2')).toBe(2);
    expect(columnIndexOf(ROW_NUMBER_COL_ID)).toBeUndefined();
  });

  it('sizes the row-number column for the largest number, so 100000 is never cut', () => {
    expect(rowNumberWidth(100_000)).toBeGreaterThanOrEqual(6 * 8 + 24);
    expect(rowNumberWidth(100_000)).toBeGreaterThan(rowNumberWidth(999));
    expect(buildColumnDefs([], () => false, 100_000)[0].width).toBe(rowNumberWidth(100_000));
    expect(rowNumberWidth(0)).toBe(56);
  });

  it('reads values straight from the row arrays', () => {
    expect(getter(metadata, rows[1])).toEqual({ author: 'bob' });
    expect(getter(note, rows[0])).toBeNull();
  });

  it('filters numbers as numbers, everything else as text, JSON by its text', () => {
    expect(id.filter).toBe('agNumberColumnFilter');
    expect(metadata.filter).toBe('agTextColumnFilter');
    expect(filterValue(metadata, rows[0])).toBe('{"author":"ann"}');
    expect(filterValue(note, rows[1])).toBe('hello');
  });

  it('shows NULL as a word and objects as JSON', () => {
    const format = (def: ColDef<Row>, value: unknown) =>
      (def.valueFormatter as (p: { value: unknown }) => string)({ value });
    expect(format(note, null)).toBe('NULL');
    expect(format(metadata, { a: 1 })).toBe('{"a":1}');
  });

  it('marks the selected block through the given test', () => {
    const rule = note.cellClassRules!['ks-cell-in-range'] as (p: { rowIndex: number | null }) => boolean;
    expect(rule({ rowIndex: 1 })).toBe(true);
    expect(rule({ rowIndex: 0 })).toBe(false);
  });
});

describe('cellClasses', () => {
  it('aligns numbers right, sets NULL apart, and marks long values for the viewer', () => {
    expect(cellClasses('number', false, 3)).toEqual(['ag-right-aligned-cell']);
    expect(cellClasses('number', false, null)).toEqual(['ag-right-aligned-cell', 'ks-cell-null']);
    expect(cellClasses('json', true, { a: 1 })).toEqual(['ks-cell-long']);
    expect(cellClasses('text', true, null)).toEqual(['ks-cell-null']);
  });
});
