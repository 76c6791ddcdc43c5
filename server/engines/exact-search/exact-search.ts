import type { Table } from '@lancedb/lancedb';
import type { StoredChunk } from '../vector-rows';
import type { FilterNode } from '../vector-filter';
import type { ChunkRecord } from '../vector-schema';
import { CopyRoom } from './copy-room';
import { compileRowFilter } from './row-filter';
import { MirroredTable } from './mirrored-table';
import { mirrorRow } from './mirror-rows';
import { copyFromTable, textSearchWithCopy } from './copy-reads';
import { CopyVersions, type HeldCopies } from './copy-versions';
import { copyPath, uncopiedPath, type SearchCopyState, type SearchPath } from './search-path';
import { CopyGrouping } from './copy-grouping';
import { CopyFiles, type CopyFilesOptions } from './copy-files';
import { applyTo, holdForReplay, type Loading, type PendingWrite } from './pending-writes';

export { scanFits } from './search-path';

/**
 * Whether searches of a table read its copy: `loaded`, `loading`, `not_loaded` (until its first search),
 * `too_large` for the memory budget, `no_room` (the budget is taken by copies searched as often: it loads once
 * it is searched more, copy-budget.ts), or `off` (the store keeps no copies: no budget).
 */
export type { SearchCopyState } from './search-path';

export interface SearchCopyInfo {
  state: SearchCopyState;
  rows: number;
  bytes: number;
}

/** The search memory when none is set (`--search-memory`). */
const DEFAULT_BUDGET_BYTES = 1536 * 1024 * 1024;

export interface ExactSearchOptions {
  /** Memory the copies of all tables may take together; a table that would pass it is not copied. */
  budgetBytes: number;
  /** Runs `fn` between the table's writes (its write queue). */
  betweenWrites: (table: string, fn: () => Promise<void>) => Promise<void>;
  onError?: (err: unknown) => void;
  /** Other servers write the tables too: copies are checked against the table's version (copy-versions.ts). */
  versions?: CopyVersions;
  /** Where copies are kept in files for the next start (copy-files.ts); none without. */
  files?: Pick<CopyFilesOptions, 'folder' | 'quietMs' | 'fromRows'>;
}

/** How long a copy dropped because another server wrote its table waits before it loads again. */
const SHARED_RELOAD_QUIET_MS = 10_000;

/**
 * In-memory copies of vector tables (MirroredTable), loaded on a table's first search, kept in step with every
 * write the store makes, and searched exhaustively instead of the table: an exact top-k that costs less CPU
 * than an ANN query on the table (docs/performance.md). Where other servers write the tables too, a copy is
 * searched only while the table is at the version it reflects (copy-versions.ts).
 */
export class ExactSearch {
  private readonly copies = new Map<string, MirroredTable>();
  /** The copies as CopyVersions sees them. */
  private readonly held: HeldCopies = {
    has: (name) => this.copies.has(name),
    drop: (name) => this.copies.delete(name),
  };
  private readonly loading = new Map<string, Loading & { done: Promise<void> }>();
  /** Which copies the search memory holds, and the tables refused (copy-room.ts). */
  private readonly room: CopyRoom;
  /** Set when the store closes: loads stop, and what they meet on a closed connection is not an error. */
  private closed = false;
  /**
   * Tables a search found without a copy: the table answers that search, and the copy starts loading once it
   * has (`loadWanted`), so that the search a user waits for does not share the machine with the load.
   */
  private readonly wanted = new Map<string, Table>();
  /** Non-zero dimensions of each table's latest query: what a scan of its copy compares per row. */
  private readonly queryDims = new Map<string, number>();
  /** Copies whose rows are being grouped (row-groups.ts), one run at a time per table. */
  private readonly grouping = new CopyGrouping(
    (name, copy) => !this.closed && this.copies.get(name) === copy,
    (name, err) => this.report(name, 'not grouped', err),
    (name) => this.files?.schedule(name),
  );
  /** The copies' files, for the next start; null on tables other servers write too. */
  private readonly files: CopyFiles | null;

