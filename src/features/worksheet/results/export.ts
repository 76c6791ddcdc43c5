import Papa from 'papaparse';
import { textValue, uniqueNames } from './grid-model';

/**
 * Text cells a spreadsheet would run as a formula: those starting with `=`, `+`, `-` or `@`, or with a tab or
 * carriage return (some spreadsheets drop those and read what follows). A plain number written as text, such
 * as `-3` or `-1.5e3`, is left alone: a spreadsheet reads it as the number, not a formula, and quoting it would
 * turn numbers into text. Number cells are never tested (the CSV writer skips them).
 */
export const FORMULA_LIKE = /^(?![-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$)[=+\-@\t\r]/;

/**
 * The whole result as CSV: every row in the server's order, whatever the grid's sort and filter, so an
 * export is never silently partial. NULL is an empty field, objects are JSON. Text that a spreadsheet would
 * run as a formula gets a leading `'` (see FORMULA_LIKE): opening an export must never execute a value that
 * a user of the database stored, and the export menu says so.
 */
export function toCsv(names: string[], rows: unknown[][]): string {
  return Papa.unparse(
    { fields: names, data: rows.map((row) => row.map((v) => (typeof v === 'number' ? v : textValue(v)))) },
    { newline: '\r\n', escapeFormulae: FORMULA_LIKE },
  );
}

/** The whole result as a JSON array of objects; duplicate column names get a suffix so none is lost. */
export function toJson(names: string[], rows: unknown[][]): string {
  const keys = uniqueNames(names);
  const objects = rows.map((row) => Object.fromEntries(keys.map((k, i) => [k, row[i] ?? null])));
  return JSON.stringify(objects, null, 2);
}

/** Saves text as a file through a temporary object URL (no request is made). */
export function downloadText(filename: string, text: string, type: string): void {
  downloadBlob(filename, new Blob([text], { type }));
}

/** Saves a blob as a file through a temporary object URL. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
