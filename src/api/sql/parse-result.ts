import { sqlResultSchema, sqlTableResultSchema, type SqlResult } from '../../../protocol/api/sql';
import { ApiError } from '../client';

const shapeError = (detail: string) => new ApiError(200, { title: 'Unexpected response shape', detail });

/**
 * Reads a `/api/sql/query` answer. A table's rows are checked with a plain loop (each row an array) while the
 * rest goes through the schema: walking a million cells through the schema would cost as much as parsing the
 * JSON itself, and a cell may hold any JSON value anyway.
 */
export function parseSqlResult(json: unknown): SqlResult {
  if (json && typeof json === 'object' && (json as { type?: unknown }).type === 'table') {
    const { data, ...envelope } = json as { data?: unknown };
    if (!Array.isArray(data)) throw shapeError('data: expected an array of rows');
    for (let i = 0; i < data.length; i++) {
      if (!Array.isArray(data[i])) throw shapeError(`data[${i}]: expected an array`);
    }
    const parsed = sqlTableResultSchema.safeParse({ ...envelope, data: [] });
    if (!parsed.success) throw shapeError(parsed.error.message);
    return { ...parsed.data, data: data as unknown[][] };
  }
  const parsed = sqlResultSchema.safeParse(json);
  if (!parsed.success) throw shapeError(parsed.error.message);
  return parsed.data;
}
