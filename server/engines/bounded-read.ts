import type { DuckDBConnection, DuckDBDataChunk } from '@duckdb/node-api';
import { chunkRows, valueReaderFor } from './chunk-values';
import type { JsonValue } from './json-values';
import { QueryFailedMidwayError } from './query-errors';

export interface BoundedResult {
  columnNames: string[];
  columnTypes: string[];
  rows: JsonValue[][];
  /** Why rows were left unread: more than `maxRows` rows, or more than `maxBytes` of values. */
  truncated: false | 'rows' | 'bytes';
}

/**
 * About how many bytes `value` takes in a JSON answer. Cheaper than serialising, and safe for a value too
 * large to serialise at all.
 */
export function jsonSize(value: JsonValue): number {
  if (value === null) return 4;
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number' || typeof value === 'boolean') return 8;
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + jsonSize(v) + 1, 2);
  return Object.entries(value).reduce<number>((n, [k, v]) => n + k.length + 4 + jsonSize(v), 2);
}

/**
 * Streams the result of `sql` one chunk (about 2,048 rows) at a time, converts it a column at a time, and stops
 * as soon as there are more than `maxRows` rows (keeping the first `maxRows`) or more than `maxBytes` of values.
 * A result of sixty 10 MB strings is stopped at the value that crosses the bound, instead of filling the memory
 * and failing to serialise. The engine drops the unread rest when the connection runs its next statement.
 */
export async function readBounded(
  connection: DuckDBConnection,
  sql: string,
  { maxRows, maxBytes }: { maxRows: number; maxBytes: number },
): Promise<BoundedResult> {
  const result = await connection.stream(sql);
  const streaming = result.isStreaming;
  const types = result.columnTypes();
  const readers = types.map(valueReaderFor);
  const answer: BoundedResult = {
    columnNames: result.columnNames(),
    columnTypes: types.map((t) => t.toString()),
    rows: [],
    truncated: false,
  };
  let bytes = 0;
  const withinBytes = (value: JsonValue) => (bytes += jsonSize(value)) <= maxBytes;
  for (
    let chunk = await result.fetchChunk();
    chunk && chunk.rowCount > 0;
    chunk = await result.fetchChunk()
  ) {
    try {
      // Rows past `maxRows` are never read; the first `maxRows` are kept, for a client that asked for them.
      const take = Math.min(chunk.rowCount, maxRows - answer.rows.length);
      // Value by value against the bound, not the whole chunk first: sixty rows of 10 MB come in one chunk.
      const rows = chunkRows(chunk, readers, take, withinBytes);
      if (!rows) return { ...answer, rows: [], truncated: 'bytes' };
      for (const row of rows) answer.rows.push(row);
      if (take < chunk.rowCount) return { ...answer, truncated: 'rows' };
    } finally {
      releaseChunk(chunk);
    }
  }
  failedMidway(streaming, result, answer.rows.length);
  return answer;
}

/**
 * Frees the engine's memory behind a chunk whose values have been copied out (JSON values are copies). The
 * chunk's JS object is small, so V8 feels no hurry to collect it, and until it does, the chunk keeps the
 * engine's buffers: sixty 10 MB strings kept 600 MB resident after the query was long refused. Reset, the
 * buffers go back to the engine's allocator, which returns them to the system within seconds.
 */
export function releaseChunk(chunk: DuckDBDataChunk): void {
  chunk.reset();
}

/**
 * Throws when a stream ended because its statement failed or was interrupted: the engine then stops calling the
 * result a stream (see QueryFailedMidwayError).
 */
export function failedMidway(
  wasStreaming: boolean,
  result: { isStreaming: boolean },
  rowsRead: number,
): void {
  if (wasStreaming && !result.isStreaming) throw new QueryFailedMidwayError(rowsRead);
}