  constructor(private readonly options: ExactSearchOptions) {
    this.room = new CopyRoom(options.budgetBytes, this.copies);
    const held = (name: string) => {
      const [copy, table] = [this.copies.get(name), this.tables.get(name)];
      return copy && table ? { copy, table } : null;
    };
    const report = (name: string, err: unknown) => this.report(name, 'not saved to its file', err);
    const grouping = (name: string) => this.grouping.running(name);
    const { files, versions, betweenWrites } = options;
    this.files =
      files && !versions ? new CopyFiles({ ...files, held, grouping, betweenWrites, report }) : null;
  }

  /** The table handle each copy was loaded from: what its file's label is read from. */
  private readonly tables = new Map<string, Table>();

  /**
   * The copies of a store's tables, or null with no budget. `budgetBytes` defaults to 1.5 GiB: room for the
   * copy of a million chunks of a few hundred characters (about 1.2 GB). `shared`: other servers write the
   * tables too; a copy dropped for their write loads again after `reloadQuietMs` (default 10 s).
   */
  static forStore(
    options: Omit<ExactSearchOptions, 'budgetBytes' | 'versions'> & {
      shared: boolean;
      budgetBytes?: number;
      reloadQuietMs?: number;
    },
  ): ExactSearch | null {
    const budgetBytes = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
    if (budgetBytes <= 0) return null;
    const versions = options.shared
      ? new CopyVersions(options.reloadQuietMs ?? SHARED_RELOAD_QUIET_MS)
      : undefined;
    return new ExactSearch({ ...options, budgetBytes, versions });
  }

  /** Runs `fn`, a task of the table's write queue, following its commits (CopyVersions.following). */
  following<T>(name: string, open: () => Promise<Table | null>, fn: () => Promise<T>): Promise<T> {
    return this.options.versions ? this.options.versions.following(name, open, fn, this.held) : fn();
  }

  /** False when the table's copy must not answer now (CopyVersions.isCurrent); true without versions. */
  private async stillCurrent(name: string, table: Table): Promise<boolean> {
    return this.options.versions ? this.options.versions.isCurrent(name, table, this.held) : true;
  }

  /**
   * The table's copy when a search of `vector` should use it; otherwise null, and when there is no copy it is
   * wanted (`loadWanted` starts loading it). `hasAnn`: the table has an ANN index, which answers large or dense
   * searches for less.
   */
  private copyFor(
    name: string,
    table: Table,
    vector: ArrayLike<number>,
    hasAnn: boolean,
    filtered: boolean,
  ): MirroredTable | null {
    this.room.touch(name);
    let nonZero = 0;
    for (let d = 0; d < vector.length; d++) if (vector[d] !== 0) nonZero++;
    this.queryDims.set(name, nonZero);
    const copy = this.copies.get(name);
    if (!copy) {
      this.wanted.set(name, table);
      return null;
    }
    // A filtered search reads every row the filter accepts: the groups serve only unfiltered ones.
    return copyPath(copy.rows, nonZero, hasAnn, filtered ? null : copy.grouping).path === 'copy'
      ? copy
      : null;
  }

  /**
   * Which path a semantic search of the table takes now, and why (the KB status route): judged by its latest
   * query's dimensions, or by all of the copy's before any (dense vectors use them all).
   */
  searchPath(name: string, hasAnn: boolean): SearchPath {
    const copy = this.copies.get(name);
    const fromFile = copy ? null : this.files?.searchFor(name);
    if (fromFile) return copyPath(fromFile.rows, fromFile.dims, hasAnn, fromFile.grouping);
    if (!copy) return uncopiedPath(this.unloadedState(name), hasAnn);
    return copyPath(copy.rows, this.queryDims.get(name) ?? copy.dims, hasAnn, copy.grouping);
  }

  /**
   * Starts loading the copy a search of the table wanted (`nearest` answered null because there was none), if
   * it may load: called once the table has answered that search.
   */
  loadWanted(name: string): void {
    const table = this.wanted.get(name);
    if (!table) return;
    this.wanted.delete(name);
    this.startLoading(name, table);
  }

  /** Whether the table's searches read its copy now, and the copy's size (the KB status route). */
  info(name: string): SearchCopyInfo {
    const copy = this.copies.get(name);
    if (copy) return { state: 'loaded', rows: copy.rows, bytes: copy.bytes };
    return { state: this.unloadedState(name), rows: 0, bytes: 0 };
  }

