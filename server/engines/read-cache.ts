/**
 * Results of reads, kept until the next write to the same database. Every write passes through the
 * database's one write connection, which calls `writeStarted`/`writeEnded`, so a kept result is never older
 * than the data. A read that overlapped a write is answered but not kept: it may have seen either side of it.
 */
export class ReadCache {
  private writesInFlight = 0;
  /** Bumped at each write's start and end: a read that saw it change overlapped a write. */
  private generation = 0;
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly maxEntries = 2000) {}

  writeStarted(): void {
    this.writesInFlight++;
    this.generation++;
    this.entries.clear();
  }

  writeEnded(): void {
    this.writesInFlight--;
    this.generation++;
    this.entries.clear();
  }

  /** The kept result for `key`, or `load()`'s (kept when no write overlapped it). Callers get their own copy. */
  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.entries.has(key)) return structuredClone(this.entries.get(key)) as T;
    const generation = this.generation;
    const quiet = this.writesInFlight === 0;
    const value = await load();
    if (quiet && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, structuredClone(value));
    }
    return value;
  }
}
