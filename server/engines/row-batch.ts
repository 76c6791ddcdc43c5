import type { JsonValue } from './json-values';

/**
 * Rows handed to a streaming reader (an export) a batch at a time, read a value at a time. The engine's
 * chunks give their values a column at a time, and a batch of them is kept that way: an export of millions of
 * rows then makes no array per row. Those arrays were the export's memory problem: they lived while the
 * batch was written, V8 saw them survive and began allocating them straight in the old generation, and a
 * 2,000,000-row export left ~110 MB of them there before a full collection (`bench/export-rss.ts`).
 */
export interface RowBatch {
  readonly rowCount: number;
  readonly columnCount: number;
  value(row: number, column: number): JsonValue;
}

/** A batch over values kept column by column (`columns[c][r]`), as read from the engine's chunks. */
export function batchOfColumns(columns: readonly (readonly JsonValue[])[], rowCount: number): RowBatch {
  return { rowCount, columnCount: columns.length, value: (row, column) => columns[column][row] };
}

/** A batch over rows already made (a source's page, a routed answer): nothing is copied. */
export function batchOfRows(rows: readonly (readonly JsonValue[])[], columnCount: number): RowBatch {
  return { rowCount: rows.length, columnCount, value: (row, column) => rows[row][column] };
}
