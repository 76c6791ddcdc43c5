import type { Connection, Table } from '@lancedb/lancedb';

/** What the vector store hears of its handles: a table opened for the first time, or opened again. */
export interface TableHandleEvents {
  /** First open since the store opened (or since the table was forgotten). */
  opened(name: string): void;
  /** On a shared folder: opened again because another server (or this one) committed since. */
  reopened(name: string): void;
}

/** LanceDB's error for a table whose folder holds no version yet. */
function isMissingTable(err: unknown): boolean {
  return /was not found/.test(String((err as Error)?.message ?? err));
}

/**
 * The open LanceDB table handles of the vector store, one per table name, opened on first use. On a folder
 * other servers share, a handle (and what the store caches of it, keyed by the handle) is replaced once the
 * table's version moved: another server's commit (new rows, metadata columns or indexes) or a drop. The
 * store's own commits count too: that costs a fresh read of the schema and index list, and no other server's
 * change can hide behind one of ours.
 */
export class TableHandles {
  private readonly tables = new Map<string, Promise<Table>>();
  /** On a shared folder: the version each handle was last seen at. */
  private readonly seenVersions = new Map<string, number>();

  constructor(
    private readonly db: Connection,
    private readonly shared: boolean,
    private readonly events: TableHandleEvents,
  ) {}

  async names(): Promise<string[]> {
    const names: string[] = [];
    for (;;) {
      const page = await this.db.tableNames({ startAfter: names.at(-1), limit: 1000 });
      names.push(...page);
      if (page.length < 1000) return names;
    }
  }

  /** Whether a handle is open for the table (it exists, or did when it was opened). */
  isOpen(name: string): boolean {
    return this.tables.has(name);
  }

  /** The table's handle, or null when the table does not exist. */
  async open(name: string): Promise<Table | null> {
    const cached = this.tables.get(name);
    if (cached && !(this.shared && (await this.changedElsewhere(name, cached)))) return cached;
    // The old handle is not closed: a search may still read through it.
    if (cached) this.tables.delete(name);
    if (!(await this.names()).includes(name)) return null;
    // Opened by another caller meanwhile: one handle, or a write through one would go unseen by the other.
    const opened = this.tables.get(name);
    if (opened && opened !== cached) return opened;
    const table = this.db.openTable(name);
    this.tables.set(name, table);
    try {
      await table;
    } catch (err) {
      if (this.tables.get(name) === table) this.tables.delete(name);
      // Listed, but its first version is not written yet: a statement is creating it right now (a knowledge
      // base's first insert). Until then it holds nothing, as a table that does not exist.
      if (isMissingTable(err)) return null;
      throw err;
    }
    if (cached) this.events.reopened(name);
    else this.events.opened(name);
    return table;
  }

  /** Keeps the handle of a table this store just created. */
  created(name: string, table: Table): void {
    this.tables.set(name, Promise.resolve(table));
  }

  /** Closes and forgets the table's handle (it is dropped, replaced or the store closes). */
  forget(name: string): void {
    const table = this.tables.get(name);
    this.tables.delete(name);
    this.seenVersions.delete(name);
    void table?.then((t) => t.close()).catch(() => undefined);
  }

  forgetAll(): void {
    for (const name of [...this.tables.keys()]) this.forget(name);
  }

  private async changedElsewhere(name: string, opening: Promise<Table>): Promise<boolean> {
    const version = await opening.then((table) => table.version()).catch(() => null);
    const seen = this.seenVersions.get(name);
    if (version !== null) this.seenVersions.set(name, version);
    return version === null || (seen !== undefined && seen !== version);
  }
}
