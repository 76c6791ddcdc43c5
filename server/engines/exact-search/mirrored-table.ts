import type { StoredChunk } from '../vector-rows';
import { scanCandidates, threadCandidates } from './candidates';
import { ChunkColumns, type ChunkFields, type MirrorRow } from './chunk-columns';
import { blockRowsFor, leastBytesOf, SMALL_BLOCK_ROWS } from './copy-form';
import type { FilterableRows } from './row-filter';
import { QuantisedBlocks } from './scan-kernel';
import { scanOnThread } from './scan-thread';
import { TopScores } from './top-scores';
import { QueryWeights } from './query-weights';
import type { Centroids } from './row-groups';
import type { CopyState } from './copy-state';
import { emptyCodes, RowCodes } from './row-codes';
import { distanceFromDot, encodeVector, type VectorCodes } from '../vector-codes';

export type { FilterValue, MirrorRow } from './chunk-columns';

/**
 * An in-memory copy of one vector table: every chunk's text, metadata and vector, the vector as two levels of
 * int8 codes (../vector-codes.ts): the coarse ones column by column, for the scan, and the fine ones row by
 * row, for the answer (a large dense copy keeps the coarse ones alone and rescores with those, copy-form.ts).
 * A search scores every row with the int8 scan (exhaustive, so nothing an index would miss is missed; once a
 * large dense copy is grouped, see `group`, an unfiltered search scores its nearest groups only), rescores the
 * best candidates with both levels, and answers without touching the table: its distances are the ones the
 * table's rows give (vector-rows.ts decodes stored vectors the same way). Writes to the table are applied here
 * by its owner (ExactSearch), idempotently: putting a chunk id that is already here replaces it.
 */
export class MirroredTable implements FilterableRows {
  /** Each row's vector, as coarse and fine codes (row-codes.ts). */
  private codes: RowCodes;
  /** Scratch for coding a new row. */
  private readonly coding: VectorCodes;
  /** Everything but the vectors, under the same row numbers (slots). */
  private columns = new ChunkColumns();
  private removed: Uint8Array = new Uint8Array(1024);
  private removedCount = 0;
  /**
   * Dense rows stored group by group (row-groups.ts): group g holds rows [starts[g], starts[g + 1]), rows
   * added since are a tail from `tail` on. A search without a filter reads its `probes` nearest groups and the
   * tail. Null: every search reads every row.
   */
  private groups: { centroids: Centroids; starts: Int32Array; tail: number; probes: number } | null = null;
  /** The copy group by group while `group` builds it. */
  private regrouped: MirroredTable | null = null;
  /** Counts rebuilds (compaction, grouping): row numbers read before one no longer name the same rows. */
  private rebuilds = 0;
  /** Counts changes of the rows held (writes, grouping): a file saved meanwhile does not reflect one state. */
  private edits = 0;

  /** `keepsFine`: whether rows keep their fine codes (copy-form.ts `keepsFineCodes`). */
  constructor(
    readonly dims: number,
    readonly keepsFine = true,
  ) {
    this.codes = new RowCodes(dims, keepsFine);
    this.coding = emptyCodes(dims);
  }

  /** Bytes of the copy's arrays (not its ids' strings and maps), with the copy `group` builds; each once. */
  heldBytes(seen = new Set<object>()): number {
    return this.codes.heldBytes + this.columns.heldBytes(seen) + (this.regrouped?.heldBytes(seen) ?? 0);
  }

  /** Chunks held (removed ones not counted). */
  get rows(): number {
    return this.columns.slots - this.removedCount;
  }

  /** About what the copy costs in memory: its vector blocks and its text. */
  get bytes(): number {
    return leastBytesOf(this.columns.slots, this.dims, this.keepsFine) + this.columns.bytes;
  }

  /** Changes whenever the rows held or their order change (see `edits`). */
  get edition(): number {
    return this.edits;
  }

  /** Everything the copy holds, as its file stores it (copy-file.ts): read it without awaiting in between. */
  get state(): CopyState {
    const { dims, keepsFine, columns, removed, removedCount, groups } = this;
    return { dims, keepsFine, ...this.codes.state, columns, removed, removedCount, groups };
  }

  /** A copy holding `state` (read back from its file). */
  static of(state: CopyState): MirroredTable {
    const { dims, keepsFine, vectors, fine, coarseNorm, fineNorm, denseRows } = state;
    const copy = new MirroredTable(dims, keepsFine);
    copy.codes = RowCodes.of(dims, keepsFine, { vectors, fine, coarseNorm, fineNorm, denseRows });
    copy.columns = state.columns;
    copy.removed = state.removed;
    copy.removedCount = state.removedCount;
    copy.groups = state.groups;
    return copy;
  }

