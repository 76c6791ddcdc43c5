import type { JsonValue } from '../engines/duckdb';
import { batchOfRows } from '../engines/row-batch';
import type { ResultSink, SqlOutcome } from '../domain/sql';

/** Rows handed to a sink at a time from an answer built whole, so that a large one is written as it goes. */
const PIECE_ROWS = 5_000;

/** A table answer written into a sink piece by piece (the columns alone when it has no rows), until `signal`. */
export async function writeInPieces(
  outcome: Extract<SqlOutcome, { type: 'table' }>,
  sink: ResultSink,
  signal?: AbortSignal,
): Promise<void> {
  const rows = outcome.data as JsonValue[][];
  const width = outcome.column_names.length;
  if (!rows.length) await sink(outcome.column_names, batchOfRows([], width));
  for (let i = 0; i < rows.length && !signal?.aborted; i += PIECE_ROWS)
    await sink(outcome.column_names, batchOfRows(rows.slice(i, i + PIECE_ROWS), width));
}
