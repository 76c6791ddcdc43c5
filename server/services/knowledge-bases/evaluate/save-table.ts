import type { DuckDb, JsonValue, SqlParam } from '../../../engines/duckdb';
import { ValidationError } from '../../../errors';
import type { FileService } from '../../files';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The file table a `files.<name>` parameter names; other data sources cannot be written. */
export function fileTableName(value: string, parameter: string): string {
  const parts = value.split('.');
  if (parts.length !== 2 || parts[0] !== 'files') {
    throw new ValidationError(
      `${parameter} must name a file table, files.<name> (got '${value}'): only file tables can be written`,
      parameter,
    );
  }
  return parts[1];
}

function typeOf(values: JsonValue[]): string {
  const present = values.filter((v) => v !== null);
  if (present.length && present.every((v) => typeof v === 'boolean')) return 'BOOLEAN';
  if (present.length && present.every((v) => typeof v === 'number' && Number.isInteger(v))) return 'BIGINT';
  if (present.length && present.every((v) => typeof v === 'number')) return 'DOUBLE';
  return 'VARCHAR';
}

const param = (v: JsonValue): SqlParam =>
  v === null || typeof v !== 'object' ? (v as SqlParam) : JSON.stringify(v);

/**
 * Writes rows into `files.<name>`: a new table (or a replaced one, with `replace`), or rows added to an
 * existing table by column name, as MindsDB's save_to adds its scores to a table that already holds some.
 */
export async function writeFileRows(
  data: DuckDb,
  files: FileService,
  name: string,
  columns: string[],
  rows: JsonValue[][],
  { replace = false } = {},
): Promise<void> {
  files.validateName(name);
  const table = `files.${quote(name)}`;
  const types = columns.map((_, i) => typeOf(rows.map((r) => r[i])));
  const exists = await files.exists(name);
  const casts = columns.map((c, i) => `CAST(? AS ${types[i]}) AS ${quote(c)}`).join(', ');
  const batch = Math.max(1, Math.floor(2_000 / Math.max(1, columns.length)));
  try {
    await data.transaction(async (tx) => {
      if (replace || !exists) {
        const definition = columns.map((c, i) => `${quote(c)} ${types[i]}`).join(', ');
        await tx.run(`CREATE OR REPLACE TABLE ${table} (${definition})`);
      }
      for (let start = 0; start < rows.length; start += batch) {
        const slice = rows.slice(start, start + batch);
        const selects = slice.map(() => `SELECT ${casts}`).join(' UNION ALL ');
        await tx.run(`INSERT INTO ${table} BY NAME ${selects}`, slice.flat().map(param));
      }
    });
  } catch (err) {
    const first = String((err as Error).message ?? err).split('\n')[0];
    throw new ValidationError(`Could not write files.${name}: ${first}`, 'save_to');
  }
}
