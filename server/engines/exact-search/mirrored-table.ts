import type { JsonValue } from '../duckdb';
import { cosineDistance, type StoredChunk } from '../vector-rows';
import type { FilterableRows } from './row-filter';
import { QuantisedBlocks } from './scan-kernel';
import { TopScores } from './top-scores';

/** A chunk as the mirror takes it in: metadata as the JSON text the table stores. */
export interface MirrorRow {
  id: string;
  docId: string;
  content: string;
  metadataJson: string;
  vector: ArrayLike<number>;
  /** The row's metadata columns by lowercased name, as the table stores them (text and number). */
  filterable: ReadonlyMap<string, FilterValue>;
}

/** A metadata value as the table's two columns hold it (see vector-schema.ts `metadataColumns`). */
export interface FilterValue {
  text: string | null;
  number: number | null;
}

/** Rough bytes a row's strings and map entries cost on the JavaScript heap, besides the characters. */
const ROW_OVERHEAD_BYTES = 160;

/** Rows per block of full-precision vectors (blocks, so that growing never copies them all). */
const FLOAT_BLOCK_ROWS = 4096;

/**
 * Rows per block of the int8 scan: small tables (most knowledge bases) use small blocks, since a block touches
 * a page of memory per dimension however few rows it holds; a table that grows past SMALL_TABLE_ROWS is
 * requantised into large blocks, which scan faster (fewer calls, longer runs).
 */
const SMALL_BLOCK_ROWS = 256;
const LARGE_BLOCK_ROWS = 4096;
const SMALL_TABLE_ROWS = 4096;

/**
 * Candidates the int8 scan hands to the exact rescoring, beyond the `limit` asked for: int8 rounding moves a
 * dot product by at most about 0.003, so only near-ties change places, and a few spare candidates catch them.
 */
const spareCandidates = (limit: number) => limit + 16;

/**
 * An in-memory copy of one vector table: every chunk's text, metadata and vector, the vector both int8-quantised
 * (column by column, for the scan) and in full precision (for the answer). A search scores every row with the
 * int8 scan (exhaustive, so nothing an index would miss is missed), rescores the best candidates exactly, and
 * answers without touching the table: its distances are the ones the table's rows give. Writes to the table are applied here by its owner (ExactSearch), idempotently: putting a chunk id that
 * is already here replaces it.
 */
/** The least a copy of `rows` rows of `dims` dimensions takes (its text not counted): read before loading it. */
export function leastBytesOf(rows: number, dims: number): number {
  return rows * (dims + 4 + dims * 4 + ROW_OVERHEAD_BYTES);
}

export class MirroredTable implements FilterableRows {
  private vectors: QuantisedBlocks;
  private floats: Float32Array[] = [];
  private ids: string[] = [];
  private docIds: string[] = [];
  private contents: string[] = [];
  private metadata: string[] = [];
  private removed = new Uint8Array(1024);
  private removedCount = 0;
  /** Each metadata name's values by row, as text and as numbers (missing: the row has none). */
  private filterTexts = new Map<string, (string | null)[]>();
  private filterNumbers = new Map<string, (number | null)[]>();
  private readonly slotOfId = new Map<string, number>();
  private readonly slotsOfDoc = new Map<string, number[]>();
  private textBytes = 0;

  constructor(readonly dims: number) {
    this.vectors = new QuantisedBlocks(dims, SMALL_BLOCK_ROWS);
  }

  /** Chunks held (removed ones not counted). */
  get rows(): number {
    return this.ids.length - this.removedCount;
  }

  /** About what the copy costs in memory: its vector blocks and its text. */
  get bytes(): number {
    return leastBytesOf(this.ids.length, this.dims) + this.textBytes;
  }

