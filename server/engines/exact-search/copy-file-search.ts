import type { FileHandle } from 'node:fs/promises';
import type { JsonValue } from '../duckdb';
import type { StoredChunk } from '../vector-rows';
import { decodedDot, distanceFromDot, type VectorCodes } from '../vector-codes';
import { scanCandidates, scanErrorBound } from './candidates';
import { openHeader, type CopyLabel } from './copy-file';
import { layoutOf, type Header } from './copy-file-body';
import { Centroids } from './row-groups';
import { QuantisedBlocks } from './scan-kernel';
import { TopScores } from './top-scores';
import { QueryWeights } from './query-weights';

/**
 * Searches of a grouped copy's file while the copy itself is read from it (copy-file.ts). Reading a million
 * rows back takes seconds, most of them the machine handing the process a gigabyte of fresh memory; a search
 * of a grouped copy reads only its nearest groups and the rows added since (row-groups.ts), some megabytes:
 * those blocks are read from the file, scored and rescored as MirroredTable.search does, and the rows found
 * have their text read from the file too. The answers are the ones the copy gives once read. Only for grouped
 * copies (large dense ones): any other copy is read whole first. The
 * file's checksum is checked only by the whole read, which follows at once.
 */
export class CopyFileSearch {
  private readonly codes: VectorCodes;
  private readonly running = new Set<Promise<void>>();
  private answered: () => void = () => undefined;
  /** Resolves once a search has been answered: the whole copy is read after it (copy-files.ts). */
  readonly firstAnswered = new Promise<void>((resolve) => (this.answered = resolve));

  private constructor(
    private readonly handle: FileHandle,
    private readonly header: Header,
    private readonly layout: ReturnType<typeof layoutOf>,
    private readonly removed: Uint8Array,
    private readonly centroids: Centroids,
    private readonly starts: Int32Array,
  ) {
    const dims = header.dims;
    this.codes = { coarse: new Int8Array(dims), coarseScale: 0, fine: new Int8Array(dims), fineScale: 0 };
  }

  /** A search of `file` when it is for `label` and holds a grouped copy without fine codes; else null. */
  static async open(file: string, label: CopyLabel): Promise<CopyFileSearch | null> {
    const opened = await openHeader(file).catch(() => null);
    if (!opened) return null;
    const { handle, header, bodyAt, version } = opened;
    try {
      const groups = header.groups;
      if (header.table !== label.table || version !== label.version || !groups) {
        await handle.close();
        return null;
      }
      const layout = layoutOf(header, bodyAt);
      const removed = await readAt(handle, new Uint8Array(header.slots), layout.removed);
      const vectors = await readAt(handle, new Float32Array(groups.count * header.dims), layout.centroids);
      const centroids = Array.from({ length: groups.count }, (_, g) =>
        vectors.subarray(g * header.dims, (g + 1) * header.dims),
      );
      const starts = await readAt(handle, new Int32Array(groups.count + 1), layout.starts);
      return new CopyFileSearch(handle, header, layout, removed, new Centroids(centroids), starts);
    } catch {
      await handle.close();
      return null;
    }
  }