  private unloadedState(name: string): Exclude<SearchCopyState, 'loaded'> {
    if (this.loading.has(name)) return 'loading';
    return this.room.refusal(name) ?? 'not_loaded';
  }

  /**
   * The nearest chunks from the table's copy, among those the filters accept; null when the copy should not
   * answer (see `copyFor`) or the filters use something only the table follows exactly (row-filter.ts).
   * `filters` were checked against the table already (buildWhere).
   */
  async nearest(
    name: string,
    table: Table,
    vector: ArrayLike<number>,
    query: { limit: number; filters?: readonly FilterNode[]; hasAnn: boolean },
  ): Promise<StoredChunk[] | null> {
    if (!(await this.stillCurrent(name, table))) return null;
    if (!this.copies.has(name) && this.files?.has(name)) {
      // Its file is read first, and answers meanwhile when it can (copy-files.ts).
      this.startLoading(name, table);
      await this.files.whenSearchable(name);
    }
    const fromFile = this.copies.has(name)
      ? null
      : this.files?.searchFor(name, Boolean(query.filters?.length));
    if (fromFile) {
      this.room.touch(name);
      return fromFile.search(vector, query.limit);
    }
    const copy = this.copyFor(name, table, vector, query.hasAnn, Boolean(query.filters?.length));
    if (!copy) return null;
    if (!query.filters?.length) return copy.searchOnThread(vector, query.limit);
    const accept = compileRowFilter(query.filters, copy);
    return accept ? copy.search(vector, query.limit, accept) : null;
  }

  /**
   * A full-text search whose rows come from the loaded copy (copy-reads.ts). Null without a copy, or when a hit
   * is missing from it (a write in between): the caller then asks the table.
   */
  async textSearch(
    name: string,
    table: Table,
    text: string,
    query: { vector: ArrayLike<number>; limit: number; where?: string },
  ): Promise<StoredChunk[] | null> {
    const copy = this.copies.get(name);
    if (!copy || !(await this.stillCurrent(name, table))) return null;
    return textSearchWithCopy(copy, table, text, query);
  }

  /** Rows were added or replaced by chunk id. */
  put(name: string, records: readonly ChunkRecord[]): void {
    // Only when a copy is there to take them: a bulk load into a table nobody searched pays nothing.
    if (this.follows(name)) this.apply(name, { put: records.map(mirrorRow) });
  }

  /** The documents' chunks were replaced by `records` (one merge). */
  replaceDocs(name: string, docIds: readonly string[], records: readonly ChunkRecord[]): void {
    this.apply(name, { removeDocs: docIds });
    this.put(name, records);
  }

  /** Every chunk of these documents went: the table may fit the budget again. */
  removeDocs(name: string, docIds: readonly string[]): void {
    this.room.rowsGone(name);
    this.apply(name, { removeDocs: docIds });
  }

  /** These chunks went (a delete by filter): the table may fit the budget again. */
  removeChunks(name: string, chunkIds: readonly string[]): void {
    this.room.rowsGone(name);
    this.apply(name, { removeChunks: chunkIds });
  }

  /** Whether the table has a copy, loaded or loading, that writes must reach. */
  follows(name: string): boolean {
    return this.copies.has(name) || this.loading.has(name);
  }

  /** A write the copy cannot follow (a failure half-way): the copy is dropped. */
  invalidate(name: string): void {
    this.copies.delete(name);
    this.wanted.delete(name);
    const loading = this.loading.get(name);
    if (loading) loading.spoiled = true;
  }

  /** The table was dropped or created anew; resolves once its copy's file is gone. */
  async forget(name: string): Promise<void> {
    this.invalidate(name);
    this.tables.delete(name);
    this.options.versions?.forget(name);
    this.queryDims.delete(name);
    this.room.forget(name);
    await this.files?.remove(name);
  }

