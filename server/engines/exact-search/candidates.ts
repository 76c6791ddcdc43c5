import type { QuantisedBlocks } from './scan-kernel';
import { weightsFor, type ScanQuery } from './query-weights';
import { TopScores } from './top-scores';

/**
 * The most the int8 scan's score of a row for `vector` can differ from its rescored dot product, for rows
 * whose coarse and fine codes have the largest norms `coarseNorm` and `fineNorm`: scan minus rescored =
 * (rounded query - query) . coarse - query . fine; the first is bounded in the kernel, the second by
 * Cauchy-Schwarz. The copy and its file (copy-file-search.ts) keep every row within twice this of the
 * `limit`-th best scan score.
 */
export function scanErrorBound(
  blocks: QuantisedBlocks,
  vector: ScanQuery,
  coarseNorm: number,
  fineNorm: number,
): number {
  return scanErrorBounds(blocks, vector, coarseNorm, fineNorm).scan;
}

/**
 * `scanErrorBound` (`scan`), and its first part alone (`coarse`): how far a scan score can be from the dot
 * product with the row's coarse codes.
 */
export function scanErrorBounds(
  blocks: QuantisedBlocks,
  vector: ScanQuery,
  coarseNorm: number,
  fineNorm: number,
): { coarse: number; scan: number } {
  const weights = weightsFor(vector, blocks.dims);
  const coarse = weights.scoreError(coarseNorm);
  return { coarse, scan: coarse + weights.norm * fineNorm };
}

/** The rows a scan may answer with (`scanCandidates`). */
export interface ScannedRows {
  /** Row numbers from here on are not held (the last block's rows past the last are zero). */
  slots: number;
  /** 1 for a removed row; past its end nothing is removed. */
  removed: Uint8Array;
  /** With a filter: whether it accepts the row. */
  accept?: (row: number) => boolean;
  /** The row a scanned row number stands for, when the blocks scanned hold only some rows (a file's groups). */
  rowOf?: (scanned: number) => number;
}

/**
 * The int8 scan of a search for the `kth.capacity` rows nearest `vector` (MirroredTable.search, and the
 * searches of a copy's file, copy-file-search.ts): `blocks` scored (only `ranges`, when given), every held row
 * within twice `error` (scanErrorBound) of the `kth.capacity`-th best scan score kept, best first, ties by row:
 * no other can be nearer once rescored. `kth` is left with the best scan scores.
 */
export function scanCandidates(
  blocks: QuantisedBlocks,
  vector: ScanQuery,
  kth: TopScores,
  error: number,
  held: ScannedRows,
  ranges?: ArrayLike<number>,
): { score: number; row: number }[] {
  const candidates = new Candidates();
  const { slots, removed, accept, rowOf } = held;
  blocks.score(
    vector,
    () => kth.floor - 2 * error,
    (firstRow, scored) => {
      for (let k = 0; k < scored.count; k++) {
        // Rows past the last are zero: a score the heap would take from one is rejected by the slot check.
        const scanned = firstRow + scored.rows[k];
        const row = rowOf ? rowOf(scanned) : scanned;
        const score = scored.scores[k];
        if (score > kth.floor - 2 * error && row < slots && removed[row] !== 1 && (!accept || accept(row))) {
          kth.offer(score, row);
          candidates.add(score, row);
        }
      }
    },
    ranges,
  );
  return candidates.above(kth.floor - 2 * error);
}

/**
 * `scanCandidates` from a scan made on the scan thread (scan-thread.ts), which kept every row within twice
 * `error` of its own `capacity`-th best without knowing which rows are held: null when one of them is not held
 * (removed, or added past `slots`, while the thread scanned), as such a row may have raised the thread's floor
 * past rows this one would keep.
 */
export function threadCandidates(
  scanned: { rows: Int32Array; scores: Float32Array },
  capacity: number,
  error: number,
  slots: number,
  removed: Uint8Array,
): { score: number; row: number }[] | null {
  const kth = new TopScores(capacity);
  const candidates = new Candidates();
  for (let k = 0; k < scanned.rows.length; k++) {
    const row = scanned.rows[k];
    if (row >= slots || removed[row] === 1) return null;
    kth.offer(scanned.scores[k], row);
    candidates.add(scanned.scores[k], row);
  }
  return candidates.above(kth.floor - 2 * error);
}

/**
 * The rows a search's scan kept, with their scan scores, in arrays that grow by doubling (here, and on the scan
 * thread, scan-worker.ts).
 */
export class Candidates {
  private scores = new Float32Array(64);
  private rows = new Int32Array(64);
  private count = 0;

  add(score: number, row: number): void {
    if (this.count === this.rows.length) {
      const scores = new Float32Array(this.count * 2);
      scores.set(this.scores);
      this.scores = scores;
      const rows = new Int32Array(this.count * 2);
      rows.set(this.rows);
      this.rows = rows;
    }
    this.scores[this.count] = score;
    this.rows[this.count++] = row;
  }

  /** Those scoring above `floor`, best first, ties by row. */
  above(floor: number): { score: number; row: number }[] {
    const kept: { score: number; row: number }[] = [];
    for (let i = 0; i < this.count; i++) {
      if (this.scores[i] > floor) kept.push({ score: this.scores[i], row: this.rows[i] });
    }
    return kept.sort((a, b) => b.score - a.score || a.row - b.row);
  }

  /** Those scoring above `floor`, in arrays of their own (which another thread can be handed). */
  arraysAbove(floor: number): { rows: Int32Array; scores: Float32Array } {
    let kept = 0;
    for (let i = 0; i < this.count; i++) {
      if (this.scores[i] > floor) {
        this.rows[kept] = this.rows[i];
        this.scores[kept++] = this.scores[i];
      }
    }
    return { rows: this.rows.slice(0, kept), scores: this.scores.slice(0, kept) };
  }
}
