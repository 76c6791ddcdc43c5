import {
  kernelOn,
  PAGE,
  sharedMemory,
  StagingMemory,
  type KernelExports,
  type WasmMemory,
} from './kernel-module';
import { codesDot, encodeVector } from '../vector-codes';
import { weightsFor, type QueryWeights, type ScanQuery } from './query-weights';

/**
 * A scan made on another thread (scan-worker.ts): the query's pairs and scale as the kernel takes them, and
 * each call of the kernel as four numbers: the first row's bytes, the rows, their scales' bytes, the first row.
 */
export interface ScanTask {
  pairs: Int32Array;
  pairCount: number;
  queryScale: number;
  calls: Int32Array;
}

/** The rows of one block that beat the floor: `count` entries of each view are filled. */
export interface BlockCandidates {
  count: number;
  rows: Int32Array;
  scores: Float32Array;
}

/** Rows the kernel scores at once (its strip): blocks are a multiple of it. */
export const STRIP_ROWS = 32;
/** Bytes of one entry of the kernel's list of dimension pairs. */
const PAIR_BYTES = 16;

/**
 * One table's vectors in WebAssembly memory, quantised to int8 with a scale per row, in blocks of `blockRows`
 * rows stored column by column (so that a query reads only its own non-zero dimensions). Rows are appended;
 * a removed row is zeroed (its scale 0) and stays until the owner compacts.
 */
export class QuantisedBlocks {
  /** Null for staged blocks, which are filled, never scored. */
  private readonly kernel: KernelExports | null;
  private readonly memory: WasmMemory;
  /** Byte offsets in memory: one block's candidates (scores and rows), the kernel's scratch, the query's pairs. */
  private readonly outScores: number;
  private readonly outRows: number;
  private readonly strip: number;
  private readonly pairs: number;
  private readonly firstBlock: number;
  /** Where the scan thread's scratch starts: its candidates, strip and pairs, laid out as this thread's. */
  readonly threadScratch: number;
  /** Bytes of one block: its columns, then one f32 scale per row. */
  readonly blockBytes: number;
  private blockCount = 0;
  private rows = 0;

  /** `staged`: blocks to fill and then move into another's memory (`adopt`), outside WebAssembly. */
  constructor(
    readonly dims: number,
    readonly blockRows = 4096,
    staged = false,
  ) {
    if (blockRows % STRIP_ROWS !== 0) throw new Error(`blocks hold a multiple of ${STRIP_ROWS} rows`);
    // Shared, so that a search's scan can run on the scan thread (scan-thread.ts) over the same bytes.
    this.memory = staged ? new StagingMemory() : sharedMemory();
    this.kernel = staged ? null : kernelOn(this.memory);
    this.outScores = 0;
    this.outRows = blockRows * 4;
    this.strip = this.outRows + blockRows * 4;
    this.pairs = this.strip + STRIP_ROWS * 4;
    // The scan thread's own scratch, the same shape, after this thread's.
    this.threadScratch = align(this.pairs + Math.ceil(dims / 2) * PAIR_BYTES, 16);
    this.firstBlock = align(this.threadScratch + this.threadScratch, 16);
    // The columns, then one f32 scale per row.
    this.blockBytes = align(dims * blockRows + blockRows * 4, 16);
    this.ensureBytes(this.firstBlock);
  }

  /** Rows appended so far, removed ones included. */
  get size(): number {
    return this.rows;
  }

  /** Appends one unit vector, coded as `encodeVector` codes it; returns its row number. */
  append(vector: ArrayLike<number>): number {
    const codes = encodeVector(vector);
    return this.appendCodes(codes.coarse, codes.coarseScale);
  }

  /** Appends a row's int8 codes and their scale (a float32 value); returns its row number. */
  appendCodes(codes: Int8Array, scale: number): number {
    const row = this.rows;
    const inBlock = row % this.blockRows;
    if (inBlock === 0) this.addBlock();
    const block = this.blockStart(Math.floor(row / this.blockRows));
    const memory = new Int8Array(this.memory.buffer);
    for (let d = 0; d < this.dims; d++) memory[block + d * this.blockRows + inBlock] = codes[d];
    new Float32Array(this.memory.buffer, this.scalesOf(block), this.blockRows)[inBlock] = scale;
    this.rows++;
    return row;
  }

  /** A row's int8 codes, written into `into`; returns their scale. */
  codesOf(row: number, into: Int8Array): number {
    const { block, inBlock } = this.locate(row);
    const memory = new Int8Array(this.memory.buffer);
    for (let d = 0; d < this.dims; d++) into[d] = memory[block + d * this.blockRows + inBlock];
    return new Float32Array(this.memory.buffer, this.scalesOf(block), this.blockRows)[inBlock];
  }

