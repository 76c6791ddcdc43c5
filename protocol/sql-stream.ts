import type { SqlResult } from './api/sql';
import { encodeSseEvent, parseSse } from './sse';

/**
 * The framing of `POST /api/sql/query` with `response_format` `jsonlines` or `sse`, as MindsDB frames them
 * (`SQLAnswer.stream_http_response_jsonlines` / `_sse`): a table result is a header piece
 * `{"type": "table", "column_names": [...]}` and then pieces that are each a batch of rows (a JSON array of
 * row arrays); an `ok` or `error` result is one piece, the whole result. `jsonlines` writes each piece as a
 * line of JSON (`application/jsonlines`); `sse` writes each as a `data:` event (`text/event-stream`). One home
 * for both sides: the server writes with `sqlResultPieces` and an encoder, a reader puts the pieces back
 * together with `sqlResultFromPieces`.
 */

/** Rows per batch piece. MindsDB sends a held result as one batch; any split reads back the same. */
export const SQL_STREAM_BATCH_ROWS = 1000;

export const SQL_JSONLINES_TYPE = 'application/jsonlines';
export const SQL_SSE_TYPE = 'text/event-stream';

/** The first piece of a table result. It carries no context (MindsDB's does not). */
export interface SqlStreamHeader {
  type: 'table';
  column_names: string[];
}

/** What is streamed: a table's columns and rows, or any other result whole. */
export type StreamedResult =
  { type: 'table'; column_names: string[]; data: unknown[][] } | { type: 'ok' | 'error' };

/** The pieces of one result, in order: header and row batches (a table, at least one batch), or the result. */
export function* sqlResultPieces(
  result: StreamedResult,
  batchRows = SQL_STREAM_BATCH_ROWS,
): Generator<unknown> {
  if (result.type !== 'table') {
    yield result;
    return;
  }
  yield { type: 'table', column_names: result.column_names } satisfies SqlStreamHeader;
  // An empty table is still one (empty) batch, as MindsDB writes an empty frame.
  let start = 0;
  do {
    yield result.data.slice(start, start + batchRows);
    start += batchRows;
  } while (start < result.data.length);
}

/** One piece as a JSON line. */
export const encodeJsonLine = (piece: unknown): string => `${JSON.stringify(piece)}\n`;

/** One piece as a server-sent event (`data: <json>` and the blank line that ends it). */
export const encodeSqlSseEvent = (piece: unknown): string => encodeSseEvent(piece);

/** The pieces of a `jsonlines` answer (blank lines skipped). */
export function parseJsonLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** The pieces of an `sse` answer. */
export function parseSqlSse(text: string): unknown[] {
  return parseSse(text).events.map((e) => JSON.parse(e.data) as unknown);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Puts pieces back together as the one-object answer (a table's context is not in the stream, so it has
 * none). Throws on pieces that do not follow the framing.
 */
export function sqlResultFromPieces(pieces: unknown[]): SqlResult {
  const [first, ...rest] = pieces;
  if (!isRecord(first)) throw new Error('The stream does not start with a result or a table header');
  if (first.type !== 'table') {
    if (rest.length > 0) throw new Error(`A '${String(first.type)}' result is one piece`);
    return first as SqlResult;
  }
  const data: unknown[][] = [];
  for (const batch of rest) {
    if (!Array.isArray(batch) || !batch.every(Array.isArray)) {
      throw new Error('Each piece after the header is a batch of rows');
    }
    data.push(...(batch as unknown[][]));
  }
  return { type: 'table', column_names: first.column_names as string[], data };
}