  /**
   * Follows a write the table has committed. Never throws: the write succeeded, so a copy that cannot follow
   * (out of memory, past its budget) is dropped and searches read the table again.
   */
  private apply(name: string, write: PendingWrite): void {
    const copy = this.copies.get(name);
    if (copy) {
      try {
        applyTo(copy, write);
        if (!this.room.fitsAfterWrite(name)) {
          this.copies.delete(name);
        } else {
          this.grouping.whenWorth(name, copy);
          this.files?.schedule(name);
        }
      } catch (err) {
        this.copies.delete(name);
        this.report(name, 'dropped', err);
      }
    }
    const loading = this.loading.get(name);
    // Where other servers write too, the version a loading copy will be labelled with is the one it began at:
    // a write of this server's meanwhile moved the table past it, so that copy would only be dropped.
    if (loading && this.options.versions) loading.spoiled = true;
    if (loading) holdForReplay(loading, write);
  }

  /** At start: the copies' files of tables other than those `tables` names are removed. */
  async keepFilesOf(tables: () => Promise<string[]>): Promise<void> {
    if (this.files) await this.files.removeAllBut(await tables());
  }

  /** The table committed something that leaves its rows as they were (an index): its file is relabelled. */
  tableMoved(name: string): void {
    if (this.copies.has(name)) this.files?.schedule(name);
  }

  /** The store is closing: copies are let go, and loads stop at their next batch. */
  close(): void {
    this.closed = true;
    this.files?.close();
    this.copies.clear();
    this.wanted.clear();
  }

  private report(name: string, what: string, err: unknown): void {
    this.options.onError?.(
      new Error(`the in-memory search copy of ${name} was ${what}: ${(err as Error).message}`),
    );
  }

  private startLoading(name: string, table: Table): void {
    if (this.copies.has(name) || this.loading.has(name) || this.closed) return;
    if (this.options.versions && !this.options.versions.mayLoad(name)) return;
    if (!this.room.mayLoad(name)) return;
    const loading = { pending: [], pendingRows: 0, spoiled: false, done: Promise.resolve() };
    this.loading.set(name, loading);
    loading.done = this.load(name, table, loading)
      .catch((err: unknown) => this.report(name, 'not loaded', err))
      .finally(() => {
        this.loading.delete(name);
        this.options.versions?.loadAbandoned(name);
      });
  }

  /** Resolves when no copy is loading (tests and benchmarks). */
  async whenLoaded(): Promise<void> {
    while (this.loading.size > 0 || this.grouping.busy) {
      await Promise.all([...this.loading.values()].map((l) => l.done));
      await this.grouping.settled();
    }
  }

  /** Resolves once no copy's file is waiting to be written or being written (tests and benchmarks). */
  async whenSaved(): Promise<void> {
    await this.files?.whenSaved();
  }

  private async load(name: string, table: Table, loading: Loading): Promise<void> {
    this.tables.set(name, table);
    if (this.files?.has(name)) {
      // Without a copy from the file, the table answers the search waiting, and the copy loads after it, as
      // without a file (`loadWanted`).
      const admit = (bytes: number) => this.room.admit(name, bytes, bytes);
      await this.files.load(name, table, loading, admit, (copy) => this.finishLoad(name, copy, loading));
      return;
    }
    // Read between writes, before the rows; this server's commits meanwhile move it along (`following`).
    const versions = this.options.versions;
    if (versions)
      await this.options.betweenWrites(name, async () => versions.loadStarted(name, await table.version()));
    // Refused before reading a row when even its coarse codes would not fit (copy-form.ts).
    const copy = await copyFromTable(
      table,
      (bytes, least) => this.room.admit(name, bytes, least),
      () => loading.spoiled || this.closed,
    );
    if (!copy) return;
    await this.finishLoad(name, copy, loading);
    this.files?.schedule(name);
  }

  /** The loaded copy replays the writes made meanwhile and is searched from now on. */
  private async finishLoad(name: string, copy: MirroredTable, loading: Loading): Promise<void> {
    const versions = this.options.versions;
    await this.options.betweenWrites(name, async () => {
      if (loading.spoiled || this.closed) return;
      // Under the write lock: the version now is the one searches compare with.
      const table = this.tables.get(name);
      if (versions && table && !versions.loadFinished(name, await table.version())) return;
      for (const write of loading.pending) applyTo(copy, write);
      this.copies.set(name, copy);
      this.grouping.whenWorth(name, copy);
    });
  }
}