  /** Adds the rows, each replacing a held chunk with the same id. */
  put(rows: readonly MirrorRow[]): void {
    this.edits++;
    for (const row of rows) {
      const held = this.columns.slotOf(row.id);
      if (held !== undefined) this.removeSlot(held);
      this.append(row, encodeVector(row.vector, this.coding));
    }
    this.compactWhenSparse();
  }

  /** Appends a chunk whose vector is already coded (compaction moves codes as they are). */
  private append(row: ChunkFields, codes: VectorCodes): number {
    const slot = this.codes.append(codes);
    this.columns.set(slot, row);
    return slot;
  }

  /** Removes every chunk of these documents. */
  removeDocs(docIds: Iterable<string>): void {
    this.edits++;
    for (const docId of docIds) {
      for (const slot of this.columns.slotsOf(docId)) this.removeSlot(slot);
    }
    this.compactWhenSparse();
  }

  /** Removes these chunks. */
  removeChunks(ids: Iterable<string>): void {
    this.edits++;
    for (const id of ids) {
      const slot = this.columns.slotOf(id);
      if (slot !== undefined) this.removeSlot(slot);
    }
    this.compactWhenSparse();
  }

  docId(row: number): string {
    return this.columns.docId(row);
  }

  chunkId(row: number): string {
    return this.columns.chunkId(row);
  }

  content(row: number): string {
    return this.columns.content(row);
  }

  metadataText(name: string, row: number): string | null {
    return this.columns.metadataText(name, row);
  }

  metadataNumber(name: string, row: number): number | null {
    return this.columns.metadataNumber(name, row);
  }

  /**
   * The `limit` chunks nearest to `vector` by cosine distance (vectors are unit length), nearest first, ties by
   * row; with `accept`, among the rows it accepts (a filter applied before the search, as the table's prefilter
   * is). Exact among the rows scored (all of them, or a grouped copy's nearest groups): the distances are those
   * of the decoded vectors, and no row outside the answer is nearer. The int8 scan's score of a row is within
   * `scanErrorBound` of its rescored one, so the scan keeps every row within twice that of the `limit`-th best scan
   * score (no other can be nearer), and those are rescored best first until the next one's scan score, plus the
   * error, falls below the `limit`-th rescored one.
   */
  search(vector: ArrayLike<number>, limit: number, accept?: (row: number) => boolean): StoredChunk[] {
    const kth = new TopScores(Math.min(limit, this.rows));
    if (kth.capacity === 0) return [];
    const weights = QueryWeights.of(vector, this.dims);
    const errors = this.codes.scanErrors(weights);
    const error = errors.scan;
    // `removed` grows only as rows are removed: past its end nothing is.
    const held = { slots: this.columns.slots, removed: this.removed, accept };
    const ranges = accept ? undefined : this.probedRows(weights);
    const candidates = scanCandidates(this.codes.vectors, weights, kth, error, held, ranges);
    return this.rescored(vector, candidates, errors, kth.capacity);
  }

  /**
   * `search` without a filter; for a grouped copy (dense vectors, many rows) the scan runs on the scan thread
   * (scan-thread.ts) while this thread answers other requests, and the rows it kept are checked and rescored
   * here. A row the thread kept that was removed or added meanwhile may have raised its floor: the search is
   * then made again here, as it is when the copy was rebuilt meanwhile or the thread cannot scan.
   */
  async searchOnThread(vector: ArrayLike<number>, limit: number): Promise<StoredChunk[]> {
    const capacity = Math.min(limit, this.rows);
    const codes = this.codes;
    const weights = this.groups && capacity > 0 ? QueryWeights.of(vector, this.dims) : null;
    const task = weights ? codes.vectors.scanTask(weights, this.probedRows(weights)) : null;
    if (!weights || !task) return this.search(vector, limit);
    const errors = codes.scanErrors(weights);
    const [slots, generation] = [this.columns.slots, this.rebuilds];
    const scanned = await scanOnThread(codes.vectors, task, capacity, 2 * errors.scan);
    // Rows renumbered meanwhile (grouped again, compacted): the thread's row numbers no longer hold.
    const current = generation === this.rebuilds;
    const candidates =
      scanned && current ? threadCandidates(scanned, capacity, errors.scan, slots, this.removed) : null;
    return candidates ? this.rescored(vector, candidates, errors, capacity) : this.search(vector, limit);
  }

