import fsSync from 'node:fs';
import path from 'node:path';
import type { Table } from '@lancedb/lancedb';
import { countDistinctDocIds } from './vector-rows';

/**
 * While an insert writes, a count this many times as old as it took to make is recounted: counting then takes
 * at most about a twentieth of the time, however often the status is asked for.
 */
const RECOUNT_AFTER_COST = 20;

interface Counted {
  table: Table;
  version: number;
  count: number;
  /** `performance.now()` after which a count made stale by writes is made again. */
  recountAfter: number;
}

/** The counts' file's name in the folder of what is kept for the next start (the data folder). */
export const DOC_COUNTS_FILE = 'doc-counts.json';

/** What the counts' file holds: each table's last count and the version it was made at. */
type SavedCounts = Record<string, { version: number; count: number }>;

/**
 * How many documents (distinct `doc_id`) each table holds, kept per table version. Counting reads the whole
 * `doc_id` column, a second's work at a million chunks; the console asks for it every second while a load
 * runs, so a recount per ask would take most of a core and grow with the table. A table whose version has
 * not moved is not counted again; one that an insert is writing is recounted only as often as
 * RECOUNT_AFTER_COST allows (the figure then lags by a few seconds); otherwise the count is exact.
 *
 * With a `file` (a name the server chooses in its own data folder), the counts outlive a restart: a table still
 * at the version of its saved count is not counted again, so a large KB's status answers at once after a start
 * instead of after seconds of reading. A table dropped or created anew loses its saved count at once (its
 * versions start again), and a file that cannot be read counts for nothing.
 */
export class DocCounts {
  private readonly counted = new Map<string, Counted>();
  private readonly counting = new Map<string, Promise<number>>();
  private saved: SavedCounts | null = null;

  constructor(
    private readonly recountAfterCost = RECOUNT_AFTER_COST,
    private readonly file?: string,
  ) {}

  /** `writing`: an insert is writing the table, so a recent count is good enough until it ends. */
  async count(name: string, table: Table, writing: boolean): Promise<number> {
    const version = await table.version();
    const known = this.counted.get(name);
    if (known?.table === table) {
      if (known.version === version) return known.count;
      if (writing && performance.now() < known.recountAfter) return known.count;
    } else if (!known) {
      const kept = this.savedCounts()[name];
      if (kept?.version === version) {
        this.counted.set(name, { table, version, count: kept.count, recountAfter: 0 });
        return kept.count;
      }
    }
    // Two asks at once share one count.
    let pending = this.counting.get(name);
    if (!pending) {
      pending = this.recount(name, table, version).finally(() => this.counting.delete(name));
      this.counting.set(name, pending);
    }
    return pending;
  }

  forget(name: string): void {
    this.counted.delete(name);
    if (this.file && name in this.savedCounts()) {
      delete this.savedCounts()[name];
      this.save();
    }
  }

  private async recount(name: string, table: Table, version: number): Promise<number> {
    const started = performance.now();
    const count = await countDistinctDocIds(table);
    const now = performance.now();
    // Rows written while counting may be in the count: the version read before it makes the next ask look again.
    this.counted.set(name, {
      table,
      version,
      count,
      recountAfter: now + this.recountAfterCost * (now - started),
    });
    if (this.file) {
      this.savedCounts()[name] = { version, count };
      this.save();
    }
    return count;
  }

  /** The file's counts, read once. */
  private savedCounts(): SavedCounts {
    if (this.saved) return this.saved;
    this.saved = {};
    if (!this.file) return this.saved;
    try {
      const read = JSON.parse(fsSync.readFileSync(this.file, 'utf8')) as unknown;
      for (const [name, value] of Object.entries(read as Record<string, unknown>)) {
        const { version, count } = (value ?? {}) as { version?: unknown; count?: unknown };
        if (Number.isSafeInteger(version) && Number.isSafeInteger(count)) {
          this.saved[name] = { version: version as number, count: count as number };
        }
      }
    } catch {
      // No file yet, or one that cannot be read: every table is counted.
    }
    return this.saved;
  }

  /**
   * Writes the file whole, under another name first and then moved into place, so that a stop part-way leaves
   * the last whole one. A few dozen bytes a table, written when a count changes: synchronously, so that a
   * dropped table's count is gone before the drop answers.
   */
  private save(): void {
    if (!this.file) return;
    const temporary = `${this.file}.tmp`;
    try {
      fsSync.mkdirSync(path.dirname(this.file), { recursive: true });
      fsSync.writeFileSync(temporary, JSON.stringify(this.saved));
      fsSync.renameSync(temporary, this.file);
    } catch {
      // A folder that cannot be written: the counts are made again after a restart, as without a file.
    }
  }
}
