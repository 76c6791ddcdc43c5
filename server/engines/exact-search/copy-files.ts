import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Table } from '@lancedb/lancedb';
import { readCopyFile, relabelCopyFile, writeCopyFile } from './copy-file';
import { CopyFileSearch } from './copy-file-search';
import type { Loading } from './pending-writes';
import type { MirroredTable } from './mirrored-table';

/** Longest a search waits for its table's file to answer (or its copy to be read) before the table answers it. */
const FILE_WAIT_MS = 20_000;
/** Longest the copy waits for its file's first answer before it is read (a search may not come at once). */
const FIRST_ANSWER_WAIT_MS = 2_000;
/** How long a copy's writes must have paused before its file is written again (1 GB at a million rows). */
const SAVE_QUIET_MS = 5_000;
/** Copies of fewer rows load from their table in well under a second: they get no file. */
export const SAVE_FROM_ROWS = 20_000;
const SUFFIX = '.copy';
/** The files' folder in the folder of what is kept for the next start (the data folder). */
export const COPY_FILES_FOLDER = 'search-copies';
/** Table names the store gives (kb_<n>): only those name a file, so that a name never leaves the folder. */
const FILE_NAME = /^[A-Za-z0-9_-]{1,200}$/;

export interface CopyFilesOptions {
  /** The folder the files go in, inside the server's data folder (never one a user names). */
  folder: string;
  /** The table's copy and its table when held now; null otherwise. */
  held: (name: string) => { copy: MirroredTable; table: Table } | null;
  /** Whether the copy's rows are being grouped: its file waits for the groups. */
  grouping: (name: string) => boolean;
  /** Runs `fn` between the table's writes (its write queue). */
  betweenWrites: (name: string, fn: () => Promise<void>) => Promise<void>;
  report: (name: string, err: unknown) => void;
  quietMs?: number;
  fromRows?: number;
}

/**
 * Each table's in-memory copy kept in a file of the data folder (copy-file.ts), so that a restart has it back
 * in seconds. A file is written once a copy has loaded (and been grouped), and again once writes to it have
 * paused for SAVE_QUIET_MS: a copy always changing is not rewritten on every insert. It is labelled with the
 * table version the copy reflects, read between the table's writes; a commit that leaves the rows as they were
 * (an index built) only relabels it. A restarted server reads a table's file on its first search when the
 * label is the table's version now; a file that is not (stale, truncated, altered, of another format or
 * table) is removed and the copy loads from the table. Only for tables no other server writes: there a commit
 * may come from anywhere, and the table version alone cannot tell whose rows a file holds.
 */
export class CopyFiles {
  /** Tables with a file not read yet in this process (found at start, or written since). */
  private readonly unread = new Set<string>();
  /** What each table's file holds: its copy, at which edition, labelled with which version. */
  private readonly saved = new Map<string, { copy: MirroredTable; edition: number; version: number }>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly runs = new Map<string, Promise<void>>();
  /** A written file being moved into place: a removal waits for it (never for a whole run, which may wait for the write queue). */
  private readonly renames = new Map<string, Promise<void>>();
  /** Tables whose copy is being read from its file: resolved once the file can answer or the read ended. */
  private readonly reads = new Map<string, Promise<void>>();
  /** Searches of the files being read, answering for their copies until the copies are read. */
  private readonly searches = new Map<string, { search: CopyFileSearch; loading: Loading }>();
  private closed = false;

  constructor(private readonly options: CopyFilesOptions) {
    let names: string[] = [];
    try {
      names = fsSync.readdirSync(options.folder);
    } catch {
      // No folder yet: no files.
    }
    for (const file of names) {
      const name = file.endsWith(SUFFIX) ? file.slice(0, -SUFFIX.length) : null;
      if (name !== null && FILE_NAME.test(name)) this.unread.add(name);
      // A write a stop cut short.
      else if (file.endsWith(`${SUFFIX}.tmp`))
        fsSync.rmSync(path.join(options.folder, file), { force: true });
    }
  }

  /** Whether the table has a file this process has not read yet. */
  has(name: string): boolean {
    return this.unread.has(name);
  }

