import type { JsonValue } from '../duckdb';
import type { StoredChunk } from '../vector-rows';
import { FineCodes } from './fine-codes';
import type { FilterableRows } from './row-filter';
import { QuantisedBlocks } from './scan-kernel';
import { TextColumn } from './text-column';
import { TopScores } from './top-scores';
import { decodedDot, distanceFromDot, encodeVector, type VectorCodes } from '../vector-codes';

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

/**
 * Rows per block of the int8 scan: small tables (most knowledge bases) use small blocks, since a block touches
 * a page of memory per dimension however few rows it holds; a table that grows past SMALL_TABLE_ROWS is
 * requantised into large blocks, which scan faster (fewer calls, longer runs).
 */
const SMALL_BLOCK_ROWS = 256;
const LARGE_BLOCK_ROWS = 4096;
const SMALL_TABLE_ROWS = 4096;

/** Distinct metadata values shared as one string each; past it (an id-like column) values are kept as they come. */
const MAX_INTERNED = 10_000;

/**
 * Candidates the int8 scan hands to the rescoring, beyond the `limit` asked for: int8 rounding moves a dot
 * product by at most about 0.003, so only near-ties change places, and a few spare candidates catch them.
 */
const spareCandidates = (limit: number) => limit + 16;

/** The least a copy of `rows` rows of `dims` dimensions takes (its text not counted): read before loading it. */
export function leastBytesOf(rows: number, dims: number): number {
  return rows * (2 * (dims + 4) + ROW_OVERHEAD_BYTES);
}

/**
 * An in-memory copy of one vector table: every chunk's text, metadata and vector, the vector as two levels of
 * int8 codes (../vector-codes.ts): the coarse ones column by column, for the scan, and the fine ones row by row, for
 * the answer. A search scores every row with the int8 scan (exhaustive, so nothing an index would miss is
 * missed), rescores the best candidates with both levels, and answers without touching the table: its distances
 * are the ones the table's rows give (vector-rows.ts decodes stored vectors the same way). Writes to the table
 * are applied here by its owner (ExactSearch), idempotently: putting a chunk id that is already here replaces it.
 */
export class MirroredTable implements FilterableRows {
  private vectors: QuantisedBlocks;
  private fine: FineCodes;
  /** Scratch for one row's codes: one for coding a new row, one for reading a held row. */
  private readonly coding: VectorCodes;
  private readonly reading: VectorCodes;
  private ids: string[] = [];
  private docIds: string[] = [];
  private contents = new TextColumn();
  private metadata = new TextColumn();
  private removed = new Uint8Array(1024);
  private removedCount = 0;
  /** Each metadata name's values by row, as text and as numbers (missing: the row has none). */
  private filterTexts = new Map<string, (string | null)[]>();
  private filterNumbers = new Map<string, (number | null)[]>();
  private readonly slotOfId = new Map<string, number>();
  /** A document's rows: one number for a one-chunk document (most), so that it costs no array. */
  private readonly slotsOfDoc = new Map<string, number | number[]>();
  private textBytes = 0;
  /** One string per distinct metadata value (up to MAX_INTERNED): a million rows of 50 authors hold 50 strings. */
  private readonly internedTexts = new Map<string, string>();

