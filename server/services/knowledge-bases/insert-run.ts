import type { VectorStore } from '../../engines/vector-store';
import { ValidationError } from '../../errors';
import type { StoredKb } from '../../store/knowledge-bases';
import { chunkingOf } from './config';
import type { InputRow } from './documents';
import { allPages, ingest, insertFailure, type StreamedRows } from './ingest';
import type { InsertLog } from '../../store/kb-inserts';
import { orderByTrackColumn, withoutStoredRows } from './insert-plan';
import type { KbModels } from './models';
import type { ProgressBoard } from './progress';
import type { InsertOptions, InsertResult } from '../../domain/knowledge-bases';

/** Why an insert stopped when its request closed or the user asked it to stop (`cancelInsert`). */
export const insertCancelled = (kbName: string) =>
  new ValidationError(`The insert into knowledge base '${kbName}' was cancelled`);

/** What an insert run works with: the service's store, models, and its records of running inserts. */
export interface InsertRunDeps {
  store: VectorStore;
  models: KbModels;
  progressBoard: ProgressBoard;
  insertLog: InsertLog;
  /** Each running insert's controller by KB id, so that DROP can stop it. */
  running: Map<number, AbortController>;
}

/**
 * One insert into `stored`, run while the caller holds the KB's lock: chunks, embeds and stores the rows,
 * reporting progress on the board and recording the outcome in the insert log. Streamed rows (`pages`, with
 * the `total` the progress counts toward) are read as the batches go, unless track_column or
 * kb_skip_existing need them all first.
 */
export async function runInsert(
  deps: InsertRunDeps,
  stored: StoredKb,
  input: readonly InputRow[] | StreamedRows,
  options: InsertOptions,
): Promise<InsertResult> {
  const streamed = 'pages' in input;
  const total = 'pages' in input ? input.total : input.length;
  const { id, name } = stored.kb;
  const spec = {
    contentColumns: stored.settings.content_columns,
    metadataColumns: stored.settings.metadata_columns,
    idColumn: stored.settings.id_column,
  };
  const table = stored.kb.vector_database_table;
  const controller = new AbortController();
  // A closed request stops the insert between batches: a batch is stored whole or not at all.
  const cancel = () => controller.abort(insertCancelled(name));
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  deps.running.set(id, controller);
  deps.progressBoard.start(id, total);
  // Servers sharing the catalog read the progress from the insert's row, and may ask it to stop there.
  const progressColumns = () => {
    const now = deps.progressBoard.get(id);
    return { processed_rows: now.rows_done, chunks: now.chunks };
  };
  await deps.insertLog.started(
    id,
    total,
    deps.progressBoard.get(id).started_at ?? '',
    {
      values: progressColumns,
      onStopRequested: cancel, // the console's Stop, pressed on another server
    },
    options.queryId,
  );
  try {
    const wholeFirst = options.trackColumn || options.skipExisting;
    const rows = 'pages' in input ? (wholeFirst ? await allPages(input.pages) : []) : input;
    let planned: readonly InputRow[] = options.trackColumn
      ? orderByTrackColumn(rows, options.trackColumn)
      : rows;
    if (options.skipExisting) planned = await withoutStoredRows(planned, spec, deps.store, table);
    /** Rows left out as already stored (kb_skip_existing). */
    const skippedExisting = rows.length - planned.length;
    const result = await ingest({
      store: deps.store,
      embedder: deps.models.embedder(stored.settings.embedding_model),
      table,
      kbName: name,
      spec,
      chunking: chunkingOf(stored.settings.preprocessing),
      rows: streamed && !wholeFirst ? (input as StreamedRows).pages : planned,
      batchSize: options.batchSize,
      noUpsert: options.noUpsert,
      onBatchError: options.onBatchError,
      threads: options.threads,
      signal: controller.signal,
      onBatch: (rowsDone, chunks) => {
        // Rows left out as already stored count as processed: they were looked at and are in the KB.
        const done = rowsDone + skippedExisting;
        deps.progressBoard.advance(id, done, chunks);
        options.onProgress?.({ rowsDone: done, rowsTotal: total });
      },
    });
    // `rows` counts the rows stored (what INSERT reports as affected); `skipped` those left out, as stored
    // already or in a batch that failed.
    result.rows -= result.skipped ?? 0;
    if (skippedExisting) result.skipped = (result.skipped ?? 0) + skippedExisting;
    deps.progressBoard.advance(id, total, result.chunks);
    deps.progressBoard.finish(
      id,
      result.firstError
        ? `Skipped ${result.skipped} rows of failed batches (error = 'skip'): ${result.firstError}`
        : undefined,
      result.firstError ? 'done' : undefined,
    );
    return result;
  } catch (err) {
    const failure = insertFailure(err, name, deps.progressBoard.get(id).rows_done, total);
    deps.progressBoard.finish(id, failure.message);
    throw failure;
  } finally {
    await deps.insertLog.finished(id, deps.progressBoard.get(id)).catch(() => undefined);
    options.signal?.removeEventListener('abort', cancel);
    deps.running.delete(id);
    deps.store.scheduleMaintenance(table);
  }
}