  /**
   * A row's coarse part of `decodedDot` (../vector-codes.ts): its scale times the dot product of `query` with
   * its int8 codes, summed as decodedDot sums them (codesDot), so that the two agree to the bit. Read in
   * place, column by column: a search rescores a few rows, and copying their codes out first cost as much again.
   */
  coarseDot(row: number, query: ArrayLike<number>): number {
    const { block, inBlock } = this.locate(row);
    const sum = codesDot(
      query,
      new Int8Array(this.memory.buffer),
      block + inBlock,
      this.blockRows,
      this.dims,
    );
    return new Float32Array(this.memory.buffer, this.scalesOf(block), this.blockRows)[inBlock] * sum;
  }

  /** Bytes of the WebAssembly memory the blocks are in (it grows, never shrinks). */
  get heldBytes(): number {
    return this.memory.buffer.byteLength;
  }

  /**
   * Takes the rows of `staged` (blocks of the same shape, see the constructor) as its own, in its own memory,
   * in place of the rows it held, and lets the staged memory go at once: rows stored again in another order
   * (a copy grouped) then never leave two memories of blocks behind.
   */
  adopt(staged: QuantisedBlocks): void {
    if (staged.dims !== this.dims || staged.blockRows !== this.blockRows || staged.kernel) {
      throw new Error('only staged blocks of the same shape can be adopted');
    }
    const end = this.blockStart(staged.blockCount);
    const before = this.blockStart(this.blockCount);
    this.ensureBytes(end);
    const memory = new Uint8Array(this.memory.buffer);
    memory.set(new Uint8Array(staged.memory.buffer, this.firstBlock, end - this.firstBlock), this.firstBlock);
    // Rows past the last are zero (the scan scores whole strips).
    if (before > end) memory.fill(0, end, before);
    this.blockCount = staged.blockCount;
    this.rows = staged.rows;
    staged.release();
  }

  /** Lets staged blocks' memory go (they hold no rows after). */
  release(): void {
    if (this.memory instanceof StagingMemory) this.memory.buffer.resize(0);
    this.blockCount = 0;
    this.rows = 0;
  }

  /** Blocks held. */
  get blocks(): number {
    return this.blockCount;
  }

  /**
   * A copy of the bytes of blocks [first, first + count) (their columns and scales, one after another): what
   * another thread scores (assign-thread.ts).
   */
  blockBytesOf(first: number, count: number): Uint8Array<ArrayBuffer> {
    const view = new Uint8Array(
      this.memory.buffer,
      this.blockStart(first),
      this.blockStart(first + count) - this.blockStart(first),
    );
    const bytes = new Uint8Array(view.length);
    bytes.set(view);
    return bytes;
  }

  /** Holds these blocks alone, `bytes` from `blockBytesOf` of blocks of the same shape, of which `rows` are rows. */
  holdBlocks(bytes: Uint8Array, rows: number): void {
    const count = Math.ceil(rows / this.blockRows);
    this.ensureBytes(this.blockStart(count));
    new Uint8Array(this.memory.buffer).set(bytes, this.blockStart(0));
    this.blockCount = count;
    this.rows = rows;
  }

  /** Holds `rows` rows, their bytes zero until filled through `blockView` (a copy read back from its file). */
  reserveRows(rows: number): void {
    const count = Math.ceil(rows / this.blockRows);
    this.ensureBytes(this.blockStart(count));
    this.blockCount = count;
    this.rows = rows;
  }

  /** A view (no copy) of the bytes of blocks [first, first + count): valid until memory grows (an append). */
  blockView(first: number, count: number): Uint8Array {
    const start = this.blockStart(first);
    return new Uint8Array(this.memory.buffer, start, this.blockStart(first + count) - start);
  }

  /** Zeroes a row: it then scores 0 against every query (the owner skips removed rows). */
  clear(row: number): void {
    const { block, inBlock } = this.locate(row);
    const memory = new Int8Array(this.memory.buffer);
    for (let d = 0; d < this.dims; d++) memory[block + d * this.blockRows + inBlock] = 0;
    new Float32Array(this.memory.buffer, this.scalesOf(block), this.blockRows)[inBlock] = 0;
  }

  /**
   * Dot products of `query` with every row, block by block: `visit(firstRow, candidates)` gets each block's rows
   * whose score is above `floor()` (asked before each block; views that the next block overwrites). With
   * `ranges` (start, end pairs of row numbers, in any order), only the rows in them, widened to whole strips of
   * 32: a row a range did not ask for may be scored too, never one twice. Returns how many of the query's
   * dimensions were non-zero.
   */
  score(
    query: ScanQuery,
    floor: () => number,
    visit: (firstRow: number, candidates: BlockCandidates) => void,
    ranges?: ArrayLike<number>,
  ): number {
    const weights = weightsFor(query, this.dims);
    const queryScale = weights.scale;
    if (queryScale === 0 || this.rows === 0) return 0;
    const kernel = this.kernel;
    if (!kernel) throw new Error('staged blocks are not scored');
    const pairCount = this.writePairs(weights);
    const candidates: BlockCandidates = {
      count: 0,
      scores: new Float32Array(this.memory.buffer, this.outScores, this.blockRows),
      rows: new Int32Array(this.memory.buffer, this.outRows, this.blockRows),
    };
    const calls = this.kernelCalls(ranges);
    for (let c = 0; c < calls.length; c += 4) {
      candidates.count = kernel.scoreBlock(
        calls[c],
        calls[c + 1],
        this.pairs,
        Math.ceil(pairCount / 2),
        calls[c + 2],
        queryScale,
        floor(),
        this.outScores,
        this.outRows,
        this.strip,
      );
      if (candidates.count > 0) visit(calls[c + 3], candidates);
    }
    return pairCount;
  }