  constructor(readonly dims: number) {
    this.vectors = new QuantisedBlocks(dims, SMALL_BLOCK_ROWS);
    this.fine = new FineCodes(dims);
    this.coding = emptyCodes(dims);
    this.reading = emptyCodes(dims);
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
      this.append(row, encodeVector(row.vector, this.coding));
    }
    this.compactWhenSparse();
  }

  /** Appends a chunk whose vector is already coded (compaction moves codes as they are). */
  private append(row: Omit<MirrorRow, 'vector'>, codes: VectorCodes): void {
    if (this.vectors.blockRows === SMALL_BLOCK_ROWS && this.ids.length >= SMALL_TABLE_ROWS) {
      this.requantise(LARGE_BLOCK_ROWS);
    }
    const slot = this.vectors.appendCodes(codes.coarse, codes.coarseScale);
    this.fine.set(slot, codes.fine, codes.fineScale);
    this.ids[slot] = row.id;
    this.docIds[slot] = row.docId;
    this.contents.set(slot, row.content);
    this.metadata.set(slot, row.metadataJson);
    for (const [name, value] of row.filterable) {
      columnOf(this.filterTexts, name)[slot] = value.text === null ? null : this.interned(value.text);
      columnOf(this.filterNumbers, name)[slot] = value.number;
    }
    this.textBytes +=
      row.id.length + row.docId.length + this.contents.bytesOf(slot) + this.metadata.bytesOf(slot);
    this.slotOfId.set(row.id, slot);
    const slots = this.slotsOfDoc.get(row.docId);
    if (slots === undefined) this.slotsOfDoc.set(row.docId, slot);
    else if (typeof slots === 'number') this.slotsOfDoc.set(row.docId, [slots, slot]);
    else slots.push(slot);
  }

  /** Removes every chunk of these documents. */
  removeDocs(docIds: Iterable<string>): void {
    for (const docId of docIds) {
      for (const slot of slotList(this.slotsOfDoc.get(docId))) this.removeSlot(slot);
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
    return this.contents.get(row);
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
      .map(({ row }) => ({ row, distance: this.distanceOf(vector, row) }))
      .sort((a, b) => a.distance - b.distance || a.row - b.row)
      .slice(0, limit)
      .map(({ row, distance }) => this.chunkAt(row, distance));
  }

  /** A held chunk by id, with its cosine distance to `vector`; null when it is not held. */
  chunk(id: string, vector?: ArrayLike<number>): StoredChunk | null {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return null;
    return this.chunkAt(slot, vector ? this.distanceOf(vector, slot) : null);
  }

  private interned(text: string): string {
    const held = this.internedTexts.get(text);
    if (held !== undefined) return held;
    if (this.internedTexts.size < MAX_INTERNED) this.internedTexts.set(text, text);
    return text;
  }

  private filterableOf(slot: number): Map<string, FilterValue> {
    const values = new Map<string, FilterValue>();
    for (const name of this.filterTexts.keys()) {
      values.set(name, { text: this.metadataText(name, slot), number: this.metadataNumber(name, slot) });
    }
    return values;
  }

  /** The cosine distance from `vector` to a row's decoded vector, as the table's side computes it. */
  private distanceOf(vector: ArrayLike<number>, slot: number): number {
    return distanceFromDot(decodedDot(vector, this.codesOf(slot)));
  }

  /** A row's codes, in scratch (valid until the next call). */
  private codesOf(slot: number): VectorCodes {
    this.reading.coarseScale = this.vectors.codesOf(slot, this.reading.coarse);
    this.reading.fineScale = this.fine.get(slot, this.reading.fine);
    return this.reading;
  }

  /** The int8 scan's codes again, in blocks of another size (removed rows stay zero, so row numbers hold). */
  private requantise(blockRows: number): void {
    const vectors = new QuantisedBlocks(this.dims, blockRows);
    for (let slot = 0; slot < this.ids.length; slot++) {
      const { coarse, coarseScale } = this.codesOf(slot);
      vectors.appendCodes(coarse, coarseScale);
    }
    this.vectors = vectors;
  }

  private chunkAt(slot: number, distance: number | null): StoredChunk {
    return {
      chunkId: this.ids[slot],
      docId: this.docIds[slot],
      content: this.contents.get(slot),
      metadata: JSON.parse(this.metadata.get(slot)) as Record<string, JsonValue>,
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
    this.textBytes -= id.length + docId.length + this.contents.bytesOf(slot) + this.metadata.bytesOf(slot);
    this.contents.clear(slot);
    this.metadata.clear(slot);
    if (this.slotOfId.get(id) === slot) this.slotOfId.delete(id);
    const slots = slotList(this.slotsOfDoc.get(docId)).filter((s) => s !== slot);
    if (slots.length === 0) this.slotsOfDoc.delete(docId);
    else this.slotsOfDoc.set(docId, slots.length === 1 ? slots[0] : slots);
  }

  /**
   * Once removed rows outnumber the held ones (and are many), the held ones are copied into fresh blocks: a
   * search scores every row, removed or not.
   */
  private compactWhenSparse(): void {
    if (this.removedCount < 4096 || this.removedCount < this.rows) return;
    const kept: { row: Omit<MirrorRow, 'vector'>; codes: VectorCodes }[] = [];
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (this.removed[slot] === 1) continue;
      const codes = this.codesOf(slot);
      kept.push({
        row: {
          id: this.ids[slot],
          docId: this.docIds[slot],
          content: this.contents.get(slot),
          metadataJson: this.metadata.get(slot),
          filterable: this.filterableOf(slot),
        },
        codes: { ...codes, coarse: codes.coarse.slice(), fine: codes.fine.slice() },
      });
    }
    this.vectors = new QuantisedBlocks(this.dims, SMALL_BLOCK_ROWS);
    this.fine = new FineCodes(this.dims);
    this.ids = [];
    this.docIds = [];
    this.contents = new TextColumn();
    this.metadata = new TextColumn();
    this.filterTexts = new Map();
    this.internedTexts.clear();
    this.filterNumbers = new Map();
    this.removed = new Uint8Array(1024);
    this.removedCount = 0;
    this.slotOfId.clear();
    this.slotsOfDoc.clear();
    this.textBytes = 0;
    for (const { row, codes } of kept) this.append(row, codes);
  }
}

function slotList(slots: number | number[] | undefined): number[] {
  return slots === undefined ? [] : typeof slots === 'number' ? [slots] : slots;
}

function emptyCodes(dims: number): VectorCodes {
  return { coarse: new Int8Array(dims), coarseScale: 0, fine: new Int8Array(dims), fineScale: 0 };
}

function columnOf<T>(columns: Map<string, T[]>, name: string): T[] {
  let column = columns.get(name);
  if (!column) columns.set(name, (column = []));
  return column;
}
