import type { DuckDBConnection } from '@duckdb/node-api';
import { failedMidway, readBounded, releaseChunk, type BoundedResult } from './bounded-read';
import { chunkColumns, valueReaderFor } from './chunk-values';
import { batchOfColumns, type RowBatch } from './row-batch';
import { QueryAbortedError, QueryTimeoutError, QuickLaneTimeoutError } from './query-errors';

/** How often an interrupt is repeated until the statement it stops has ended. */
const INTERRUPT_REPEAT_MS = 100;

/** A statement's time limit; `quick` for the quick lane, whose timeout says so. */
export interface StatementLimit {
  ms?: number;
  quick: boolean;
}

/**
 * Reads a users' SELECT on `connection` within `bounds` (see readBounded). A statement that never ends, or
 * that nobody waits for any more, would hold its connection (and with it every statement queued behind) for
 * nothing: past its time limit, or when `signal` aborts, it is interrupted and the error says which.
 */
export async function readStoppable(
  connection: DuckDBConnection,
  sql: string,
  bounds: { maxRows: number; maxBytes: number },
  signal: AbortSignal | undefined,
  limit: StatementLimit,
): Promise<BoundedResult> {
  if (signal?.aborted) throw new QueryAbortedError();
  let stoppedBy: 'timeout' | 'abort' | undefined;
  let repeat: ReturnType<typeof setInterval> | undefined;
  const interrupt = (reason: 'timeout' | 'abort') => {
    stoppedBy ??= reason;
    connection.interrupt();
    // An interrupt that lands while the statement is still starting up is forgotten when it starts: repeat
    // it until the statement has ended.
    repeat ??= setInterval(() => connection.interrupt(), INTERRUPT_REPEAT_MS);
  };
  const timer = limit.ms ? setTimeout(() => interrupt('timeout'), limit.ms) : undefined;
  const onAbort = () => interrupt('abort');
  signal?.addEventListener('abort', onAbort, { once: true });
  const stopped = () =>
    stoppedBy === 'timeout'
      ? limit.quick
        ? new QuickLaneTimeoutError(limit.ms!)
        : new QueryTimeoutError(limit.ms!)
      : new QueryAbortedError();
  try {
    const answer = await readBounded(connection, sql, bounds);
    // An interrupt that lands while rows are streaming does not throw: the engine's stream just ends, and
    // the rows read so far would pass for the whole result. A stopped statement never answers.
    if (stoppedBy) throw stopped();
    return answer;
  } catch (err) {
    if (stoppedBy) throw stopped();
    throw err;
  } finally {
    clearTimeout(timer);
    clearInterval(repeat);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Streams the whole result of `sql` on `connection` a chunk at a time to `sink`, waiting for each call before
 * reading the next chunk; when `signal` aborts, the statement is interrupted and QueryAbortedError is thrown.
 */
export async function streamStoppable(
  connection: DuckDBConnection,
  sql: string,
  sink: (columnNames: string[], rows: RowBatch) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (signal?.aborted) throw new QueryAbortedError();
  const onAbort = () => connection.interrupt();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await connection.stream(sql);
    const streaming = result.isStreaming;
    let rowsRead = 0;
    const names = result.columnNames();
    const readers = result.columnTypes().map(valueReaderFor);
    for (
      let chunk = await result.fetchChunk();
      chunk && chunk.rowCount > 0;
      chunk = await result.fetchChunk()
    ) {
      const rowCount = chunk.rowCount;
      const columns = chunkColumns(chunk, readers);
      releaseChunk(chunk);
      rowsRead += rowCount;
      await sink(names, batchOfColumns(columns, rowCount));
      if (signal?.aborted) throw new QueryAbortedError();
    }
    // An interrupt or a failure mid-stream ends the stream without an error: the export must not look
    // complete.
    if (signal?.aborted) throw new QueryAbortedError();
    failedMidway(streaming, result, rowsRead);
    if (names.length)
      await sink(
        names,
        batchOfColumns(
          names.map(() => []),
          0,
        ),
      );
  } catch (err) {
    if (signal?.aborted) throw new QueryAbortedError();
    throw err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
