import type { Table } from '@lancedb/lancedb';
import type { FilterNode } from './vector-filter';
import { mergeChunks } from './vector-merge';
import type { KeyedQueue } from '../util/keyed-queue';
import { chunkIdsWhere, deleteDocIds, lastPerId, storedDocIds, tableDimensions } from './vector-rows';
import type { IndexUpkeep } from './vector-upkeep';
import { KnownDocIds } from './known-doc-ids';
import type { MetadataColumns } from './vector-metadata';
import type { ExactSearch } from './exact-search/exact-search';
import { metadataNamesOf, recordsToArrow, type ChunkRecord } from './vector-schema';

/** What the writes share with the rest of the store (VectorStore). */
export interface VectorWritesDeps {
  /** Each table's writes, one at a time. */
  queue: KeyedQueue;
  open: (name: string) => Promise<Table | null>;
  metadata: MetadataColumns;
  /** The search copies, which follow every write; null without. */
  exact: ExactSearch | null;
  /** Index maintenance waits for a table's writes to pause. */
  indexes: IndexUpkeep;
  /** Other servers write the tables too. */
  shared: boolean;
}

const docIdsOf = (records: readonly ChunkRecord[]) => new Set(records.map((r) => r.docId));

/**
 * The writes to a store's tables' rows: each in the table's write queue, one commit each, followed by the
 * table's search copy and by the document ids it may hold. A write that fails drops the search copy, which
 * could no longer tell whether it was committed.
 */
export class VectorWrites {
  /**
   * Which documents each table may hold: an insert of new ones then skips asking the table. Not on a shared
   * folder, where another server's inserts would be missing from it.
   */
  private readonly knownDocs: KnownDocIds | null;

  constructor(private readonly deps: VectorWritesDeps) {
    this.knownDocs = deps.shared ? null : new KnownDocIds();
  }

  /**
   * Adds `records` and replaces the stored chunks of the documents in `replaceDocIds` (an insert's batch). One
   * commit either way, so a failure or a kill mid-insert leaves each document's old chunks or its new ones: a
   * plain add when none of those documents is stored yet, else the merge of `replaceDocs` (which reads the
   * whole table, so it is paid only when the batch really replaces something). The table must exist.
   */
  async upsert(
    name: string,
    records: readonly ChunkRecord[],
    replaceDocIds: readonly string[],
  ): Promise<void> {
    await this.write(name, async () => {
      const table = await this.require(name);
      const maybeStored = this.knownDocs ? await this.knownDocs.mayHold(table, replaceDocIds) : replaceDocIds;
      const stored = await storedDocIds(table, maybeStored);
      if (stored.length > 0) return this.mergeDocs(table, name, lastPerId(records), stored);
      if (records.length === 0) return;
      await this.deps.metadata.add(table, metadataNamesOf(records));
      const dims = (await tableDimensions(table)) ?? records[0].vector.length;
      await table.add(recordsToArrow(records, dims));
      this.deps.exact?.put(name, records);
      await this.knownDocs?.add(table, docIdsOf(records));
    });
  }

  /**
   * Replaces the chunks of the documents in `docIds` with `records` in one commit (see vector-merge.ts for
   * what a failure leaves and what `previousChunkIds` spares). The table must exist.
   */
  async replaceDocs(
    name: string,
    records: readonly ChunkRecord[],
    docIds: readonly string[],
    previousChunkIds?: readonly string[],
  ): Promise<void> {
    if (docIds.length === 0) return;
    await this.write(name, async () => {
      const table = await this.require(name);
      await this.mergeDocs(table, name, records, docIds, previousChunkIds);
    });
  }

  /** The one-commit replacement of `replaceDocs` (vector-merge.ts), inside the table's write queue. */
  private async mergeDocs(
    table: Table,
    name: string,
    records: readonly ChunkRecord[],
    docIds: readonly string[],
    previousChunkIds?: readonly string[],
  ): Promise<void> {
    await mergeChunks(table, this.deps.metadata, records, docIds, previousChunkIds);
    if (records.length === 0) {
      this.deps.exact?.removeDocs(name, docIds);
      return;
    }
    this.deps.exact?.replaceDocs(name, docIds, records);
    await this.knownDocs?.add(table, docIdsOf(records));
  }

  async deleteDocs(name: string, docIds: readonly string[]): Promise<number> {
    return this.write(name, async () => {
      const table = await this.deps.open(name);
      const deleted = table ? await deleteDocIds(table, docIds) : 0;
      this.deps.exact?.removeDocs(name, docIds);
      return deleted;
    });
  }

  /** Deletes the chunks matching all filters; returns how many went. */
  async deleteWhere(name: string, filters: readonly FilterNode[], label = name): Promise<number> {
    return this.write(name, async () => {
      const table = await this.deps.open(name);
      if (!table) return 0;
      const where = (await this.deps.metadata.where(table, filters, label)) ?? 'TRUE';
      const before = await table.countRows();
      // The chunks that go, for the search copy (the table says only how many went).
      const going = this.deps.exact?.follows(name) ? await chunkIdsWhere(table, where) : [];
      await table.delete(where);
      this.deps.exact?.removeChunks(name, going);
      return before - (await table.countRows());
    });
  }

  /** A write to a table's rows, in its write queue; index maintenance waits for such writes to pause. */
  private write<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return this.deps.queue.run(name, async () => {
      try {
        return await fn();
      } catch (err) {
        // The commit may have happened or not: a copy could no longer tell.
        this.deps.exact?.invalidate(name);
        throw err;
      } finally {
        this.deps.indexes.noteWrite(name);
      }
    });
  }

  private async require(name: string): Promise<Table> {
    const table = await this.deps.open(name);
    if (!table) throw new Error(`vector table ${name} does not exist`);
    return table;
  }
}