  /**
   * The `capacity` nearest of a scan's candidates (best first, each scan score within `error` of its rescored
   * one): rescored until the next one's scan score, plus the error, falls below the `capacity`-th rescored one.
   */
  private rescored(
    vector: ArrayLike<number>,
    candidates: readonly { score: number; row: number }[],
    errors: { coarse: number; scan: number },
    capacity: number,
  ): StoredChunk[] {
    const best = new TopScores(capacity, true);
    for (const { score, row } of candidates) {
      if (score + errors.scan < best.floor) break;
      // The scan score is within `errors.coarse` of the row's coarse dot product: with its fine codes' part
      // (read row by row, cheaply) a row that cannot beat the floor is passed over before its coarse codes are
      // read (column by column, a cache miss for every two dimensions).
      const fine = this.codes.fineDot(vector, row);
      if (score + errors.coarse + fine < best.floor) continue;
      // decodedDot's sum, its fine part reused.
      best.offer(this.codes.coarseDot(vector, row) + fine, row);
    }
    return best.sorted().map(({ score, row }) => this.columns.chunkAt(row, distanceFromDot(score)));
  }

  /** A held chunk by id, with its cosine distance to `vector`; null when it is not held. */
  chunk(id: string, vector?: ArrayLike<number>): StoredChunk | null {
    const slot = this.columns.slotOf(id);
    if (slot === undefined) return null;
    return this.columns.chunkAt(slot, vector ? this.distanceOf(vector, slot) : null);
  }

  /** The cosine distance from `vector` to a row's decoded vector, as the table's side computes it. */
  private distanceOf(vector: ArrayLike<number>, slot: number): number {
    return distanceFromDot(this.codes.coarseDot(vector, slot) + this.codes.fineDot(vector, slot));
  }

  private removeSlot(slot: number): void {
    if (this.removed[slot] === 1) return;
    this.codes.clear(slot);
    if (slot >= this.removed.length) {
      const grown = new Uint8Array(Math.max(slot + 1, this.removed.length * 2));
      grown.set(this.removed);
      this.removed = grown;
    }
    this.removed[slot] = 1;
    this.removedCount++;
    this.columns.clear(slot);
  }

  /**
   * Once removed rows outnumber the held ones (and are many), the held ones are copied into fresh blocks: a
   * search scores every row, removed or not. The groups go with it (ExactSearch groups the copy again).
   */
  private compactWhenSparse(): void {
    if (this.removedCount < 4096 || this.removedCount < this.rows) return;
    this.groups = null;
    this.rebuild(Array.from({ length: this.columns.slots }, (_, slot) => slot));
  }

  /**
   * Whether the copy's rows are stored in groups (row-groups.ts): how many, how many a search reads, and how many
   * rows were added since (each search reads them all).
   */
  get grouping(): { groups: number; probes: number; ungrouped: number } | null {
    const groups = this.groups;
    if (!groups) return null;
    return {
      groups: groups.centroids.count,
      probes: groups.probes,
      ungrouped: this.columns.slots - groups.tail,
    };
  }

  /** The int8 blocks, for scoring every row in bulk (row-groups.ts); row numbers are slots. */
  get scoredRows(): QuantisedBlocks {
    return this.codes.vectors;
  }

  /** Changes whenever row numbers are given out again (see `rebuilds`). */
  get generation(): number {
    return this.rebuilds;
  }

  isRemoved(slot: number): boolean {
    return this.removed[slot] === 1;
  }

  /** Up to `count` held rows' vectors, decoded, picked by `random`: what groups are trained on. */
  sampleVectors(count: number, random: () => number = Math.random): Float32Array[] {
    const sample: Float32Array[] = [];
    const slots = this.columns.slots;
    for (let tries = 0; sample.length < Math.min(count, this.rows) && tries < count * 4; tries++) {
      const slot = Math.floor(random() * slots);
      if (this.removed[slot] === 1) continue;
      const codes = this.codes.codesOf(slot);
      sample.push(
        Float32Array.from(codes.coarse, (c, d) => codes.coarseScale * c + codes.fineScale * codes.fine[d]),
      );
    }
    return sample;
  }

