import { MAX_METADATA_NAMES } from '../../engines/vector-schema';
import type { VectorStore } from '../../engines/vector-store';
import type { EmbeddingProvider } from '../../providers/types';
import type { ChunkingConfig } from '../chunking/text-chunker';
import { ServiceError, ValidationError } from '../../errors';
import {
  cell,
  chunkDocuments,
  chunkRecords,
  keepLastRowPerId,
  rowsToDocuments,
  type DocumentSpec,
  type InputRow,
} from './documents';
import type { InsertResult } from '../../domain/knowledge-bases';

export const DEFAULT_BATCH_ROWS = 2000;

/** Rows read as they come (a data source's stream), with how many there will be, for the progress. */
export interface StreamedRows {
  pages: AsyncIterable<readonly InputRow[]>;
  total: number;
}

export async function allPages(pages: AsyncIterable<readonly InputRow[]>): Promise<InputRow[]> {
  const rows: InputRow[] = [];
  for await (const page of pages) rows.push(...page);
  return rows;
}

export interface IngestJob {
  store: VectorStore;
  embedder: EmbeddingProvider;
  table: string;
  kbName: string;
  spec: DocumentSpec;
  chunking: ChunkingConfig;
  /** The rows, or pages of rows read as they come (a source's stream): then only a few batches are held. */
  rows: readonly InputRow[] | AsyncIterable<readonly InputRow[]>;
  batchSize?: number;
  /** Add chunks without removing stored chunks of the same ids (`kb_no_upsert`). */
  noUpsert?: boolean;
  /** 'skip': a batch that fails is left out and counted, and the insert goes on. */
  onBatchError?: 'raise' | 'skip';
  /** Batches embedded at once (`threads`; default 1): worth it for remote models, whose calls mostly wait. */
  threads?: number;
  signal?: AbortSignal;
  /** After each batch is stored. */
  onBatch?: (rowsDone: number, chunks: number) => void;
}

/** Rows that hold none of the content columns are a mistake worth naming, not an empty insert. */
function checkContentColumns(rows: readonly InputRow[], spec: DocumentSpec, kbName: string): void {
  if (rows.length === 0) return;
  const found = rows.some((row) => spec.contentColumns.some((c) => cell(row, c) !== undefined));
  if (!found) {
    const columns = [...new Set(rows.slice(0, 100).flatMap((r) => Object.keys(r)))].join(', ') || 'none';
    throw new ValidationError(
      `Knowledge base '${kbName}' takes its text from ${spec.contentColumns.join(', ')}, ` +
        `but the rows have no such column (they have: ${columns})`,
      'content_columns',
    );
  }
}

/**
 * A KB without declared metadata_columns keeps every other column of a row as metadata: a row may then have
 * at most MAX_METADATA_NAMES of them. Counted with an early stop, so a huge row costs no more than the limit.
 */
function checkRowWidth(rows: readonly InputRow[], spec: DocumentSpec): void {
  if (spec.metadataColumns) return;
  const limit = MAX_METADATA_NAMES + spec.contentColumns.length + 1;
  rows.forEach((row, index) => {
    let columns = 0;
    for (const key in row) {
      if (Object.hasOwn(row, key) && ++columns > limit) {
        throw new ValidationError(
          `Row ${index + 1} has more than ${limit} columns; a knowledge base keeps at most ` +
            `${MAX_METADATA_NAMES} metadata columns besides its content and id (list the ones to keep in ` +
            'metadata_columns)',
          'metadata_columns',
        );
      }
    }
  });
}

/**
 * The rows cut into batches, each with the index of its first row. Pages of a stream are re-cut to the batch
 * size, so a batch is the same whatever the source's page size.
 */
async function* batchesOf(
  rows: IngestJob['rows'],
  size: number,
): AsyncGenerator<{ start: number; batch: readonly InputRow[] }> {
  if (!(Symbol.asyncIterator in rows)) {
    for (let start = 0; start < rows.length; start += size)
      yield { start, batch: rows.slice(start, start + size) };
    return;
  }
  let start = 0;
  let pending: readonly InputRow[] = [];
  for await (const page of rows) {
    pending = pending.length ? [...pending, ...page] : page;
    while (pending.length >= size) {
      yield { start, batch: pending.slice(0, size) };
      start += size;
      pending = pending.slice(size);
    }
  }
  if (pending.length) yield { start, batch: pending };
}

/** Makes sure the vector table exists with the embedder's dimensions; an empty table may be rebuilt. */
async function ensureTable(job: IngestJob, dimensions: number): Promise<void> {
  const current = await job.store.dimensions(job.table);
  if (current === dimensions) return;
  if (current !== null && (await job.store.count(job.table)) > 0) {
    throw new ValidationError(
      `Knowledge base '${job.kbName}' holds ${current}-dimensional vectors but its embedding model now ` +
        `gives ${dimensions}; create a new knowledge base for this model`,
      'embedding_model',
    );
  }
  await job.store.createTable(job.table, dimensions);
}

