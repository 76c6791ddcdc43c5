import type { ColDef, ValueFormatterParams, ValueGetterParams } from 'ag-grid-community';
import { compareValues, displayValue, type GridColumn } from './grid-model';

/** A result row as the server sent it: one array per row, read by index, never copied. */
export type Row = unknown[];

export const ROW_NUMBER_COL_ID = 'row-number';

/** Whether the cell at a displayed row and data column lies in the selected block. */
export type InRange = (rowIndex: number, column: number) => boolean;

const formatValue = (p: ValueFormatterParams<Row>) => displayValue(p.value);

/** JSON values are filtered and searched by their text, so `"author":"ann"` finds them. */
const asSearchText = (value: unknown) =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : value;

const colIdOf = (index: number) => `c${index}`;

export function cellClasses(kind: GridColumn['kind'], long: boolean, value: unknown): string[] {
  const classes: string[] = [];
  if (kind === 'number') classes.push('ag-right-aligned-cell');
  if (value === null || value === undefined) classes.push('ks-cell-null');
  else if (long) classes.push('ks-cell-long');
  return classes;
}

/** Data column index of a grid column id, or undefined for the row-number column. */
export function columnIndexOf(colId: string): number | undefined {
  return /^c\d+$/.test(colId) ? Number(colId.slice(1)) : undefined;
}

function dataColumn(col: GridColumn, inRange: InRange): ColDef<Row> {
  const { index, kind } = col;
  return {
    colId: colIdOf(index),
    headerName: col.name,
    valueGetter: (p: ValueGetterParams<Row>) => p.data?.[index],
    valueFormatter: formatValue,
    comparator: compareValues,
    filter: kind === 'number' ? 'agNumberColumnFilter' : 'agTextColumnFilter',
    filterValueGetter: (p: ValueGetterParams<Row>) => asSearchText(p.data?.[index]),
    getQuickFilterText: (p) => String(asSearchText(p.value) ?? ''),
    width: col.width,
    type: kind === 'number' ? 'rightAligned' : undefined,
    // Fixed per cell (rows never change), so computed once when the cell is drawn, not toggled on refresh.
    // It replaces the class the right-aligned type would give, so numbers name it themselves.
    cellClass: (p) => cellClasses(kind, col.long, p.value),
    cellClassRules: { 'ks-cell-in-range': (p) => p.rowIndex !== null && inRange(p.rowIndex, index) },
  };
}

/**
 * Row numbers, always the first column: they follow sort and filter, and clicking one selects the whole row
 * (shift-click another to select the rows between), the grid's way to pick full rows for copying.
 * Not pinned: a pinned column gives every row a sticky part of its own, which tripled the browser's style
 * work per row and made a fast scroll drop frames (see `npm run bench:grid`).
 */
function rowNumberColumn(rowCount: number): ColDef<Row> {
  return {
    colId: ROW_NUMBER_COL_ID,
    headerName: '#',
    valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1,
    width: rowNumberWidth(rowCount),
    lockPosition: 'left',
    sortable: false,
    filter: false,
    resizable: false,
    suppressMovable: true,
    cellClass: 'ks-cell-row-number',
    getQuickFilterText: () => '',
  };
}

/** Pixels per digit of the grid's numbers (tabular figures at its font size) and the cell's padding. */
const DIGIT_PX = 8;
const CELL_PADDING_PX = 30;

/** Wide enough for the largest row number in full: 100000 must never be cut to "1000...". */
export function rowNumberWidth(rowCount: number): number {
  const digits = String(Math.max(1, rowCount)).length;
  return Math.max(56, digits * DIGIT_PX + CELL_PADDING_PX);
}

export function buildColumnDefs(columns: GridColumn[], inRange: InRange, rowCount = 0): ColDef<Row>[] {
  return [rowNumberColumn(rowCount), ...columns.map((c) => dataColumn(c, inRange))];
}

export const defaultColDef: ColDef<Row> = {
  sortable: true,
  resizable: true,
  filter: true,
  minWidth: 56,
  suppressHeaderMenuButton: false,
};
