import path from 'node:path';
import type { Connection, Table } from '@lancedb/lancedb';
import type { FilterNode } from './vector-filter';
import { KeyedQueue, type KeyLock } from '../util/keyed-queue';
import { tableDimensions, type StoredChunk } from './vector-rows';
import {
  DEFAULT_INDEX_POLICY,
  type IndexPolicy,
  type IndexState,
  type IndexUpkeepState,
} from './vector-index';
import { IndexUpkeep } from './vector-upkeep';
import { VectorWrites } from './vector-writes';
import { DOC_COUNTS_FILE, DocCounts } from './doc-counts';
import { MetadataColumns } from './vector-metadata';
import { TableHandles } from './vector-tables';
import {
  tableNearest,
  tableScan,
  tableTextSearch,
  type NearestQuery,
  type ScanQuery,
  type TextQuery,
} from './vector-search';
import { ExactSearch, type SearchCopyInfo } from './exact-search/exact-search';
import { COPY_FILES_FOLDER } from './exact-search/copy-files';
import { uncopiedPath, type SearchPath } from './exact-search/search-path';
import { connectVectors, type StorageOptions } from './vector-location';
import { baseSchema, type ChunkRecord } from './vector-schema';

export type { ChunkRecord } from './vector-schema';
export type { StoredChunk } from './vector-rows';
export type { FilterCondition, FilterNode, FilterOp, Scalar } from './vector-filter';
export type { NearestQuery, ScanQuery, SearchQuery, TextQuery } from './vector-search';
export type { SearchPath } from './exact-search/search-path';

export interface VectorStoreOptions extends Partial<IndexPolicy> {
  /** Failures of background index maintenance, which has no caller to report to. */
  onError?: (err: unknown) => void;
  /** Other servers write the tables too (docs/scaling.md): reads see their last commit, caches are checked. */
  shared?: boolean;
  /** On a shared folder, the lock the servers hold while they write a table (`CatalogDb.withLock`). */
  writeLock?: KeyLock;
  /** Memory for in-memory copies that searches read instead of the tables (exact-search/); 0: off. */
  exactSearchBytes?: number;
  /** Shared: how long a copy dropped for another server's write waits to load again (default 10 s). */
  searchCopyReloadQuietMs?: number;
  /**
   * The server's own folder (its data folder) for what is kept for the next start: each search copy's file in
   * its `search-copies/` (exact-search/copy-files.ts) and each table's document count in its
   * `doc-counts.json` (doc-counts.ts). Nothing is kept without, nor on a shared folder, where the table
   * version cannot tell whose rows a file holds.
   */
  keptFolder?: string;
  /** How long a search copy's writes must pause before its file is written, and from how many rows (tests). */
  copyFileTiming?: { quietMs?: number; fromRows?: number };
  /** Credentials, endpoint and region of an object-store location (LanceDB's storage options). */
  storageOptions?: StorageOptions;
}

/** How often, and how far apart, closing is tried again while a LanceDB call holds the connection: 2 s in all. */
const CLOSE_ATTEMPTS = 100;
const CLOSE_RETRY_MS = 20;

/**
 * LanceDB tables of chunks (one per knowledge base) in one folder. Writes to a table run one at a time
 * (inserts, deletes and index maintenance would otherwise race on the same files); reads never wait.
 */
export class VectorStore {
  private readonly handles: TableHandles;
  /** Each table's writes, one at a time; on a shared folder, one at a time across the servers too. */
  private readonly queue: KeyedQueue;
  private readonly indexes: IndexUpkeep;
  /** The metadata columns of each table, cached. */
  private readonly metadata = new MetadataColumns();
  private readonly docCounts: DocCounts;
  /** The writes to the tables' rows (vector-writes.ts). */
  private readonly writes: VectorWrites;
  /** Copies of tables that searches read instead of LanceDB; shared, only while the table has not moved. */
  private readonly exact: ExactSearch | null;
  private readonly shared: boolean;
  /** Background work still running when the store closes meets a closed connection: not worth a report. */
  private closed = false;
  private constructor(
    private readonly db: Connection,
    options: VectorStoreOptions,
  ) {
    this.shared = options.shared ?? false;
    const lock = options.writeLock;
    // A table's write lock, and its index lock (held by builds, which run outside the write queue).
    const lockNamed = (suffix: string): KeyLock | undefined =>
      lock && ((table, fn) => lock(`vectors ${table}${suffix}`, fn));
    const writeLock = lockNamed('');
    // What a task holding the write lock commits is this server's alone: the search copy may follow it.
    const follow: KeyLock = (table, fn) => this.exact?.following(table, () => this.open(table), fn) ?? fn();
    this.queue = new KeyedQueue(writeLock && ((table, fn) => writeLock(table, () => follow(table, fn))));
    const kept = this.shared ? undefined : options.keptFolder;
    this.docCounts = new DocCounts(undefined, kept && path.join(kept, DOC_COUNTS_FILE));
    this.exact = ExactSearch.forStore({
      shared: this.shared,
      reloadQuietMs: options.searchCopyReloadQuietMs,
      budgetBytes: options.exactSearchBytes,
      betweenWrites: (table, fn) => this.queue.run(table, fn),
      files: kept ? { folder: path.join(kept, COPY_FILES_FOLDER), ...options.copyFileTiming } : undefined,
      onError: (err) => this.reportBackground(err, options.onError),
    });
    this.handles = new TableHandles(db, this.shared, {
      // A build a shutdown cut short (or never started: it waits for writes to pause) is looked at again.
      opened: (name) => this.indexes.schedule(name),
      // The server that wrote looks after the indexes: only what this one knows of them is read again.
      reopened: (name) => this.indexes.forgetIndexes(name),
    });
    this.indexes = new IndexUpkeep(
      this.queue,
      (name) => this.open(name),
      { ...DEFAULT_INDEX_POLICY, ...options },
      (err) => this.reportBackground(err, options.onError),
      lockNamed(' index'),
      (name) => this.exact?.tableMoved(name),
    );
    const { queue, metadata, exact, indexes, shared } = this;
    this.writes = new VectorWrites({
      queue,
      open: (name) => this.open(name),
      metadata,
      exact,
      indexes,
      shared,
    });
  }

