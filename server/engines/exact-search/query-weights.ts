/**
 * A query as the scan kernel (scan-kernel.wat) reads it: integer weights, one unit of which is the query's
 * scale, listed as pairs of non-zero dimensions; and how far that rounding can move a score.
 *
 * A search rounds its query once (`QueryWeights.of`) and hands the result to every scan it makes (the groups'
 * centroids, the rows, the error bounds): at 1,536 dimensions each rounding is two passes over the query with
 * a division per dimension, and a search made eight of them on the thread that answers every request.
 */
export class QueryWeights {
  private constructor(
    /** The dimensions rounded: the blocks' own (a query's first `dims`). */
    readonly dims: number,
    /** The value of one unit of the weights; 0 for a zero query. */
    readonly scale: number,
    /** Each dimension's integer weight. */
    readonly weights: Int32Array,
    /** The query's norm. */
    readonly norm: number,
    /** The norm of what the rounding moved: the query minus its weights times the scale. */
    readonly roundingNorm: number,
  ) {}

  /**
   * `query`'s first `dims` rounded. The scale is the largest such that no sum can leave the i32 range
   * (|sum| <= |weights| * |values|, and a row's int8 values have a norm of at most 127 * sqrt(dims)); for
   * sparse queries it is int16's own limit.
   */
  static of(query: ArrayLike<number>, dims: number): QueryWeights {
    let max = 0;
    let squares = 0;
    for (let d = 0; d < dims; d++) {
      max = Math.max(max, Math.abs(query[d]));
      squares += query[d] * query[d];
    }
    const weights = new Int32Array(dims);
    if (max === 0) return new QueryWeights(dims, 0, weights, Math.sqrt(squares), 0);
    const largestWeight = Math.min(
      32767,
      Math.floor((0.99 * 2 ** 31 * max) / (Math.sqrt(squares) * 127 * Math.sqrt(dims))),
    );
    const scale = max / largestWeight;
    let rounding = 0;
    for (let d = 0; d < dims; d++) {
      const weight = Math.round(query[d] / scale);
      weights[d] = weight;
      rounding += (query[d] - weight * scale) ** 2;
    }
    return new QueryWeights(dims, scale, weights, Math.sqrt(squares), Math.sqrt(rounding));
  }

  /**
   * How far a score the kernel gives may be from the dot product of the query with a row's coarse vector (its
   * int8 codes times its scale), for rows whose coarse vectors have a norm of at most `rowNorm`: the rounding
   * (by at most half the scale in each dimension) moves the dot product by at most the rounding's norm times the
   * row's (Cauchy-Schwarz); the kernel's float32 products add a relative 2^-22 or so, bounded here by 1e-6 of
   * the largest dot product possible.
   */
  scoreError(rowNorm: number): number {
    if (this.scale === 0) return 0;
    return this.roundingNorm * rowNorm + 1e-6 * this.norm * rowNorm;
  }

  /**
   * Writes the non-zero weights into `pairs` as the kernel's list, 16 bytes an entry: the byte offsets of two
   * columns in a block of `blockRows` rows, then both int16 weights in one i32. Returns how many dimensions it
   * holds.
   */
  writePairs(blockRows: number, pairs: Int32Array): number {
    const weights = this.weights;
    let count = 0;
    for (let d = 0; d < this.dims; d++) {
      const weight = weights[d];
      if (weight === 0) continue;
      const entry = (count >> 1) * 4;
      if (count % 2 === 0) {
        // A lone last dimension reads its own column twice, the second time with weight 0.
        pairs[entry] = pairs[entry + 1] = d * blockRows;
        pairs[entry + 2] = weight & 0xffff;
      } else {
        pairs[entry + 1] = d * blockRows;
        pairs[entry + 2] |= weight << 16;
      }
      count++;
    }
    return count;
  }
}

/** A query to scan: its weights when already rounded for these dimensions, or the query itself. */
export type ScanQuery = QueryWeights | ArrayLike<number>;

/** `query`'s weights for `dims` dimensions, rounded now unless they already were. */
export function weightsFor(query: ScanQuery, dims: number): QueryWeights {
  if (!(query instanceof QueryWeights)) return QueryWeights.of(query, dims);
  if (query.dims !== dims) throw new Error(`a query rounded for ${query.dims} dimensions scanned on ${dims}`);
  return query;
}