  /**
   * As MirroredTable.search without a filter: the `limit` held rows nearest `vector`, nearest first. The file
   * stays open until the searches under way have ended (`close`).
   */
  search(vector: ArrayLike<number>, limit: number): Promise<StoredChunk[]> {
    const running = this.searchFile(vector, limit);
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => {
      this.running.delete(settled);
      this.answered();
    });
    return running;
  }

  private async searchFile(vector: ArrayLike<number>, limit: number): Promise<StoredChunk[]> {
    const { header, removed } = this;
    const kth = new TopScores(Math.min(limit, header.slots - header.removedCount));
    if (kth.capacity === 0) return [];
    const weights = QueryWeights.of(vector, header.dims);
    const { blocks, tempOf, ranges } = this.blocksRead(weights);
    const read = new QuantisedBlocks(header.dims, header.blockRows);
    read.reserveRows(blocks.length * header.blockRows);
    // Runs of consecutive blocks (a group's rows) in one read each.
    for (let k = 0; k < blocks.length;) {
      let run = 1;
      while (k + run < blocks.length && blocks[k + run] === blocks[k] + run) run++;
      await readAt(
        this.handle,
        read.blockView(k, run),
        this.layout.vectors + blocks[k] * this.layout.blockBytes,
      );
      k += run;
    }
    const rowOf = (temp: number) =>
      blocks[Math.floor(temp / header.blockRows)] * header.blockRows + (temp % header.blockRows);
    const error = scanErrorBound(read, weights, header.coarseNorm, header.fineNorm);
    const held = { slots: header.slots, removed, rowOf };
    const candidates = scanCandidates(read, weights, kth, error, held, ranges);
    const best = new TopScores(kth.capacity, true);
    for (const { score, row } of candidates) {
      if (score + error < best.floor) break;
      this.codes.coarseScale = read.codesOf(tempOf(row), this.codes.coarse);
      this.codes.fineScale = header.fineBlocks ? await this.fineCodesOf(row, this.codes.fine) : 0;
      best.offer(decodedDot(vector, this.codes), row);
    }
    const found: StoredChunk[] = [];
    for (const { score, row } of best.sorted()) found.push(await this.chunkAt(row, distanceFromDot(score)));
    return found;
  }

  /** Rows held (removed ones not counted). */
  get rows(): number {
    return this.header.slots - this.header.removedCount;
  }

  /** As MirroredTable.grouping. */
  get grouping(): { groups: number; probes: number; ungrouped: number } {
    const groups = this.header.groups!;
    return { groups: groups.count, probes: groups.probes, ungrouped: this.header.slots - groups.tail };
  }

  get dims(): number {
    return this.header.dims;
  }

  async close(): Promise<void> {
    await Promise.all(this.running);
    await this.handle.close();
  }

  /**
   * The blocks holding the rows a search of `vector` reads (its nearest groups and the tail), in order; where
   * a held row sits among them; and those rows as ranges of the blocks read.
   */
  private blocksRead(vector: QueryWeights) {
    const { blockRows, slots } = this.header;
    const groups = this.header.groups!;
    const wanted: number[] = [];
    for (const g of this.centroids.nearest(vector, groups.probes))
      wanted.push(this.starts[g], this.starts[g + 1]);
    wanted.push(groups.tail, slots);
    const blockSet = new Set<number>();
    for (let i = 0; i < wanted.length; i += 2) {
      for (let b = Math.floor(wanted[i] / blockRows); b * blockRows < wanted[i + 1]; b++) blockSet.add(b);
    }
    const blocks = [...blockSet].sort((a, b) => a - b);
    const indexOf = new Map(blocks.map((b, k) => [b, k]));
    const tempOf = (row: number) => indexOf.get(Math.floor(row / blockRows))! * blockRows + (row % blockRows);
    // Each range cut at block bounds and moved to where its blocks sit: strips stay strips (blocks hold whole ones).
    const ranges: number[] = [];
    for (let i = 0; i < wanted.length; i += 2) {
      for (let start = wanted[i]; start < wanted[i + 1];) {
        const end = Math.min(wanted[i + 1], (Math.floor(start / blockRows) + 1) * blockRows);
        ranges.push(tempOf(start), tempOf(start) + (end - start));
        start = end;
      }
    }
    return { blocks, tempOf, ranges };
  }

  /** A row's fine codes, read from the file into `into`; returns their scale (FineCodes' blocks, row by row). */
  private async fineCodesOf(row: number, into: Int8Array): Promise<number> {
    const { dims, fineBlocks } = this.header;
    let at = this.layout.fine;
    let first = 0;
    for (const rows of fineBlocks!) {
      if (row < first + rows) {
        await readAt(this.handle, into, at + (row - first) * dims);
        return (await readAt(this.handle, new Float32Array(1), at + rows * dims + (row - first) * 4))[0];
      }
      at += rows * (dims + 4);
      first += rows;
    }
    throw new Error('the copy file holds no fine codes for this row');
  }

  /** A row as a search answers it, its columns read from the file. */
  private async chunkAt(row: number, distance: number): Promise<StoredChunk> {
    const [id, docId, content, metadata] = await Promise.all(
      this.layout.texts.map((_, column) => this.textAt(column, row)),
    );
    return {
      chunkId: id,
      docId,
      content,
      metadata: JSON.parse(metadata) as Record<string, JsonValue>,
      distance,
      score: null,
    };
  }

  /** Row `row`'s text in text column `column` (ids, document ids, contents, metadata). */
  private async textAt(column: number, row: number): Promise<string> {
    const at = this.layout.texts[column];
    const [start, length, block] = await Promise.all(
      [at.starts, at.lengths, at.blockOf].map(
        async (offset) => (await readAt(this.handle, new Int32Array(1), offset + row * 4))[0],
      ),
    );
    const bytes = await readAt(this.handle, new Uint8Array(length), at.blocks[block] + start);
    return new TextDecoder().decode(bytes);
  }
}

/** Fills `into` from the file at `offset`; throws when the file ends first. */
async function readAt<T extends Uint8Array | Int8Array | Int32Array | Float32Array>(
  handle: FileHandle,
  into: T,
  offset: number,
): Promise<T> {
  const bytes = new Uint8Array(into.buffer, into.byteOffset, into.byteLength);
  const { bytesRead } = await handle.read(bytes, 0, bytes.length, offset);
  if (bytesRead !== bytes.length) throw new Error('the copy file is truncated');
  return into;
}