  /** Opens the tables in a folder or at an object-store URI (engines/vector-location.ts). */
  static async open(location: string, options: VectorStoreOptions = {}): Promise<VectorStore> {
    const store = new VectorStore(await connectVectors(location, options), options);
    // A table removed while no server ran (its folder deleted) leaves its search copy's file behind.
    await store.exact?.keepFilesOf(() => store.tableNames());
    return store;
  }

  /** Other servers write these tables too (a shared folder): what one saw of a table may change under it. */
  get sharedWithOtherServers(): boolean {
    return this.shared;
  }

  tableNames(): Promise<string[]> {
    return this.handles.names();
  }

  async exists(name: string): Promise<boolean> {
    if (this.handles.isOpen(name)) return true;
    return (await this.tableNames()).includes(name);
  }

  /**
   * Creates an empty table; replaces a leftover of the same name (its catalog row is gone by then). On a shared
   * folder a table of these dimensions is kept: another server's first insert created it a moment ago.
   */
  async createTable(name: string, dimensions: number): Promise<void> {
    await this.queue.run(name, async () => {
      await this.forget(name);
      if (this.shared && (await this.dimensions(name)) === dimensions) return;
      if ((await this.tableNames()).includes(name)) await this.db.dropTable(name);
      const table = await this.db.createEmptyTable(name, baseSchema(dimensions));
      this.handles.created(name, table);
    });
  }

  /** Drops a table; a missing one is not an error (drop is also how crashes are repaired). */
  async dropTable(name: string): Promise<void> {
    await this.queue.run(name, async () => {
      await this.forget(name);
      if ((await this.tableNames()).includes(name)) await this.db.dropTable(name);
    });
  }

  /** Vector length of a table, or null when it does not exist. */
  async dimensions(name: string): Promise<number | null> {
    const table = await this.open(name);
    return table ? tableDimensions(table) : null;
  }

  async count(name: string, filters: readonly FilterNode[] = [], label = name): Promise<number> {
    const table = await this.open(name);
    return table ? table.countRows(await this.metadata.where(table, filters, label)) : 0;
  }

  /** Lowercased names of the metadata columns a table can filter on. */
  async metadataNames(name: string): Promise<string[]> {
    const table = await this.open(name);
    return table ? [...(await this.metadata.names(table))].sort() : [];
  }

  /** Adds `records` and replaces the stored chunks of the documents in `replaceDocIds`, in one commit. */
  upsert(name: string, records: readonly ChunkRecord[], replaceDocIds: readonly string[]): Promise<void> {
    return this.writes.upsert(name, records, replaceDocIds);
  }

  /** Replaces the chunks of the documents in `docIds` with `records` in one commit (VectorWrites.replaceDocs). */
  replaceDocs(
    name: string,
    records: readonly ChunkRecord[],
    docIds: readonly string[],
    previousChunkIds?: readonly string[],
  ): Promise<void> {
    return this.writes.replaceDocs(name, records, docIds, previousChunkIds);
  }

  deleteDocs(name: string, docIds: readonly string[]): Promise<number> {
    return this.writes.deleteDocs(name, docIds);
  }

  /** Deletes the chunks matching all filters; returns how many went. */
  deleteWhere(name: string, filters: readonly FilterNode[], label = name): Promise<number> {
    return this.writes.deleteWhere(name, filters, label);
  }

