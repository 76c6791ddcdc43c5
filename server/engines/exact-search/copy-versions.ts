import type { Table } from '@lancedb/lancedb';

/**
 * On tables other servers write too (a shared folder or object storage), which table version each in-memory
 * copy reflects. A search reads the copy only while the table is still at that version (LanceDB checks the
 * latest commit on every read there anyway); this server's own writes move the label along, another server's
 * write makes the copy stale, and it is dropped. A dropped copy loads again only once the table has had no such
 * drop for `quietMs`: a table written all the time by other servers is searched in LanceDB rather than
 * reloaded after every write.
 */
/** The copies a store holds, as the versions see them. */
export interface HeldCopies {
  has(name: string): boolean;
  drop(name: string): void;
}

export class CopyVersions {
  private readonly labels = new Map<string, number>();
  /** Tables this server is committing to now, in its write queue (`following`). */
  private readonly committing = new Set<string>();
  private readonly droppedAt = new Map<string, number>();
  /**
   * For a copy loading: the version its rows reflect, moved along by this server's commits meanwhile (made
   * under the write lock: an index, say); undefined once another server's commit may have slipped in.
   */
  private readonly loads = new Map<string, number | undefined>();

  constructor(private readonly quietMs: number) {}

  /**
   * Runs `fn`, a task of the table's write queue holding its write lock: the versions just before and after it
   * are this server's alone, so a copy current before stays current after, having followed the task's writes
   * (an index made in the queue moves it along too), and a loading copy's version follows too. A copy stale
   * before goes. A failed task leaves the label behind the table: the next search drops the copy.
   */
  async following<T>(
    name: string,
    open: () => Promise<Table | null>,
    fn: () => Promise<T>,
    copies: HeldCopies,
  ): Promise<T> {
    const table = copies.has(name) || this.watchesLoad(name) ? await open() : null;
    if (!table) return fn();
    const before = await table.version();
    // Until the label follows, searches read the table: its version moves first.
    this.committing.add(name);
    try {
      const result = await fn();
      const after = await table.version();
      this.followLoad(name, before, after);
      if (copies.has(name) && !this.followWrite(name, before, after)) this.drop(name, copies);
      return result;
    } finally {
      this.committing.delete(name);
    }
  }

  /**
   * Whether the table's copy may answer a search now: not while this server commits to the table, and not
   * once another server committed since (the copy is dropped). True when there is no copy to check.
   */
  async isCurrent(name: string, table: Table, copies: HeldCopies): Promise<boolean> {
    if (!copies.has(name)) return true;
    if (this.committing.has(name)) return false;
    if (this.current(name, await table.version())) return true;
    this.drop(name, copies);
    return false;
  }

  private drop(name: string, copies: HeldCopies): void {
    copies.drop(name);
    this.dropped(name);
  }

  /** The copy just loaded reflects `version`. */
  label(name: string, version: number): void {
    this.labels.set(name, version);
  }

  /** Whether the copy reflects the table at `version`, the latest commit of any server. */
  current(name: string, version: number): boolean {
    return this.labels.get(name) === version;
  }

  /**
   * This server wrote the table from `before` to `after` under the table's write lock (no other server wrote
   * meanwhile), and the copy followed the write: it reflects `after` if it reflected `before`. False when it
   * did not: the copy was stale already and must go.
   */
  followWrite(name: string, before: number, after: number): boolean {
    if (this.labels.get(name) !== before) return false;
    this.labels.set(name, after);
    return true;
  }

  /** A copy starts loading; the table is at `version` before its rows are read. */
  loadStarted(name: string, version: number): void {
    this.loads.set(name, version);
  }

  /** Whether a commit of this server (from `before` to `after`) must be followed by a loading copy's version. */
  watchesLoad(name: string): boolean {
    return this.loads.get(name) !== undefined;
  }

  /** This server committed from `before` to `after` under the write lock while a copy loaded. */
  followLoad(name: string, before: number, after: number): void {
    if (this.loads.has(name)) this.loads.set(name, this.loads.get(name) === before ? after : undefined);
  }

  /**
   * The loaded copy is about to be searched, the table now at `version` (read under the write lock): true and
   * labelled when nothing but this server's commits happened since the load began, else false (and the copy
   * waits as a dropped one would).
   */
  loadFinished(name: string, version: number): boolean {
    const current = this.loads.get(name) === version;
    this.loads.delete(name);
    if (current) this.label(name, version);
    else this.dropped(name);
    return current;
  }

  /** The load stopped without a copy. */
  loadAbandoned(name: string): void {
    this.loads.delete(name);
  }

  /** The copy was dropped as stale: it may load again after `quietMs`. */
  dropped(name: string): void {
    this.labels.delete(name);
    this.droppedAt.set(name, Date.now());
  }

  /** Whether a copy of the table may start loading now. */
  mayLoad(name: string): boolean {
    const at = this.droppedAt.get(name);
    return at === undefined || Date.now() - at >= this.quietMs;
  }

  forget(name: string): void {
    this.labels.delete(name);
    this.loads.delete(name);
    this.droppedAt.delete(name);
  }
}