  /**
   * Loads the table's copy from its file, when the file is whole and labelled with the table's version now
   * (read between its writes) and `admit` lets its bytes in: `finish` then makes it the table's copy, replaying
   * the writes `loading` holds (every write from the version check on; one before it moved the version).
   * Otherwise a file that does not match is removed, and false. Read once per process: a later load reads the
   * table (or a file written since). Until the copy is read, a search of the file answers for it when it can
   * (copy-file-search.ts, `searchFor`).
   */
  async load(
    name: string,
    table: Table,
    loading: Loading,
    admit: (bytes: number) => boolean,
    finish: (copy: MirroredTable) => Promise<void>,
  ): Promise<boolean> {
    if (!this.unread.delete(name)) return false;
    let searchable = () => {};
    this.reads.set(name, new Promise<void>((resolve) => (searchable = resolve)));
    const file = this.fileOf(name);
    try {
      let version = -1;
      await this.options.betweenWrites(name, async () => void (version = await table.version()));
      const search = await CopyFileSearch.open(file, { table: name, version });
      if (search) {
        this.searches.set(name, { search, loading });
        searchable();
        // The search waiting is answered before the copy is read: reading a gigabyte back would compete with it.
        await Promise.race([search.firstAnswered, delay(FIRST_ANSWER_WAIT_MS, undefined, { ref: false })]);
      }
      const copy = await readCopyFile(file, { table: name, version }, admit);
      if (!copy) {
        await fs.rm(file, { force: true });
        return false;
      }
      this.saved.set(name, { copy, edition: copy.edition, version });
      await finish(copy);
      return true;
    } finally {
      searchable();
      this.reads.delete(name);
      await this.searches.get(name)?.search.close();
      this.searches.delete(name);
    }
  }

  /** Waits, FILE_WAIT_MS at most, until the file being read can answer searches or has been read. */
  async whenSearchable(name: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => (timer = setTimeout(resolve, FILE_WAIT_MS)));
    await Promise.race([this.reads.get(name), late]);
    clearTimeout(timer);
  }

  /**
   * The search of the table's file that answers for its copy while the copy is read from it: none once a write
   * came meanwhile (the copy replays it once read), nor for a filtered search.
   */
  searchFor(name: string, filtered = false): CopyFileSearch | null {
    const held = this.searches.get(name);
    if (!held || filtered || held.loading.spoiled || held.loading.pending.length > 0) return null;
    return held.search;
  }

  /** The copy changed, was grouped, or its table committed: its file is written (or relabelled) once quiet. */
  schedule(name: string): void {
    if (this.closed || !FILE_NAME.test(name)) return;
    clearTimeout(this.timers.get(name));
    const timer = setTimeout(() => {
      this.timers.delete(name);
      if (this.runs.has(name)) return this.schedule(name);
      const run = this.save(name)
        .catch((err: unknown) => this.options.report(name, err))
        .finally(() => this.runs.delete(name));
      this.runs.set(name, run);
    }, this.options.quietMs ?? SAVE_QUIET_MS);
    // A file waiting to be written does not keep the process alive.
    timer.unref();
    this.timers.set(name, timer);
  }

  /** Resolves once no file is waiting to be written or being written (tests and benchmarks). */
  async whenSaved(): Promise<void> {
    while (this.timers.size > 0 || this.runs.size > 0) {
      await Promise.all(this.runs.values());
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** At start, with the tables the store has: the files of others (gone while no server ran) are removed. */
  async removeAllBut(tables: readonly string[]): Promise<void> {
    const held = new Set(tables);
    for (const name of [...this.unread]) if (!held.has(name)) await this.remove(name);
  }

  /**
   * The table was dropped or created anew (its copy let go already): its file goes. A write under way finds the
   * copy gone and keeps nothing.
   */
  async remove(name: string): Promise<void> {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
    this.unread.delete(name);
    this.saved.delete(name);
    if (!FILE_NAME.test(name)) return;
    await this.renames.get(name);
    await fs.rm(this.fileOf(name), { force: true });
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async save(name: string): Promise<void> {
    const held = this.options.held(name);
    if (!held || this.options.grouping(name)) return;
    const { copy, table } = held;
    if (copy.rows < (this.options.fromRows ?? SAVE_FROM_ROWS)) return;
    let label = { table: name, version: 0, edition: 0 };
    await this.options.betweenWrites(name, async () => {
      label = { table: name, version: await table.version(), edition: copy.edition };
    });
    const file = this.fileOf(name);
    const last = this.saved.get(name);
    if (last?.copy === copy && last.edition === label.edition) {
      if (last.version !== label.version) await relabelCopyFile(file, label.version);
      last.version = label.version;
      return;
    }
    await fs.mkdir(this.options.folder, { recursive: true });
    const written = await writeCopyFile(`${file}.tmp`, copy, label);
    // Changed meanwhile (a write, the groups) or let go (a drop): written again once quiet, or not at all.
    if (written === null || this.closed || this.options.held(name)?.copy !== copy) {
      await fs.rm(`${file}.tmp`, { force: true });
      if (written === null) this.schedule(name);
      return;
    }
    const rename = fs.rename(`${file}.tmp`, file);
    this.renames.set(name, rename);
    await rename.finally(() => this.renames.delete(name));
    this.saved.set(name, { copy, edition: label.edition, version: label.version });
    this.unread.add(name);
  }

  private fileOf(name: string): string {
    return path.join(this.options.folder, `${name}${SUFFIX}`);
  }
}