  /** Nearest chunks by cosine distance, filters applied before the search. */
  async vectorSearch(name: string, vector: Float32Array, query: NearestQuery): Promise<StoredChunk[]> {
    const table = await this.open(name);
    if (!table) return [];
    const hasAnn = query.exact ? false : await this.indexes.hasAnn(name, table);
    // Checked first whoever answers: an unknown column or a bad value is refused the same way.
    const where = await this.metadata.where(table, query.filters, query.label ?? name);
    const fromCopy = query.exact
      ? null
      : await this.exact?.nearest(name, table, vector, { ...query, hasAnn });
    if (fromCopy) return fromCopy;
    try {
      return await tableNearest(table, vector, { ...query, where, hasAnn });
    } finally {
      // A copy this search wanted loads once the table has answered it (ExactSearch.loadWanted).
      this.exact?.loadWanted(name);
    }
  }

  /** Best full-text (BM25) matches of `text` in chunk content. */
  async textSearch(name: string, text: string, query: TextQuery): Promise<StoredChunk[]> {
    const table = await this.open(name);
    if (!table) return [];
    await this.indexes.ensureFts(name, table);
    const where = await this.metadata.where(table, query.filters, query.label ?? name);
    const vector = query.vector;
    const fromCopy = vector && (await this.exact?.textSearch(name, table, text, { ...query, vector, where }));
    return fromCopy || tableTextSearch(table, text, { ...query, where });
  }

  /** Chunks in storage order, without a query. */
  async scan(name: string, query: ScanQuery = {}): Promise<StoredChunk[]> {
    const table = await this.open(name);
    if (!table) return [];
    return tableScan(table, {
      ...query,
      where: await this.metadata.where(table, query.filters, query.label ?? name),
    });
  }

  /** The table's indexes and what background maintenance is doing to them (IndexUpkeep.state). */
  indexState(name: string): Promise<(IndexState & { upkeep: IndexUpkeepState }) | null> {
    return this.indexes.state(name);
  }

  /** Whether searches of the table read an in-memory copy, and its size (the KB status route). */
  searchCopyInfo(name: string): SearchCopyInfo {
    return this.exact?.info(name) ?? { state: 'off', rows: 0, bytes: 0 };
  }

  /** Which path a semantic search of the table takes now (its copy, its ANN index or the table), and why. */
  async searchPath(name: string): Promise<SearchPath | null> {
    const table = await this.open(name);
    if (!table) return null;
    const hasAnn = await this.indexes.hasAnn(name, table);
    return this.exact?.searchPath(name, hasAnn) ?? uncopiedPath('off', hasAnn);
  }

  /** Whether the table's background index maintenance waits for its writes to pause, builds, or neither. */
  maintenanceState(name: string): IndexUpkeepState {
    return this.indexes.maintenanceState(name);
  }

  /** Runs index maintenance now (tests and benchmarks); normally it follows each insert in the background. */
  async maintain(name: string): Promise<void> {
    await this.indexes.maintain(name);
  }

  /**
   * Builds the ANN index over every row now (CREATE INDEX ON KNOWLEDGE_BASE), the full-text index when
   * missing and the metadata indexes, telling `onPhase` as each phase starts. Returns how many rows the index
   * covers.
   */
  async buildIndexNow(name: string, onPhase?: Parameters<IndexUpkeep['buildNow']>[1]): Promise<number> {
    return this.indexes.buildNow(name, onPhase);
  }

  /**
   * How many distinct documents (`doc_id`) a table holds, counted again only when the table changed (while
   * an insert is `writing`, only now and then: doc-counts.ts).
   */
  async countDocs(name: string, writing = false): Promise<number> {
    const table = await this.open(name);
    return table ? this.docCounts.count(name, table, writing) : 0;
  }

  /** Resolves when every queued write, background index build and search copy's load has finished. */
  async whenIdle(): Promise<void> {
    await this.indexes.whenIdle();
    await this.exact?.whenLoaded();
  }

  /** Resolves once no search copy's file is waiting to be written or being written (tests and benchmarks). */
  async whenCopiesSaved(): Promise<void> {
    await this.exact?.whenSaved();
  }

  /**
   * Closes the tables and the connection. A LanceDB call still under way (a table another request was
   * opening as the server stopped) holds the connection, and closing it then throws: the close is tried
   * again for a while, then left to the process's end.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.exact?.close();
    this.handles.forgetAll();
    for (let attempt = 0; ; attempt++) {
      try {
        this.db.close();
        return;
      } catch (err) {
        if (!/borrow/i.test((err as Error).message)) throw err;
        if (attempt >= CLOSE_ATTEMPTS) return;
        await new Promise((resolve) => setTimeout(resolve, CLOSE_RETRY_MS));
      }
    }
  }

  /** Queues index maintenance after a whole insert, without waiting (see IndexUpkeep.schedule). */
  scheduleMaintenance(name: string): void {
    this.indexes.schedule(name);
  }

  private reportBackground(err: unknown, report?: (err: unknown) => void): void {
    if (!this.closed) report?.(err);
  }

  private open(name: string): Promise<Table | null> {
    return this.handles.open(name);
  }

  /** Lets go of what was known of a table; resolves once its search copy's file is gone. */
  private async forget(name: string): Promise<void> {
    this.handles.forget(name);
    this.indexes.forget(name);
    this.docCounts.forget(name);
    await this.exact?.forget(name);
  }
}