  /** Adds the rows, each replacing a held chunk with the same id. */
  put(rows: readonly MirrorRow[]): void {
    for (const row of rows) {
      const held = this.slotOfId.get(row.id);
      if (held !== undefined) this.removeSlot(held);
      if (this.vectors.blockRows === SMALL_BLOCK_ROWS && this.ids.length >= SMALL_TABLE_ROWS) {
        this.requantise(LARGE_BLOCK_ROWS);
      }
      const slot = this.vectors.append(row.vector);
      this.storeFloats(slot, row.vector);
      this.ids[slot] = row.id;
      this.docIds[slot] = row.docId;
      this.contents[slot] = row.content;
      this.metadata[slot] = row.metadataJson;
      for (const [name, value] of row.filterable) {
        columnOf(this.filterTexts, name)[slot] = value.text;
        columnOf(this.filterNumbers, name)[slot] = value.number;
      }
      this.textBytes += row.id.length + row.docId.length + row.content.length + row.metadataJson.length;
      this.slotOfId.set(row.id, slot);
      const slots = this.slotsOfDoc.get(row.docId);
      if (slots) slots.push(slot);
      else this.slotsOfDoc.set(row.docId, [slot]);
    }
    this.compactWhenSparse();
  }

  /** Removes every chunk of these documents. */
  removeDocs(docIds: Iterable<string>): void {
    for (const docId of docIds) {
      for (const slot of this.slotsOfDoc.get(docId) ?? []) this.removeSlot(slot);
    }
    this.compactWhenSparse();
  }

  /** Removes these chunks. */
  removeChunks(ids: Iterable<string>): void {
    for (const id of ids) {
      const slot = this.slotOfId.get(id);
      if (slot !== undefined) this.removeSlot(slot);
    }
    this.compactWhenSparse();
  }

  docId(row: number): string {
    return this.docIds[row];
  }

  chunkId(row: number): string {
    return this.ids[row];
  }

  content(row: number): string {
    return this.contents[row];
  }

  metadataText(name: string, row: number): string | null {
    return this.filterTexts.get(name)?.[row] ?? null;
  }

  metadataNumber(name: string, row: number): number | null {
    return this.filterNumbers.get(name)?.[row] ?? null;
  }

  /**
   * The `limit` chunks nearest to `vector` by cosine distance (vectors are unit length), nearest first; with
   * `accept`, among the rows it accepts (a filter applied before the search, as the table's prefilter is).
   */
  search(vector: ArrayLike<number>, limit: number, accept?: (row: number) => boolean): StoredChunk[] {
    const top = new TopScores(Math.min(spareCandidates(limit), this.rows));
    if (top.capacity === 0) return [];
    const removed = this.removed;
    const held = this.ids.length;
    this.vectors.score(
      vector,
      () => top.floor,
      (firstRow, candidates) => {
        for (let k = 0; k < candidates.count; k++) {
          // Rows past the last are zero: a score the heap would take from one is rejected by the slot check.
          // (`removed` grows only as rows are removed: past its end nothing is.)
          const row = firstRow + candidates.rows[k];
          const score = candidates.scores[k];
          if (score > top.floor && row < held && removed[row] !== 1 && (!accept || accept(row))) {
            top.offer(score, row);
          }
        }
      },
    );
    return top
      .sorted()
      .map(({ row }) => ({ row, distance: cosineDistance(vector, this.floatsOf(row)) }))
      .sort((a, b) => a.distance - b.distance || a.row - b.row)
      .slice(0, limit)
      .map(({ row, distance }) => this.chunkAt(row, distance));
  }

  /** A held chunk by id, with its cosine distance to `vector`; null when it is not held. */
  chunk(id: string, vector?: ArrayLike<number>): StoredChunk | null {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return null;
    return this.chunkAt(slot, vector ? cosineDistance(vector, this.floatsOf(slot)) : null);
  }

  private filterableOf(slot: number): Map<string, FilterValue> {
    const values = new Map<string, FilterValue>();
    for (const name of this.filterTexts.keys()) {
      values.set(name, { text: this.metadataText(name, slot), number: this.metadataNumber(name, slot) });
    }
    return values;
  }

