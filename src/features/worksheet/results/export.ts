import Papa from 'papaparse';
import { textValue, uniqueNames } from './grid-model';

/**
 * The whole result as CSV: every row in the server's order, whatever the grid's sort and filter, so an
 * export is never silently partial. NULL is an empty field, objects are JSON. Values are written as they are
 * (no formula escaping): the file is data, and altering it would make it disagree with the database.
 */
export function toCsv(names: string[], rows: unknown[][]): string {
  return Papa.unparse(
    { fields: names, data: rows.map((row) => row.map((v) => (typeof v === 'number' ? v : textValue(v)))) },
    { newline: '\r\n' },
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
  const url = URL.createObjectURL(new Blob([text], { type }));
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
