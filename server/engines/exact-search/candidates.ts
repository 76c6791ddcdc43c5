import type { QuantisedBlocks } from './scan-kernel';

/**
 * The most the int8 scan's score of a row for `vector` can differ from its rescored dot product, for rows
 * whose coarse and fine codes have the largest norms `coarseNorm` and `fineNorm`: scan minus rescored =
 * (rounded query - query) . coarse - query . fine; the first is bounded in the kernel, the second by
 * Cauchy-Schwarz. The copy and its file (copy-file-search.ts) keep every row within twice this of the
 * `limit`-th best scan score.
 */
export function scanErrorBound(
  blocks: QuantisedBlocks,
  vector: ArrayLike<number>,
  coarseNorm: number,
  fineNorm: number,
): number {
  let squares = 0;
  for (let d = 0; d < vector.length; d++) squares += vector[d] * vector[d];
  return blocks.scoreError(vector, coarseNorm) + Math.sqrt(squares) * fineNorm;
}

/** The rows a search's scan kept, with their scan scores, in arrays that grow by doubling. */
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
}
