import type { VectorStore } from '../../../engines/vector-store';
import { MIN_CHUNKS, type ConceptModel } from './concept-model';
import { learnConcepts } from './learn';

/** Chunks a model is learned from at most: an even sample of a larger table (topics show in a sample). */
export const MAX_SAMPLE = 5000;
/** Slices the sample of a larger table is read in, spread over the table. */
const SAMPLE_SLICES = 10;
/** A table this small is learned while its first search waits (well under a second); larger ones meanwhile. */
const LEARN_WHILE_WAITING = 2000;
/** How often a search looks whether its table changed since its model was learned. */
const RECHECK_MS = 2000;
/** Share of a table's chunks that must come or go before its model is learned again. */
const RELEARN_SHARE = 0.1;

/** What the models read from the vector store. */
export interface ChunkSource {
  count(table: string): Promise<number>;
  /** Chunk texts in storage order from `offset`, `limit` of them. */
  texts(table: string, offset: number, limit: number): Promise<string[]>;
}

/** A vector store read as a ChunkSource. */
export const chunksOf = (store: Pick<VectorStore, 'count' | 'scan'>): ChunkSource => ({
  count: (table) => store.count(table),
  texts: async (table, offset, limit) => (await store.scan(table, { offset, limit })).map((c) => c.content),
});

interface Entry {
  model: ConceptModel | null;
  /** Chunks the table held when the model was learned. */
  rows: number;
  checkedAt: number;
  learning: Promise<void> | null;
}

/**
 * The concept model of each vector table (concept-model.ts), learned from the table's chunks at its first
 * hybrid search and learned again once a tenth of its chunks changed. A large table is learned in the
 * background: its searches go without a model until it is ready (and with the previous one meanwhile).
 */
export class ConceptModels {
  private readonly entries = new Map<string, Entry>();
  /** Set when the server closes: a model still being learned then fails on the closed store, unremarked. */
  private stopped = false;

  constructor(
    private readonly source: ChunkSource,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** The model for a search of `table` now (null when none is ready, or the table is too small to learn from). */
  async modelFor(table: string): Promise<ConceptModel | null> {
    let entry = this.entries.get(table);
    const now = Date.now();
    if (!entry) {
      entry = { model: null, rows: 0, checkedAt: now, learning: null };
      this.entries.set(table, entry);
      const rows = await this.source.count(table);
      await this.learn(table, entry, rows, rows <= LEARN_WHILE_WAITING);
      return entry.model;
    }
    if (!entry.learning && now - entry.checkedAt >= RECHECK_MS) {
      entry.checkedAt = now;
      const rows = await this.source.count(table);
      if (
        Math.abs(rows - entry.rows) > Math.max(RELEARN_SHARE * entry.rows, entry.model ? 0 : MIN_CHUNKS - 1)
      ) {
        await this.learn(table, entry, rows, rows <= LEARN_WHILE_WAITING);
      }
    }
    return entry.model;
  }

  /** The table was dropped or replaced. */
  forget(table: string): void {
    this.entries.delete(table);
  }

  /** The server is closing: what is still being learned is left to fail quietly on the closed store. */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves when no model is being learned (tests and benchmarks). */
  async whenIdle(): Promise<void> {
    await Promise.all([...this.entries.values()].map((e) => e.learning));
  }

  private async learn(table: string, entry: Entry, rows: number, wait: boolean): Promise<void> {
    const learning = this.sample(table, rows)
      .then(learnConcepts)
      .then((model) => {
        if (this.entries.get(table) !== entry) return;
        entry.model = model;
        entry.rows = rows;
      })
      .catch((err: unknown) => {
        if (!this.stopped) this.onError(err);
      })
      .finally(() => {
        entry.learning = null;
      });
    entry.learning = learning;
    if (wait) await learning;
  }

  private async sample(table: string, rows: number): Promise<string[]> {
    if (rows < MIN_CHUNKS) return [];
    if (rows <= MAX_SAMPLE) return this.source.texts(table, 0, rows);
    const slice = Math.floor(MAX_SAMPLE / SAMPLE_SLICES);
    const step = Math.floor(rows / SAMPLE_SLICES);
    const texts: string[] = [];
    for (let i = 0; i < SAMPLE_SLICES; i++) texts.push(...(await this.source.texts(table, i * step, slice)));
    return texts;
  }
}
