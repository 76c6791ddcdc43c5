/**
 * What a table's in-memory copy keeps of each vector, chosen from the table's size and the vectors' density
 * (the user sets nothing): which codes it keeps, and in blocks of how many rows.
 *
 * Every copy keeps the coarse int8 codes the scan reads (one byte a dimension). Small and sparse copies also
 * keep the fine codes (../vector-codes.ts, another byte a dimension): their answers then carry the very
 * distances the table gives. A large copy of dense vectors (a real model's 768 or 1,536 numbers per chunk)
 * keeps the coarse codes alone: at a million rows of 768 the fine codes are another 768 MB, which with the
 * grouping's rebuild and LanceDB's own memory would take the server past 4 GB. Its candidates are rescored with
 * the exact query against the coarse codes, so its order among rows is that of the coarse vectors, and its
 * distances are within the coarse rounding (about 0.003 for a unit query) of the table's. A dense question's
 * neighbours differ by hundredths, so the top 10 found are the same (recall is measured by `bench:dense`).
 */

/** Rough bytes a row's strings and map entries cost on the JavaScript heap, besides the characters. */
const ROW_OVERHEAD_BYTES = 160;

/** A row is dense when more than this share of its dimensions is non-zero. */
export const DENSE_SHARE = 0.5;

/**
 * From this many (row, dimension) pairs a dense copy keeps its coarse codes alone: fine codes of 256 MB or
 * more. A copy of 100,000 rows of 1,536 (154 million) keeps both.
 */
export const COARSE_ONLY_FROM = 256_000_000;

/** Whether a copy of `rows` rows of `dims` dimensions, `denseShare` of whose values are non-zero, keeps fine codes. */
export function keepsFineCodes(rows: number, dims: number, denseShare: number): boolean {
  return denseShare <= DENSE_SHARE || rows * dims < COARSE_ONLY_FROM;
}

/**
 * The least a copy of `rows` rows of `dims` dimensions takes (its text not counted): read before loading it.
 * `fine`: whether it keeps fine codes.
 */
export function leastBytesOf(rows: number, dims: number, fine = true): number {
  return rows * ((fine ? 2 : 1) * (dims + 4) + ROW_OVERHEAD_BYTES);
}

/** Whether more than DENSE_SHARE of one row's values are non-zero. */
export function isDense(values: ArrayLike<number>): boolean {
  let nonZero = 0;
  for (let d = 0; d < values.length; d++) if (values[d] !== 0) nonZero++;
  return nonZero > DENSE_SHARE * values.length;
}

/**
 * Rows per block of the int8 scan: small tables (most knowledge bases) use small blocks, since a block touches
 * a page of memory per dimension however few rows it holds; a table that grows past SMALL_TABLE_ROWS is
 * requantised into large blocks, which scan faster (fewer calls, longer runs) when a query reads few of their
 * columns (sparse vectors). Dense vectors read every column: in a large block the kernel's 32 rows of one
 * column sit a page away from the next column's, so a scan jumps a page per dimension; in a block of 32 rows
 * (one strip) the columns follow each other and the scan reads memory in order (twice as fast at 1,536
 * dimensions).
 */
export const SMALL_BLOCK_ROWS = 256;
const LARGE_BLOCK_ROWS = 4096;
const DENSE_BLOCK_ROWS = 32;
const SMALL_TABLE_ROWS = 4096;

/** The blocks for a table of `rows` rows, `denseRows` of them dense (`isDense`). */
export function blockRowsFor(rows: number, denseRows: number): number {
  if (rows < SMALL_TABLE_ROWS) return SMALL_BLOCK_ROWS;
  return denseRows * 2 > rows ? DENSE_BLOCK_ROWS : LARGE_BLOCK_ROWS;
}

/** The share of non-zero values in `vectors`. */
export function nonZeroShare(vectors: readonly ArrayLike<number>[]): number {
  let nonZero = 0;
  let values = 0;
  for (const v of vectors) {
    for (let d = 0; d < v.length; d++) if (v[d] !== 0) nonZero++;
    values += v.length;
  }
  return values === 0 ? 0 : nonZero / values;
}
