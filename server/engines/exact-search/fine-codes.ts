import { codesDot } from '../vector-codes';

/** Rows per block: blocks, so that growing never copies them all. */
const BLOCK_ROWS = 4096;

/**
 * Each row's fine codes (see ../vector-codes.ts) and their scale, row by row: read only for the few candidates a
 * search rescores. A block grows by doubling up to its full size, so that a small table holds little.
 */
export class FineCodes {
  private codes: Int8Array[] = [];
  private scales: Float32Array[] = [];

  constructor(readonly dims: number) {}

  /** Stores row `row`'s codes: rows are stored in order, each once (a replaced chunk gets a new row). */
  set(row: number, codes: Int8Array, scale: number): void {
    const block = Math.floor(row / BLOCK_ROWS);
    const inBlock = row % BLOCK_ROWS;
    if (block === this.codes.length) {
      this.codes.push(new Int8Array(16 * this.dims));
      this.scales.push(new Float32Array(16));
    }
    if (this.scales[block].length <= inBlock) {
      const rows = Math.min(BLOCK_ROWS, this.scales[block].length * 2);
      this.codes[block] = grown(this.codes[block], new Int8Array(rows * this.dims));
      this.scales[block] = grown(this.scales[block], new Float32Array(rows));
    }
    this.codes[block].set(codes, inBlock * this.dims);
    this.scales[block][inBlock] = scale;
  }

  /** The blocks as held (codes row by row, one scale a row), for the copy's file (copy-file.ts). */
  get blocks(): { codes: Int8Array; scales: Float32Array }[] {
    return this.codes.map((codes, b) => ({ codes, scales: this.scales[b] }));
  }

  /** Codes made of blocks from `blocks`. */
  static of(dims: number, blocks: readonly { codes: Int8Array; scales: Float32Array }[]): FineCodes {
    const fine = new FineCodes(dims);
    fine.codes = blocks.map((b) => b.codes);
    fine.scales = blocks.map((b) => b.scales);
    return fine;
  }

  /** Bytes of the codes and scales held. */
  get heldBytes(): number {
    let bytes = 0;
    for (let b = 0; b < this.codes.length; b++) bytes += this.codes[b].byteLength + this.scales[b].byteLength;
    return bytes;
  }

  /** The dot product of `vector` with row `row`'s fine vector (its codes times their scale), read in place. */
  dot(row: number, vector: ArrayLike<number>): number {
    const codes = this.codes[Math.floor(row / BLOCK_ROWS)];
    const sum = codesDot(vector, codes, (row % BLOCK_ROWS) * this.dims, 1, this.dims);
    return this.scales[Math.floor(row / BLOCK_ROWS)][row % BLOCK_ROWS] * sum;
  }

  /** Row `row`'s codes, written into `into`; returns their scale. */
  get(row: number, into: Int8Array): number {
    const block = Math.floor(row / BLOCK_ROWS);
    const start = (row % BLOCK_ROWS) * this.dims;
    into.set(this.codes[block].subarray(start, start + this.dims));
    return this.scales[block][row % BLOCK_ROWS];
  }
}

function grown<T extends Int8Array | Float32Array>(old: T, fresh: T): T {
  fresh.set(old);
  return fresh;
}