  private storeFloats(slot: number, vector: ArrayLike<number>): void {
    const block = Math.floor(slot / FLOAT_BLOCK_ROWS);
    const at = (slot % FLOAT_BLOCK_ROWS) * this.dims;
    if (block === this.floats.length) this.floats.push(new Float32Array(16 * this.dims));
    // A block grows by doubling up to its full size, so that a small table holds little.
    if (this.floats[block].length < at + this.dims) {
      const grown = new Float32Array(Math.min(FLOAT_BLOCK_ROWS * this.dims, this.floats[block].length * 2));
      grown.set(this.floats[block]);
      this.floats[block] = grown;
    }
    this.floats[block].set(vector, at);
  }

  /** The int8 copy again, in blocks of another size (removed rows stay zero, so row numbers hold). */
  private requantise(blockRows: number): void {
    const vectors = new QuantisedBlocks(this.dims, blockRows);
    for (let slot = 0; slot < this.ids.length; slot++) {
      vectors.append(this.floatsOf(slot));
      if (this.removed[slot] === 1) vectors.clear(slot);
    }
    this.vectors = vectors;
  }

  private floatsOf(slot: number): Float32Array {
    const start = (slot % FLOAT_BLOCK_ROWS) * this.dims;
    return this.floats[Math.floor(slot / FLOAT_BLOCK_ROWS)].subarray(start, start + this.dims);
  }

  private chunkAt(slot: number, distance: number | null): StoredChunk {
    return {
      chunkId: this.ids[slot],
      docId: this.docIds[slot],
      content: this.contents[slot],
      metadata: JSON.parse(this.metadata[slot]) as Record<string, JsonValue>,
      distance,
      score: null,
    };
  }

  private removeSlot(slot: number): void {
    if (this.removed[slot] === 1) return;
    this.vectors.clear(slot);
    if (slot >= this.removed.length) {
      const grown = new Uint8Array(Math.max(slot + 1, this.removed.length * 2));
      grown.set(this.removed);
      this.removed = grown;
    }
    this.removed[slot] = 1;
    this.removedCount++;
    const id = this.ids[slot];
    const docId = this.docIds[slot];
    this.textBytes -= id.length + docId.length + this.contents[slot].length + this.metadata[slot].length;
    this.contents[slot] = '';
    this.metadata[slot] = '';
    if (this.slotOfId.get(id) === slot) this.slotOfId.delete(id);
    const slots = this.slotsOfDoc.get(docId)?.filter((s) => s !== slot);
    if (slots?.length) this.slotsOfDoc.set(docId, slots);
    else this.slotsOfDoc.delete(docId);
  }

  /**
   * Once removed rows outnumber the held ones (and are many), the held ones are copied into fresh blocks: a
   * search scores every row, removed or not.
   */
  private compactWhenSparse(): void {
    if (this.removedCount < 4096 || this.removedCount < this.rows) return;
    const rows: MirrorRow[] = [];
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (this.removed[slot] === 1) continue;
      rows.push({
        id: this.ids[slot],
        docId: this.docIds[slot],
        content: this.contents[slot],
        metadataJson: this.metadata[slot],
        vector: this.floatsOf(slot).slice(),
        filterable: this.filterableOf(slot),
      });
    }
    this.vectors = new QuantisedBlocks(this.dims, SMALL_BLOCK_ROWS);
    this.floats = [];
    this.ids = [];
    this.docIds = [];
    this.contents = [];
    this.metadata = [];
    this.filterTexts = new Map();
    this.filterNumbers = new Map();
    this.removed = new Uint8Array(1024);
    this.removedCount = 0;
    this.slotOfId.clear();
    this.slotsOfDoc.clear();
    this.textBytes = 0;
    this.put(rows);
  }
}

function columnOf<T>(columns: Map<string, T[]>, name: string): T[] {
  let column = columns.get(name);
  if (!column) columns.set(name, (column = []));
  return column;
}
