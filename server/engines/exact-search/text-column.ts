/** Bytes per block of text: blocks, so that growing never copies them all. */
const BLOCK_BYTES = 1 << 20;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A column's rows: where each row's text lies in which block, and the blocks (the last `used` bytes full). */
export interface TextParts {
  rows: number;
  used: number;
  starts: Int32Array;
  lengths: Int32Array;
  blockOf: Int32Array;
  blocks: readonly Uint8Array[];
}

/**
 * One string per row, kept as UTF-8 in large byte blocks rather than as a million JavaScript strings: the garbage
 * collector then has a few hundred arrays to walk instead of millions of strings (with a million chunks held,
 * its pauses had stretched the slowest searches to 100 ms). Only the rows a search answers are decoded.
 */
export class TextColumn {
  private blocks: Uint8Array[] = [];
  private used = BLOCK_BYTES;
  /** Row i's text is at offset starts[i] of block blockOf[i], lengths[i] bytes long. */
  private starts = new Int32Array(1024);
  private lengths = new Int32Array(1024);
  private blockOf = new Int32Array(1024);
  private rows = 0;
  /** Bytes of the rows' text, and of cleared rows' text (still in the blocks). */
  private liveBytes = 0;
  private clearedBytes = 0;

  /** Stores row `row`'s text: rows are stored in order, each once. */
  set(row: number, text: string): void {
    if (row !== this.rows)
      throw new Error(`text column rows are stored in order (${row} after ${this.rows})`);
    this.ensureRows(row + 1);
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const most = text.length * 3;
    if (this.blocks.length === 0 || this.used + most > BLOCK_BYTES) {
      this.blocks.push(new Uint8Array(Math.max(BLOCK_BYTES, most)));
      this.used = 0;
    }
    const block = this.blocks.length - 1;
    const { written } = encoder.encodeInto(text, this.blocks[block].subarray(this.used));
    this.starts[row] = this.used;
    this.lengths[row] = written;
    this.blockOf[row] = block;
    this.used += written;
    this.liveBytes += written;
    this.rows++;
  }

  /**
   * An empty column whose rows may point at `other`'s bytes (`copyRow`): rows stored again in another order
   * (a copy grouped, mirrored-table.ts) then cost three numbers each, not their text a second time. Unless
   * cleared rows' text is most of `other`'s blocks: then the rows are copied, and the cleared text let go.
   */
  static sharing(other: TextColumn): TextColumn {
    const column = new TextColumn();
    if (other.clearedBytes > other.liveBytes) return column;
    column.blocks = other.blocks.slice();
    column.clearedBytes = other.clearedBytes + other.liveBytes;
    return column;
  }

  /**
   * Stores row `row` as `from`'s row `fromRow`: pointing at the same bytes when they are in a block both
   * share (see `sharing`), else copying its text. Rows are stored in order, each once, as by `set`.
   */
  copyRow(row: number, from: TextColumn, fromRow: number): void {
    const block = from.blockOf[fromRow];
    if (this.blocks[block] !== from.blocks[block]) {
      this.set(row, from.get(fromRow));
      return;
    }
    if (row !== this.rows)
      throw new Error(`text column rows are stored in order (${row} after ${this.rows})`);
    this.ensureRows(row + 1);
    this.starts[row] = from.starts[fromRow];
    this.lengths[row] = from.lengths[fromRow];
    this.blockOf[row] = block;
    this.liveBytes += this.lengths[row];
    this.clearedBytes -= this.lengths[row];
    this.rows++;
  }

  /** Bytes the column holds: its row index, and its text blocks not in `seen` (which then holds them). */
  heldBytes(seen: Set<object>): number {
    let bytes = this.starts.byteLength + this.lengths.byteLength + this.blockOf.byteLength;
    for (const block of this.blocks) {
      if (seen.has(block.buffer)) continue;
      seen.add(block.buffer);
      bytes += block.byteLength;
    }
    return bytes;
  }

  get(row: number): string {
    const start = this.starts[row];
    return decoder.decode(this.blocks[this.blockOf[row]].subarray(start, start + this.lengths[row]));
  }

  /** Bytes of row `row`'s text. */
  bytesOf(row: number): number {
    return this.lengths[row];
  }

  /** Forgets a row's text (its bytes stay until the owner compacts). */
  clear(row: number): void {
    this.liveBytes -= this.lengths[row];
    this.clearedBytes += this.lengths[row];
    this.lengths[row] = 0;
  }

  /** What the column holds, as the copy's file stores it (copy-file.ts). */
  get parts(): TextParts {
    return {
      rows: this.rows,
      used: this.used,
      starts: this.starts.subarray(0, this.rows),
      lengths: this.lengths.subarray(0, this.rows),
      blockOf: this.blockOf.subarray(0, this.rows),
      blocks: this.blocks,
    };
  }

  static of(parts: TextParts): TextColumn {
    const column = new TextColumn();
    column.blocks = [...parts.blocks];
    column.used = parts.used;
    column.rows = parts.rows;
    column.ensureRows(parts.rows);
    column.starts.set(parts.starts);
    column.lengths.set(parts.lengths);
    column.blockOf.set(parts.blockOf);
    for (const length of parts.lengths) column.liveBytes += length;
    // Bytes in the blocks that no row points at (cleared rows' text, and the small ends blocks leave unused).
    const last = parts.blocks.at(-1);
    let stored = last ? parts.used - last.byteLength : 0;
    for (const block of parts.blocks) stored += block.byteLength;
    column.clearedBytes = Math.max(0, stored - column.liveBytes);
    return column;
  }

  private ensureRows(rows: number): void {
    if (rows <= this.starts.length) return;
    const size = Math.max(rows, this.starts.length * 2);
    this.starts = grown(this.starts, size);
    this.lengths = grown(this.lengths, size);
    this.blockOf = grown(this.blockOf, size);
  }
}

function grown(old: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const fresh = new Int32Array(size);
  fresh.set(old);
  return fresh;
}
