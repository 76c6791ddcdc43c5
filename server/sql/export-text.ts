import Papa from 'papaparse';
import type { JsonValue } from '../engines/json-values';
import type { RowBatch } from '../engines/row-batch';

/** Text a spreadsheet would run as a formula gets a leading `'`, as in the console's exports. */
const FORMULA_LIKE = /^(?![-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$)[=+\-@\t\r]/;

/** One value as a CSV cell before quoting: NULL empty, JSON for nested values, formulas defused. */
export const csvCell = (value: JsonValue): string | number =>
  value === null
    ? ''
    : typeof value === 'number'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : typeof value === 'string' && FORMULA_LIKE.test(value)
          ? `'${value}`
          : String(value);

/** How an export's text is made: its start, each batch of rows, its end. */
export interface ExportText {
  start(columns: readonly string[]): string;
  rows(batch: RowBatch): string;
  end(): string;
}

/**
 * CSV (RFC 4180, CRLF), quoted by the CSV library. Its input is an array per row, so the same arrays are
 * filled again for every batch: an export of millions of rows makes one batch's worth of them, not one per
 * row (see engines/row-batch.ts for why that matters).
 */
export class CsvText implements ExportText {
  private readonly cells: (string | number)[][] = [];

  start(columns: readonly string[]): string {
    return `${Papa.unparse([columns as string[]], { newline: '\r\n' })}\r\n`;
  }

  rows(batch: RowBatch): string {
    if (!batch.rowCount) return '';
    while (this.cells.length < batch.rowCount) this.cells.push([]);
    for (let r = 0; r < batch.rowCount; r++) {
      const row = this.cells[r];
      row.length = batch.columnCount;
      for (let c = 0; c < batch.columnCount; c++) row[c] = csvCell(batch.value(r, c));
    }
    const rows = batch.rowCount === this.cells.length ? this.cells : this.cells.slice(0, batch.rowCount);
    return `${Papa.unparse(rows, { newline: '\r\n' })}\r\n`;
  }

  end(): string {
    return '';
  }
}

/**
 * A JSON array of objects keyed by column name, one per line, written without an object per row. Each line
 * is what `JSON.stringify` gives for the row as an object: a name given twice is one key, at its first place,
 * holding the last value (as assigning the values in order would leave it).
 */
export class JsonText implements ExportText {
  private keys: { json: string; column: number }[] = [];
  private written = 0;

  start(columns: readonly string[]): string {
    const first = new Map<string, number>();
    for (let c = 0; c < columns.length; c++) {
      const at = first.get(columns[c]);
      if (at === undefined) {
        first.set(columns[c], this.keys.length);
        this.keys.push({ json: JSON.stringify(columns[c]), column: c });
      } else this.keys[at].column = c;
    }
    return '[';
  }

  rows(batch: RowBatch): string {
    let text = '';
    for (let r = 0; r < batch.rowCount; r++) {
      text += this.written++ ? ',\n{' : '\n{';
      let first = true;
      for (const key of this.keys) {
        const value = batch.value(r, key.column);
        // As in an object: a key without a value is left out.
        if (value === undefined) continue;
        text += `${first ? '' : ','}${key.json}:${JSON.stringify(value)}`;
        first = false;
      }
      text += '}';
    }
    return text;
  }

  end(): string {
    return this.written ? '\n]\n' : ']\n';
  }
}
