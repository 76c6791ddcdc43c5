import type { JsonValue } from '../../engines/duckdb';
import { literal } from '../jobs/last';

/**
 * Rows as a SELECT of constants (`SELECT * FROM (VALUES ...) AS listing(columns)`), so that a listing, or the
 * answer of a knowledge base, can stand in a query for a table and take any WHERE, JOIN or aggregate. Values
 * that are not numbers become text (objects as JSON).
 */
export function rowsQuery(columns: readonly string[], rows: JsonValue[][]): string {
  const names = columns.map((c) => `\`${c.replace(/`/g, '``')}\``);
  if (rows.length === 0)
    return `SELECT ${names.map((c) => `CAST(NULL AS VARCHAR) AS ${c}`).join(', ')} LIMIT 0`;
  const values = rows.map((row) => `(${row.map((v) => (v === null ? 'NULL' : literal(v))).join(', ')})`);
  return `SELECT * FROM (VALUES ${values.join(', ')}) AS listing(${names.join(', ')})`;
}