  /** The shared memory the blocks are in (null for staged blocks). */
  get sharedMemory(): WasmMemory | null {
    return this.kernel ? this.memory : null;
  }

  /**
   * What another thread needs to scan like `score` (scan-worker.ts): the query's pairs, its scale, and each
   * call of the kernel's arguments (block start, rows, scales start, first row). Null for a zero query.
   */
  scanTask(query: ScanQuery, ranges?: ArrayLike<number>): ScanTask | null {
    const weights = weightsFor(query, this.dims);
    const queryScale = weights.scale;
    if (queryScale === 0 || this.rows === 0) return null;
    const pairCount = this.writePairs(weights);
    const pairs = new Int32Array(Math.ceil(pairCount / 2) * 4);
    pairs.set(new Int32Array(this.memory.buffer, this.pairs, pairs.length));
    return { pairs, pairCount, queryScale, calls: this.kernelCalls(ranges) };
  }

  /**
   * The kernel's calls that score `ranges` (every row without them), four numbers each: the bytes of the first
   * row's first column, the rows (within one block, a multiple of the strip), the bytes of their scales, and
   * the first row's number.
   */
  private kernelCalls(ranges?: ArrayLike<number>): Int32Array {
    const strips = this.stripRanges(ranges);
    // One call per block a range touches, at most: written in place rather than grown (a search makes one).
    let most = 0;
    for (const [start, end] of strips) most += Math.ceil((end - start) / this.blockRows) + 1;
    const calls = new Int32Array(most * 4);
    let written = 0;
    for (const [start, end] of strips) {
      for (let from = start; from < end;) {
        const to = Math.min(end, (Math.floor(from / this.blockRows) + 1) * this.blockRows);
        const block = this.blockStart(Math.floor(from / this.blockRows));
        const skip = from % this.blockRows;
        calls[written++] = block + skip;
        calls[written++] = to - from;
        calls[written++] = this.scalesOf(block) + 4 * skip;
        calls[written++] = from;
        from = to;
      }
    }
    return calls.subarray(0, written);
  }

  /** The rows to score as sorted, disjoint [start, end) ranges of whole strips (every row without `ranges`). */
  private stripRanges(ranges?: ArrayLike<number>): [number, number][] {
    const last = align(this.rows, STRIP_ROWS);
    if (!ranges) return [[0, last]];
    const strips: [number, number][] = [];
    for (let i = 0; i + 1 < ranges.length; i += 2) {
      const start = Math.floor(ranges[i] / STRIP_ROWS) * STRIP_ROWS;
      const end = Math.min(last, align(ranges[i + 1], STRIP_ROWS));
      if (start < end) strips.push([start, end]);
    }
    strips.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const range of strips) {
      const previous = merged.at(-1);
      if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
      else merged.push(range);
    }
    return merged;
  }

  /** The query's non-zero dimensions as the kernel's list of pairs, in this memory; returns how many. */
  private writePairs(weights: QueryWeights): number {
    const pairs = new Int32Array(this.memory.buffer, this.pairs, Math.ceil(this.dims / 2) * 4);
    return weights.writePairs(this.blockRows, pairs);
  }

  private locate(row: number): { block: number; inBlock: number } {
    return { block: this.blockStart(Math.floor(row / this.blockRows)), inBlock: row % this.blockRows };
  }

  private blockStart(index: number): number {
    return this.firstBlock + index * this.blockBytes;
  }

  private scalesOf(block: number): number {
    return block + this.dims * this.blockRows;
  }

  private addBlock(): void {
    this.ensureBytes(this.blockStart(this.blockCount + 1));
    this.blockCount++;
  }

  private ensureBytes(bytes: number): void {
    const memory = this.memory;
    // Grown by at least an eighth at a time, so that a table loaded row by row grows memory few times.
    if (bytes > memory.buffer.byteLength) {
      const needed = Math.ceil((bytes - memory.buffer.byteLength) / PAGE);
      memory.grow(Math.max(needed, Math.ceil(memory.buffer.byteLength / PAGE / 8)));
    }
  }
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}
