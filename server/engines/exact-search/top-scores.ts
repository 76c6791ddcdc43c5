/**
 * The `capacity` highest scores offered, with their rows: a min-heap in typed arrays, so that scoring a
 * hundred thousand rows allocates nothing per row.
 */
export class TopScores {
  private readonly scores: Float32Array | Float64Array;
  private readonly rows: Int32Array;
  private size = 0;

  /** `exact`: scores kept as float64 (rescored dot products), not rounded to float32 (the scan's scores). */
  constructor(
    readonly capacity: number,
    exact = false,
  ) {
    const size = Math.max(capacity, 0);
    this.scores = exact ? new Float64Array(size) : new Float32Array(size);
    this.rows = new Int32Array(Math.max(capacity, 0));
  }

  /** The lowest score kept once full; until then every score is taken. */
  get floor(): number {
    return this.size < this.capacity ? -Infinity : this.scores[0];
  }

  offer(score: number, row: number): void {
    if (this.size < this.capacity) {
      let i = this.size++;
      // Sift up.
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.scores[parent] <= score) break;
        this.scores[i] = this.scores[parent];
        this.rows[i] = this.rows[parent];
        i = parent;
      }
      this.scores[i] = score;
      this.rows[i] = row;
      return;
    }
    if (score <= this.scores[0]) return;
    // Replace the root and sift down.
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && this.scores[right] < this.scores[left] ? right : left;
      if (this.scores[child] >= score) break;
      this.scores[i] = this.scores[child];
      this.rows[i] = this.rows[child];
      i = child;
    }
    this.scores[i] = score;
    this.rows[i] = row;
  }

  /** Highest first; ties by row, so that equal scores come back in a stable order. */
  sorted(): { score: number; row: number }[] {
    return Array.from({ length: this.size }, (_, i) => ({ score: this.scores[i], row: this.rows[i] })).sort(
      (a, b) => b.score - a.score || a.row - b.row,
    );
  }
}
