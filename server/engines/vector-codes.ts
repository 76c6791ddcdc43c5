/**
 * A vector as two levels of int8 codes: coarse codes with a scale (what the scan reads) and the rounding the
 * coarse codes leave, coded again with its own scale. Decoded, the two give each value to about 1/64,000 of
 * the vector's largest value: a dot product with a unit query moves by at most about 3e-5, where int8 alone
 * moves it by 0.003.
 *
 * Half the memory of float32 vectors is what lets an in-memory copy of a million chunks fit on a small machine.
 * Distances are always computed from the decoded vector, whichever side answers: the copy from its codes, the
 * vector table by encoding the vector it stored (`codedCosineDistance`). A search therefore gives the same
 * distances before and after its table's copy has loaded.
 */
export interface VectorCodes {
  coarse: Int8Array;
  /** A float32 value (rounded with Math.fround), so that it is stored without change. */
  coarseScale: number;
  fine: Int8Array;
  fineScale: number;
}

/** The codes of `vector`, written into `into` when given (its arrays must have the vector's length). */
export function encodeVector(vector: ArrayLike<number>, into?: VectorCodes): VectorCodes {
  const dims = vector.length;
  const codes = into ?? {
    coarse: new Int8Array(dims),
    coarseScale: 0,
    fine: new Int8Array(dims),
    fineScale: 0,
  };
  codes.coarseScale = scaleFor(largest(vector, dims));
  let residualMax = 0;
  for (let d = 0; d < dims; d++) {
    const code = toCode(vector[d], codes.coarseScale);
    codes.coarse[d] = code;
    residualMax = Math.max(residualMax, Math.abs(vector[d] - codes.coarseScale * code));
  }
  codes.fineScale = scaleFor(residualMax);
  for (let d = 0; d < dims; d++) {
    codes.fine[d] = toCode(vector[d] - codes.coarseScale * codes.coarse[d], codes.fineScale);
  }
  return codes;
}

/** The dot product of `query` with the vector the codes decode to. */
export function decodedDot(query: ArrayLike<number>, codes: VectorCodes): number {
  const dims = query.length;
  return (
    codes.coarseScale * codesDot(query, codes.coarse, 0, 1, dims) +
    codes.fineScale * codesDot(query, codes.fine, 0, 1, dims)
  );
}

/**
 * The dot product of `query` with `dims` int8 codes, the d-th at `start + d * stride` of `codes` (1 for codes
 * row by row; a block's row count for codes column by column). Every rescoring sums through here, in this one
 * order, so that a row's distance is the same to the bit whichever copy or file computed it. Four sums, not one:
 * one sum waits for each addition before the next, and four let the processor make four at once.
 */
export function codesDot(
  query: ArrayLike<number>,
  codes: Int8Array,
  start: number,
  stride: number,
  dims: number,
): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  let at = start;
  for (; d + 3 < dims; d += 4, at += 4 * stride) {
    s0 += query[d] * codes[at];
    s1 += query[d + 1] * codes[at + stride];
    s2 += query[d + 2] * codes[at + 2 * stride];
    s3 += query[d + 3] * codes[at + 3 * stride];
  }
  for (; d < dims; d++, at += stride) s0 += query[d] * codes[at];
  return s0 + s1 + (s2 + s3);
}

/** Cosine distance of two unit vectors (providers normalise), the stored one taken through its codes. */
export function codedCosineDistance(query: ArrayLike<number>, stored: ArrayLike<number>): number {
  return distanceFromDot(decodedDot(query, encodeVector(stored)));
}

export function distanceFromDot(dot: number): number {
  return Math.max(0, 1 - dot);
}

function largest(vector: ArrayLike<number>, dims: number): number {
  let max = 0;
  for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(vector[d]));
  return max;
}

function scaleFor(max: number): number {
  return Math.fround(max / 127);
}

function toCode(value: number, scale: number): number {
  if (scale === 0) return 0;
  return Math.max(-127, Math.min(127, Math.round(value / scale)));
}
