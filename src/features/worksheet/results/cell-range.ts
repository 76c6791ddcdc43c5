import { textValue } from './grid-model';

/** A cell by its displayed position: row index after sort and filter, column index in display order. */
export interface CellPos {
  row: number;
  col: number;
}

/** A block of cells between where the selection started (anchor) and where it is now (focus). */
export interface CellRange {
  anchor: CellPos;
  focus: CellPos;
}

export interface Bounds {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export function boundsOf({ anchor, focus }: CellRange): Bounds {
  return {
    top: Math.min(anchor.row, focus.row),
    bottom: Math.max(anchor.row, focus.row),
    left: Math.min(anchor.col, focus.col),
    right: Math.max(anchor.col, focus.col),
  };
}

export const contains = (b: Bounds, row: number, col: number): boolean =>
  row >= b.top && row <= b.bottom && col >= b.left && col <= b.right;

export const cellCount = (b: Bounds): number => (b.bottom - b.top + 1) * (b.right - b.left + 1);

/** Reads the cells inside `b` through `cell(row, col)`, row by row. */
export function extract(b: Bounds, cell: (row: number, col: number) => unknown): unknown[][] {
  const out: unknown[][] = [];
  for (let r = b.top; r <= b.bottom; r++) {
    const line: unknown[] = [];
    for (let c = b.left; c <= b.right; c++) line.push(cell(r, c));
    out.push(line);
  }
  return out;
}

/**
 * Quotes a field the way spreadsheets read pasted text: only a field holding a tab or a line break, or one
 * that starts with a quote, needs quoting; a quote inside (as in JSON) is fine as it is.
 */
function tsvField(value: unknown): string {
  const text = textValue(value);
  return /[\t\r\n]/.test(text) || text.startsWith('"') ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cells as tab-separated text, which pastes into spreadsheets as a block; headers first when given. */
export function toTsv(matrix: unknown[][], headers?: string[]): string {
  const lines = headers ? [headers, ...matrix] : matrix;
  return lines.map((line) => line.map(tsvField).join('\t')).join('\n');
}