/**
 * Chunks, embeds and stores rows batch by batch. While one batch is being written (native code, off the JS
 * thread) the next one is chunked and embedded. A failing batch stops the insert; earlier batches stay.
 */
export async function ingest(job: IngestJob): Promise<InsertResult> {
  const streamed = Symbol.asyncIterator in job.rows;
  if (!(Symbol.asyncIterator in job.rows)) {
    checkRowWidth(job.rows, job.spec);
    checkContentColumns(job.rows, job.spec, job.kbName);
  }
  const batchSize = job.batchSize ?? DEFAULT_BATCH_ROWS;
  // A table that starts empty needs no deletes, except for ids repeated across batches of this insert. Not so on
  // a folder other servers write too: one of them may store these ids while this insert runs.
  const startedEmpty =
    job.noUpsert || (!job.store.sharedWithOtherServers && (await job.store.count(job.table)) === 0);
  const seen = new Set<string>();
  const result: InsertResult = { rows: 0, documents: 0, chunks: 0 };
  let writing: Promise<void> = Promise.resolve();

  const skipping = job.onBatchError === 'skip';
  /** With error = 'skip': notes a failed batch and says to go on; otherwise (or when stopped) rethrows. */
  const skipBatch = (err: unknown, rows: number): void => {
    if (!skipping || job.signal?.aborted) throw err;
    result.skipped = (result.skipped ?? 0) + rows;
    result.firstError ??= err instanceof Error ? err.message : String(err);
  };

  /** A batch chunked and its embedding started; the outcome is kept, never left unobserved. */
  const prepare = (start: number, batch: readonly InputRow[]) => {
    // Streamed rows are checked as they come: the first batch for the content columns, every one for width.
    if (streamed) {
      checkRowWidth(batch, job.spec);
      if (start === 0) checkContentColumns(batch, job.spec, job.kbName);
    }
    const docs = keepLastRowPerId(rowsToDocuments(batch, job.spec, start));
    const chunks = chunkDocuments(docs, job.chunking);
    const embedding: Promise<{ vectors: Float32Array[] } | { error: unknown }> = (
      chunks.length
        ? job.embedder.embed(
            chunks.map((c) => c.content),
            { signal: job.signal },
          )
        : Promise.resolve([])
    ).then(
      (vectors) => ({ vectors }),
      (error: unknown) => ({ error }),
    );
    return { start, batch, docs, chunks, embedding };
  };
  // With `threads` > 1 the next batches are embedded while this one is awaited; they are stored in order.
  const ahead: ReturnType<typeof prepare>[] = [];
  const batches = batchesOf(job.rows, batchSize);
  let exhausted = false;
  const fill = async () => {
    while (ahead.length < Math.max(1, job.threads ?? 1) && !exhausted) {
      const next = await batches.next();
      if (next.done) exhausted = true;
      else ahead.push(prepare(next.value.start, next.value.batch));
    }
  };

  try {
    for (await fill(); ahead.length > 0; await fill()) {
      job.signal?.throwIfAborted();
      const { start, batch, docs, chunks, embedding } = ahead.shift()!;
      const embedded = await embedding;
      let vectors: Float32Array[];
      try {
        if ('error' in embedded) throw embedded.error;
        vectors = embedded.vectors;
      } catch (err) {
        skipBatch(err, batch.length);
        await writing;
        result.rows = start + batch.length;
        job.onBatch?.(result.rows, result.chunks);
        continue;
      }
      await writing;
      const docIds = [...new Set(docs.map((d) => d.id))];
      const replace = startedEmpty ? docIds.filter((id) => seen.has(id)) : docIds;
      for (const id of docIds) seen.add(id);
      const rowsDone = start + batch.length;
      writing = (async () => {
        try {
          if (chunks.length) await ensureTable(job, vectors[0].length);
          if (chunks.length || replace.length)
            await job.store.upsert(job.table, chunkRecords(chunks, vectors), replace);
          result.documents += docs.length;
          result.chunks += chunks.length;
        } catch (err) {
          skipBatch(err, batch.length);
        }
        result.rows = rowsDone;
        job.onBatch?.(rowsDone, result.chunks);
      })();
      // Keep the rejection observed until it is awaited above or below.
      writing.catch(() => undefined);
    }
  } catch (err) {
    // Let a batch that is still being written finish, so that what is reported is what is stored; a stream
    // being read is closed (its source connection freed).
    await writing.catch(() => undefined);
    await batches.return(undefined).catch(() => undefined);
    throw err;
  }
  await writing;
  return result;
}

/** The error to report for a failed insert: its type kept, saying how far the insert got. */
export function insertFailure(err: unknown, kbName: string, rowsDone: number, rowsTotal: number): Error {
  if (rowsDone === 0 && err instanceof ServiceError) return err;
  const cause = err instanceof Error ? err.message : String(err);
  const message = `Insert into knowledge base '${kbName}' stopped after ${rowsDone} of ${rowsTotal} rows (kept): ${cause}`;
  if (err instanceof ServiceError) {
    const Kind = err.constructor as new (message: string, field?: string) => ServiceError;
    return new Kind(message, err.field);
  }
  return new ServiceError(message);
}
