import Papa from 'papaparse';

/**
 * How an agent's tool tells the model what it found (api.md): an `Output columns: 'a', 'b'` line, then the rows
 * as CSV with a header row. The server's tools write it (formatRows); the offline model reads it back
 * (parseRows) and so does the console, to show a tool's rows (parseTableObservation). MindsDB's agents write
 * the same line without always repeating the header, so the reader takes both.
 */

const HEADER = /^\s*Output columns:\s*(.*)$/i;

const unquote = (name: string) => name.trim().replace(/^(['"`])(.*)\1$/, '$2');

export const outputColumnsLine = (columns: readonly string[]) =>
  `Output columns: ${columns.map((c) => `'${c}'`).join(', ')}`;

/** The observation of rows: objects are written as JSON, null as an empty cell. */
export function formatRows(columns: readonly string[], rows: readonly unknown[][]): string {
  const cells = rows.map((row) =>
    row.map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v)),
  );
  const csv = Papa.unparse({ fields: [...columns], data: cells }, { newline: '\n' });
  return `${outputColumnsLine(columns)}\n${csv}`;
}

export interface ObservedTable {
  header: string[];
  rows: string[][];
  /** Whether the text announced itself with an `Output columns:` line. */
  announced: boolean;
}

/**
 * Splits an observation into its column names and CSV rows; the CSV may or may not repeat the names.
 * `headerHas` recognises a header row where the text does not announce its columns.
 */
export function readObservation(text: string, headerHas: (row: string[]) => boolean): ObservedTable | null {
  const newline = text.indexOf('\n');
  const first = newline === -1 ? text : text.slice(0, newline);
  const announced = HEADER.exec(first);
  const names = announced ? announced[1].split(',').map(unquote).filter(Boolean) : [];
  const csv = announced ? (newline === -1 ? '' : text.slice(newline + 1)) : text;
  const { data } = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true });
  if (data.length === 0) return announced ? { header: names, rows: [], announced: true } : null;
  const hasHeaderRow = headerHas(data[0]) || (names.length > 0 && names.every((n, i) => data[0][i] === n));
  const header = hasHeaderRow ? data[0] : names;
  return header.length ? { header, rows: hasHeaderRow ? data.slice(1) : data, announced: !!announced } : null;
}

/** The columns and rows of an announced observation, or null when the text is not one (an error, say). */
export function parseTableObservation(text: string): { columns: string[]; rows: string[][] } | null {
  const table = readObservation(text, () => false);
  return table?.announced ? { columns: table.header, rows: table.rows } : null;
}

/** An announced observation's rows as records (column name to cell text), or null when the text is not one. */
export function parseRows(observation: string): Record<string, string>[] | null {
  const table = parseTableObservation(observation);
  if (!table) return null;
  return table.rows.map((row) => Object.fromEntries(table.columns.map((name, i) => [name, row[i] ?? ''])));
}
