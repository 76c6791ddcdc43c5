/**
 * How a `table` result maps onto the grid, kept free of the grid library so it can be tested alone.
 * Rows stay the server's arrays: copying 100k rows into objects would cost time for nothing.
 */

export type ColumnKind = 'number' | 'boolean' | 'json' | 'text';

export interface GridColumn {
  index: number;
  name: string;
  kind: ColumnKind;
  /** Values too long or too structured for a cell (KB `metadata`, `chunk_content`): offer the viewer. */
  long: boolean;
  /** Initial width in pixels, from the header and a sample of values. */
  width: number;
}

const SAMPLE_SIZE = 400;
const LONG_TEXT = 60;
const CHAR_PX = 7.4;
const CELL_PADDING_PX = 30;
/** Widest average letter of a header name (bold, larger than the cells' monospace). */
const HEADER_CHAR_PX = 9.6;
/** Room in a header beside the name: its padding, the filter icon and the sort arrow once it is sorted. */
const HEADER_ICONS_PX = 68;

/** Up to SAMPLE_SIZE rows spread over the whole result, so a late change of shape is still seen. */
export function sampleRows(rows: unknown[][]): unknown[][] {
  if (rows.length <= SAMPLE_SIZE) return rows;
  const step = rows.length / SAMPLE_SIZE;
  return Array.from({ length: SAMPLE_SIZE }, (_, i) => rows[Math.floor(i * step)]);
}

function kindOf(values: unknown[]): ColumnKind {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return 'text';
  if (present.some((v) => typeof v === 'object')) return 'json';
  if (present.every((v) => typeof v === 'number')) return 'number';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  return 'text';
}

function isLong(kind: ColumnKind, values: unknown[]): boolean {
  if (kind === 'json') return true;
  return values.some((v) => typeof v === 'string' && (v.length > LONG_TEXT || v.includes('\n')));
}

/** How wide a header name is drawn, in pixels; null to estimate it from its length. */
export type MeasureText = (text: string) => number | null;

function widthFor(name: string, values: unknown[], measure: MeasureText): number {
  const longest = values.reduce<number>((max, v) => Math.max(max, displayValue(v).length), 0);
  const header = (measure(name) ?? name.length * HEADER_CHAR_PX) + HEADER_ICONS_PX;
  const cells = Math.min(longest, 48) * CHAR_PX + CELL_PADDING_PX;
  return Math.round(Math.min(420, Math.max(72, header, cells)));
}

export function describeColumns(
  names: string[],
  rows: unknown[][],
  measure: MeasureText = () => null,
): GridColumn[] {
  const sample = sampleRows(rows);
  return names.map((name, index) => {
    const values = sample.map((row) => row[index]);
    const kind = kindOf(values);
    return { index, name, kind, long: isLong(kind, values), width: widthFor(name, values, measure) };
  });
}

const DISPLAY_LIMIT = 400;

/** What a cell shows: one line, NULL spelled out (styled apart by the grid), objects as compact JSON. */
export function displayValue(value: unknown): string {
  if (value === null) return 'NULL';
  if (value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const oneLine = text.length > DISPLAY_LIMIT ? `${text.slice(0, DISPLAY_LIMIT)}…` : text;
  return oneLine.replace(/\r?\n/g, ' ↵ ');
}

/** A cell as plain text for copying and CSV: NULL is empty, objects are JSON, nothing is truncated. */
export function textValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Sort order: NULLs first, numbers by value, everything else by its text. */
export function compareValues(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const as = textValue(a);
  const bs = textValue(b);
  return as < bs ? -1 : as > bs ? 1 : 0;
}

/** Column names made unique (`id`, `id_2`), so rows can become JSON objects without losing a column. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    let candidate = count === 1 ? name : `${name}_${count}`;
    while (count > 1 && names.includes(candidate)) candidate = `${candidate}_`;
    return candidate;
  });
}

/** A string that holds JSON (some servers send KB metadata as text): parsed, else undefined. */
export function parseJsonText(value: string): unknown {
  const t = value.trim();
  if (!(t.startsWith('{') && t.endsWith('}')) && !(t.startsWith('[') && t.endsWith(']'))) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}