  /**
   * Stores the rows group by group: `groupOf[slot]` is each row's group as of generation `generation` (-1:
   * removed then). The rows are copied into fresh blocks a slice at a time (`pause` lets requests and writes in
   * between; the copy answers as before meanwhile): a million rows take seconds to copy. Rows added since form
   * the tail; rows removed since are left out. False, and nothing done, when the rows were renumbered meanwhile.
   */
  async group(
    centroids: Centroids,
    groupOf: Int32Array,
    probes: number,
    generation: number,
    pause: () => Promise<void> | undefined = () => undefined,
  ): Promise<boolean> {
    if (generation !== this.rebuilds) return false;
    const count = centroids.count;
    const grouped = (slot: number) => slot < groupOf.length && groupOf[slot] >= 0 && this.removed[slot] !== 1;
    const starts = new Int32Array(count + 1);
    for (let slot = 0; slot < groupOf.length; slot++) if (grouped(slot)) starts[groupOf[slot] + 1]++;
    for (let g = 0; g < count; g++) starts[g + 1] += starts[g];
    const order = new Int32Array(starts[count]);
    const next = starts.slice(0, count);
    for (let slot = 0; slot < groupOf.length; slot++) if (grouped(slot)) order[next[groupOf[slot]]++] = slot;
    // Every row in `order` is copied, even one removed meanwhile, so that the groups' bounds hold. The text
    // is not copied: the fresh columns point at the bytes these hold (a million chunks' text is hundreds of MB).
    // The codes are staged, then moved into this copy's own memory (see `adopt`) when its blocks are alike.
    const fresh = new MirroredTable(this.dims, this.keepsFine);
    const blockRows = blockRowsFor(this.rows, this.codes.denseRows);
    const staged = blockRows === this.codes.vectors.blockRows && blockRows !== SMALL_BLOCK_ROWS;
    fresh.codes = new RowCodes(this.dims, this.keepsFine, new QuantisedBlocks(this.dims, blockRows, staged));
    fresh.columns = ChunkColumns.sharingText(this.columns);
    const moveRow = (slot: number) => {
      const to = fresh.codes.append(this.codes.codesOf(slot));
      fresh.columns.copyRow(to, this.columns, slot);
      return to;
    };
    const movedTo = new Int32Array(this.columns.slots).fill(-1);
    this.regrouped = fresh;
    try {
      for (let i = 0; i < order.length; i++) {
        movedTo[order[i]] = moveRow(order[i]);
        const wait = i % 256 === 0 ? pause() : undefined;
        if (wait) await wait;
        if (generation !== this.rebuilds) return false;
      }
    } finally {
      this.regrouped = null;
      if (generation !== this.rebuilds && staged) fresh.codes.vectors.release();
    }
    for (let slot = 0; slot < movedTo.length; slot++) {
      if (movedTo[slot] >= 0 && this.removed[slot] === 1) fresh.removeSlot(movedTo[slot]);
    }
    // The tail: rows added since, and rows ungrouped and held.
    for (let slot = 0; slot < this.columns.slots; slot++) {
      if (this.removed[slot] !== 1 && (slot >= movedTo.length || movedTo[slot] < 0)) moveRow(slot);
    }
    // Row numbers read before no longer hold.
    this.codes.takeFrom(fresh.codes, staged);
    this.columns = fresh.columns;
    this.removed = fresh.removed;
    this.removedCount = fresh.removedCount;
    this.rebuilds++;
    this.edits++;
    this.groups = { centroids, starts, tail: starts[count], probes };
    return true;
  }

  /** The rows a search of `vector` reads: its nearest groups and the tail; undefined for every row. */
  private probedRows(vector: QueryWeights): number[] | undefined {
    const groups = this.groups;
    if (!groups) return undefined;
    const ranges: number[] = [];
    for (const g of groups.centroids.nearest(vector, groups.probes)) {
      ranges.push(groups.starts[g], groups.starts[g + 1]);
    }
    ranges.push(groups.tail, this.columns.slots);
    return ranges;
  }

  /**
   * The held rows again, in fresh blocks, in the order of `slots` (removed ones left out): what compaction and
   * grouping do.
   */
  private rebuild(slots: ArrayLike<number>): void {
    const old = { codes: this.codes, columns: this.columns, removed: this.removed };
    const blockRows = blockRowsFor(this.rows, this.codes.denseRows);
    this.codes = new RowCodes(this.dims, this.keepsFine, new QuantisedBlocks(this.dims, blockRows));
    this.columns = new ChunkColumns();
    this.removed = new Uint8Array(1024);
    this.removedCount = 0;
    this.rebuilds++;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (old.removed[slot] === 1) continue;
      this.append(old.columns.fieldsAt(slot), old.codes.codesOf(slot));
    }
  }
}
