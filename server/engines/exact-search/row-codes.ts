import { scanErrorBounds } from './candidates';
import type { ScanQuery } from './query-weights';
import { blockRowsFor, isDense, SMALL_BLOCK_ROWS } from './copy-form';
import { FineCodes } from './fine-codes';
import { QuantisedBlocks } from './scan-kernel';
import type { VectorCodes } from '../vector-codes';

/** The fields of a copy's state (copy-state.ts) that RowCodes holds. */
export interface RowCodesState {
  vectors: QuantisedBlocks;
  fine: FineCodes | null;
  coarseNorm: number;
  fineNorm: number;
  denseRows: number;
}

/**
 * Each row's vector as a copy (MirroredTable) holds it, under the copy's row numbers (slots): the coarse int8
 * codes column by column in the scan's blocks, the fine ones row by row (none when the copy keeps coarse codes
 * alone: rows then decode to their coarse vector), and what bounds the scan's error: the largest norm of a
 * row's coarse vector (int8 codes times scale) and of its fine one (what the fine codes add). The blocks start
 * small and are coded again in larger ones once the rows are many and dense (copy-form.ts).
 */
export class RowCodes {
  vectors: QuantisedBlocks;
  fine: FineCodes | null;
  coarseNorm = 0;
  fineNorm = 0;
  /** Rows appended whose codes are dense: they decide the blocks' size. */
  denseRows = 0;
  /** Scratch for one held row's codes (`codesOf`). */
  private readonly reading: VectorCodes;

  /** `vectors`: the blocks to append to (empty ones of the smallest size by default). */
  constructor(
    readonly dims: number,
    readonly keepsFine: boolean,
    vectors = new QuantisedBlocks(dims, SMALL_BLOCK_ROWS),
  ) {
    this.vectors = vectors;
    this.fine = keepsFine ? new FineCodes(dims) : null;
    this.reading = emptyCodes(dims);
  }

  /** Codes holding `state` (read back from a copy's file). */
  static of(dims: number, keepsFine: boolean, state: RowCodesState): RowCodes {
    const codes = new RowCodes(dims, keepsFine, state.vectors);
    Object.assign(codes, state);
    return codes;
  }

  get state(): RowCodesState {
    const { vectors, fine, coarseNorm, fineNorm, denseRows } = this;
    return { vectors, fine, coarseNorm, fineNorm, denseRows };
  }

  /** Bytes of the blocks and the fine codes. */
  get heldBytes(): number {
    return this.vectors.heldBytes + (this.fine?.heldBytes ?? 0);
  }

  /** Appends a row's codes; returns its slot. */
  append(codes: VectorCodes): number {
    const blockRows = blockRowsFor(this.vectors.size, this.denseRows);
    if (this.vectors.blockRows === SMALL_BLOCK_ROWS && blockRows !== SMALL_BLOCK_ROWS)
      this.requantise(blockRows);
    if (isDense(codes.coarse)) this.denseRows++;
    const slot = this.vectors.appendCodes(codes.coarse, codes.coarseScale);
    this.coarseNorm = Math.max(this.coarseNorm, codes.coarseScale * norm(codes.coarse));
    if (this.fine) {
      this.fine.set(slot, codes.fine, codes.fineScale);
      this.fineNorm = Math.max(this.fineNorm, codes.fineScale * norm(codes.fine));
    }
    return slot;
  }

  /** A row's codes, in scratch (valid until the next call); without fine codes, zero ones. */
  codesOf(slot: number): VectorCodes {
    this.reading.coarseScale = this.vectors.codesOf(slot, this.reading.coarse);
    this.reading.fineScale = this.fine ? this.fine.get(slot, this.reading.fine) : 0;
    return this.reading;
  }

  /** A removed row's codes become zero: the scan scores it 0 and its row number holds. */
  clear(slot: number): void {
    this.vectors.clear(slot);
  }

  /**
   * A row's fine codes' part of its rescored dot product with `vector` (`decodedDot` adds it to the coarse
   * codes' part): 0 without fine codes.
   */
  fineDot(vector: ArrayLike<number>, slot: number): number {
    return this.fine ? this.fine.dot(slot, vector) : 0;
  }

  /** A row's coarse codes' part of its rescored dot product with `vector` (decodedDot = coarseDot + fineDot). */
  coarseDot(vector: ArrayLike<number>, slot: number): number {
    return this.vectors.coarseDot(slot, vector);
  }

  /**
   * How far the int8 scan's score of a row for `vector` can be from the dot product with its coarse codes
   * (`coarse`), and from its rescored one (`scan`, as scanErrorBound says, candidates.ts).
   */
  scanErrors(vector: ScanQuery): { coarse: number; scan: number } {
    return scanErrorBounds(this.vectors, vector, this.coarseNorm, this.fineNorm);
  }

  /**
   * Takes the codes `other` appended (a regrouped copy's), its blocks' memory moved into these blocks' own when
   * `staged` (QuantisedBlocks.adopt).
   */
  takeFrom(other: RowCodes, staged: boolean): void {
    if (staged) this.vectors.adopt(other.vectors);
    else this.vectors = other.vectors;
    this.fine = other.fine;
    this.coarseNorm = other.coarseNorm;
    this.fineNorm = other.fineNorm;
    this.denseRows = other.denseRows;
  }

  /** The int8 scan's codes again, in blocks of another size (removed rows stay zero, so row numbers hold). */
  private requantise(blockRows: number): void {
    const vectors = new QuantisedBlocks(this.dims, blockRows);
    for (let slot = 0; slot < this.vectors.size; slot++) {
      const { coarse, coarseScale } = this.codesOf(slot);
      vectors.appendCodes(coarse, coarseScale);
    }
    this.vectors = vectors;
  }
}

export function emptyCodes(dims: number): VectorCodes {
  return { coarse: new Int8Array(dims), coarseScale: 0, fine: new Int8Array(dims), fineScale: 0 };
}

function norm(codes: Int8Array): number {
  let squares = 0;
  for (let d = 0; d < codes.length; d++) squares += codes[d] * codes[d];
  return Math.sqrt(squares);
}
