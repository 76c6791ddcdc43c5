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

/**
 * How many documents (distinct `doc_id`) each table holds, kept per table version. Counting reads the whole
 * `doc_id` column, a second's work at a million chunks; the console asks for it every second while a load
 * runs, so a recount per ask would take most of a core and grow with the table. A table whose version has
 * not moved is not counted again; one that an insert is writing is recounted only as often as
 * RECOUNT_AFTER_COST allows (the figure then lags by a few seconds); otherwise the count is exact.
 */
export class DocCounts {
  private readonly counted = new Map<string, Counted>();
  private readonly counting = new Map<string, Promise<number>>();

  constructor(private readonly recountAfterCost = RECOUNT_AFTER_COST) {}

  /** `writing`: an insert is writing the table, so a recent count is good enough until it ends. */
  async count(name: string, table: Table, writing: boolean): Promise<number> {
    const version = await table.version();
    const known = this.counted.get(name);
    if (known?.table === table) {
      if (known.version === version) return known.count;
      if (writing && performance.now() < known.recountAfter) return known.count;
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
    return count;
  }
}
