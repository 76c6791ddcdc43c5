import fs from 'node:fs';

/** The part of the WebAssembly API used here (the server's TypeScript libraries do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** The SIMD scoring loop, assembled from scan-kernel.wat (compiled once per process, instantiated per table). */
let compiled: object | null = null;

function kernelModule(): object {
  compiled ??= new wasm.Module(fs.readFileSync(new URL('./scan-kernel.wasm', import.meta.url)));
  return compiled;
}

interface KernelExports {
  memory: WasmMemory;
  scoreBlock(
    block: number,
    rows: number,
    pairs: number,
    pairCount: number,
    scales: number,
    acc: number,
    queryScale: number,
    out: number,
  ): void;
}

const PAGE = 65536;

/**
 * One table's vectors in WebAssembly memory, quantised to int8 with a scale per row, in blocks of `blockRows`
 * rows stored column by column (so that a query reads only its own non-zero dimensions). Rows are appended;
 * a removed row is zeroed (its scale 0) and stays until the owner compacts.
 */
export class QuantisedBlocks {
  private readonly kernel: KernelExports;
  /** Byte offsets in memory: scratch for one block's accumulators and scores, and the query's pairs. */
  private readonly acc: number;
  private readonly out: number;
  private readonly pairs: number;
  private readonly firstBlock: number;
  private readonly blockBytes: number;
  private blockCount = 0;
  private rows = 0;

  constructor(
    readonly dims: number,
    readonly blockRows = 4096,
  ) {
    this.kernel = new wasm.Instance(kernelModule()).exports as unknown as KernelExports;
    this.acc = 0;
    this.out = blockRows * 4;
    this.pairs = this.out + blockRows * 4;
    this.firstBlock = align(this.pairs + dims * 8, 16);
    // The columns, then one f32 scale per row.
    this.blockBytes = align(dims * blockRows + blockRows * 4, 16);
    this.ensureBytes(this.firstBlock);
  }

  /** Rows appended so far, removed ones included. */
  get size(): number {
    return this.rows;
  }

  /** Appends one unit vector; returns its row number. */
  append(vector: ArrayLike<number>): number {
    const row = this.rows;
    const inBlock = row % this.blockRows;
    if (inBlock === 0) this.addBlock();
    const block = this.blockStart(Math.floor(row / this.blockRows));
    const memory = new Int8Array(this.kernel.memory.buffer);
    let max = 0;
    for (let d = 0; d < this.dims; d++) max = Math.max(max, Math.abs(vector[d]));
    const scale = max / 127;
    if (max > 0) {
      for (let d = 0; d < this.dims; d++) {
        memory[block + d * this.blockRows + inBlock] = Math.round(vector[d] / scale);
      }
    }
    new Float32Array(this.kernel.memory.buffer, this.scalesOf(block), this.blockRows)[inBlock] = scale;
    this.rows++;
    return row;
  }

  /** Zeroes a row: it then scores 0 against every query (the owner skips removed rows). */
  clear(row: number): void {
    const { block, inBlock } = this.locate(row);
    const memory = new Int8Array(this.kernel.memory.buffer);
    for (let d = 0; d < this.dims; d++) memory[block + d * this.blockRows + inBlock] = 0;
    new Float32Array(this.kernel.memory.buffer, this.scalesOf(block), this.blockRows)[inBlock] = 0;
  }

  /**
   * Dot products of `query` with every row, block by block: `visit(firstRow, scores)` gets each block's scores
   * (a view that the next block overwrites). Returns how many of the query's dimensions were non-zero.
   */
  score(query: ArrayLike<number>, visit: (firstRow: number, scores: Float32Array) => void): number {
    let max = 0;
    for (let d = 0; d < this.dims; d++) max = Math.max(max, Math.abs(query[d]));
    if (max === 0 || this.rows === 0) return 0;
    const queryScale = max / 32767;
    const pairs = new Int32Array(this.kernel.memory.buffer, this.pairs, this.dims * 2);
    let pairCount = 0;
    for (let d = 0; d < this.dims; d++) {
      const weight = Math.round(query[d] / queryScale);
      if (weight === 0) continue;
      pairs[pairCount * 2] = d * this.blockRows;
      pairs[pairCount * 2 + 1] = weight;
      pairCount++;
    }
    const scores = new Float32Array(this.kernel.memory.buffer, this.out, this.blockRows);
    for (let b = 0; b < this.blockCount; b++) {
      const block = this.blockStart(b);
      const rows = Math.min(this.blockRows, align(this.rows - b * this.blockRows, 16));
      this.kernel.scoreBlock(
        block,
        rows,
        this.pairs,
        pairCount,
        this.scalesOf(block),
        this.acc,
        queryScale,
        this.out,
      );
      visit(b * this.blockRows, rows === this.blockRows ? scores : scores.subarray(0, rows));
    }
    return pairCount;
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
    const memory = this.kernel.memory;
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
