/**
 * A query as the scan kernel (scan-kernel.wat) reads it: integer weights, one unit of which is the query's
 * scale, listed as pairs of non-zero dimensions; and how far that rounding can move a score.
 */

/**
 * The value of one unit of the query's integer weights (0 for a zero query): the largest weight such that no
 * sum can leave the i32 range (|sum| <= |weights| * |values|, and a row's int8 values have a norm of at most
 * 127 * sqrt(dims)); for sparse queries this is int16's own limit.
 */
export function queryScaleOf(query: ArrayLike<number>, dims: number): number {
  let max = 0;
  let squares = 0;
  for (let d = 0; d < dims; d++) {
    max = Math.max(max, Math.abs(query[d]));
    squares += query[d] * query[d];
  }
  if (max === 0) return 0;
  const largestWeight = Math.min(
    32767,
    Math.floor((0.99 * 2 ** 31 * max) / (Math.sqrt(squares) * 127 * Math.sqrt(dims))),
  );
  return max / largestWeight;
}

/**
 * How far a score the kernel gives for `query` may be from the dot product of `query` with a row's coarse vector
 * (its int8 codes times its scale), for rows whose coarse vectors have a norm of at most `rowNorm`: the query is
 * rounded to integer weights (by at most half its scale in each dimension), which moves the dot product by at
 * most the rounding's norm times the row's (Cauchy-Schwarz); the kernel's float32 products add a relative
 * 2^-22 or so, bounded here by 1e-6 of the largest dot product possible.
 */
export function queryScoreError(query: ArrayLike<number>, dims: number, rowNorm: number): number {
  const queryScale = queryScaleOf(query, dims);
  if (queryScale === 0) return 0;
  let rounding = 0;
  let squares = 0;
  for (let d = 0; d < dims; d++) {
    rounding += (query[d] - Math.round(query[d] / queryScale) * queryScale) ** 2;
    squares += query[d] * query[d];
  }
  return Math.sqrt(rounding) * rowNorm + 1e-6 * Math.sqrt(squares) * rowNorm;
}

/**
 * Writes the query's non-zero dimensions (of its first `dims`) into `pairs` as the kernel's list, 16 bytes an entry: the byte offsets
 * of two columns in a block of `blockRows` rows, then both int16 weights in one i32. Returns how many
 * dimensions it holds.
 */
export function writeQueryPairs(
  query: ArrayLike<number>,
  dims: number,
  queryScale: number,
  blockRows: number,
  pairs: Int32Array,
): number {
  let count = 0;
  for (let d = 0; d < dims; d++) {
    const weight = Math.round(query[d] / queryScale);
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
