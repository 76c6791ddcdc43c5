import { EigenvalueDecomposition, Matrix } from 'ml-matrix';

/** A sparse matrix by rows (CSR): row r holds `values[offsets[r] .. offsets[r + 1])` in columns `columns[...]`. */
export interface SparseRows {
  rows: number;
  cols: number;
  offsets: Int32Array;
  columns: Int32Array;
  values: Float32Array;
}

/** A dense matrix, row-major. */
interface Dense {
  rows: number;
  cols: number;
  data: Float64Array;
}

/** The leading singular values and right singular vectors of a sparse matrix. */
export interface Singular {
  values: Float64Array;
  /** `cols x rank`, row-major: row c is column c's coordinates on the singular vectors. */
  right: Float64Array;
  rank: number;
}

/** A small deterministic generator (mulberry32): the same texts always give the same model. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rows: number, cols: number, random: () => number): Dense {
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < data.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(random() || 1e-12));
    const t = 2 * Math.PI * random();
    data[i] = r * Math.cos(t);
    if (i + 1 < data.length) data[i + 1] = r * Math.sin(t);
  }
  return { rows, cols, data };
}

/** A x D (A sparse n x m, D dense m x l). */
function times(a: SparseRows, d: Dense): Dense {
  const l = d.cols;
  const out = new Float64Array(a.rows * l);
  for (let r = 0; r < a.rows; r++) {
    const base = r * l;
    for (let p = a.offsets[r]; p < a.offsets[r + 1]; p++) {
      const v = a.values[p];
      const from = a.columns[p] * l;
      for (let j = 0; j < l; j++) out[base + j] += v * d.data[from + j];
    }
  }
  return { rows: a.rows, cols: l, data: out };
}

/** A^T x D (A sparse n x m, D dense n x l). */
function transposeTimes(a: SparseRows, d: Dense): Dense {
  const l = d.cols;
  const out = new Float64Array(a.cols * l);
  for (let r = 0; r < a.rows; r++) {
    const from = r * l;
    for (let p = a.offsets[r]; p < a.offsets[r + 1]; p++) {
      const v = a.values[p];
      const base = a.columns[p] * l;
      for (let j = 0; j < l; j++) out[base + j] += v * d.data[from + j];
    }
  }
  return { rows: a.cols, cols: l, data: out };
}

/**
 * Orthonormal columns spanning D's (modified Gram-Schmidt, in place); a column that vanishes stays zero. The
 * columns are copied out to contiguous arrays first: walking a row-major column touches a new cache line per
 * value.
 */
function orthonormalize(d: Dense): Dense {
  const { rows, cols, data } = d;
  const columns = Array.from({ length: cols }, (_, j) => {
    const c = new Float64Array(rows);
    for (let r = 0; r < rows; r++) c[r] = data[r * cols + j];
    return c;
  });
  for (let j = 0; j < cols; j++) {
    const cj = columns[j];
    for (let i = 0; i < j; i++) {
      const ci = columns[i];
      let dot = 0;
      for (let r = 0; r < rows; r++) dot += ci[r] * cj[r];
      for (let r = 0; r < rows; r++) cj[r] -= dot * ci[r];
    }
    let norm = 0;
    for (let r = 0; r < rows; r++) norm += cj[r] * cj[r];
    const scale = norm > 1e-20 ? 1 / Math.sqrt(norm) : 0;
    for (let r = 0; r < rows; r++) cj[r] *= scale;
  }
  for (let j = 0; j < cols; j++) {
    const c = columns[j];
    for (let r = 0; r < rows; r++) data[r * cols + j] = c[r];
  }
  return d;
}

/**
 * The `rank` leading singular values and right singular vectors of `a`, by the randomized range finder with
 * power iterations (Halko, Martinsson and Tropp, 2011): a few passes over the sparse matrix and dense work
 * on thin matrices only, where a full decomposition would hold the dense matrix.
 */
export function leadingSingular(
  a: SparseRows,
  rank: number,
  { oversample = 10, powerIterations = 2, seed = 1 } = {},
): Singular {
  const l = Math.min(rank + oversample, a.rows, a.cols);
  let q = orthonormalize(times(a, gaussian(a.cols, l, seeded(seed))));
  for (let i = 0; i < powerIterations; i++) {
    q = orthonormalize(times(a, orthonormalize(transposeTimes(a, q))));
  }
  // B = Q^T A is l x m; its right singular vectors are A's. B B^T = Bt^T Bt is small (l x l).
  const bt = transposeTimes(a, q);
  const gram = new Matrix(l, l);
  const row = new Float64Array(l);
  const sums = new Float64Array(l * l);
  for (let c = 0; c < bt.rows; c++) {
    for (let j = 0; j < l; j++) row[j] = bt.data[c * l + j];
    for (let i = 0; i < l; i++) {
      const v = row[i];
      if (v === 0) continue;
      for (let j = i; j < l; j++) sums[i * l + j] += v * row[j];
    }
  }
  for (let i = 0; i < l; i++) {
    for (let j = i; j < l; j++) {
      gram.set(i, j, sums[i * l + j]);
      gram.set(j, i, sums[i * l + j]);
    }
  }
  const eig = new EigenvalueDecomposition(gram, { assumeSymmetric: true });
  const order = eig.realEigenvalues
    .map((value, index) => ({ value, index }))
    .sort((x, y) => y.value - x.value)
    .filter((e) => e.value > 1e-12)
    .slice(0, rank);
  const k = order.length;
  const values = Float64Array.from(order, (e) => Math.sqrt(e.value));
  // V = B^T U S^-1: column i of V is Bt u_i / s_i. U's columns as one array, scaled by 1 / s_i.
  const vectors = eig.eigenvectorMatrix;
  const u = new Float64Array(l * k);
  for (let j = 0; j < l; j++) {
    for (let i = 0; i < k; i++) u[j * k + i] = vectors.get(j, order[i].index) / values[i];
  }
  const right = new Float64Array(a.cols * k);
  for (let c = 0; c < a.cols; c++) {
    const out = c * k;
    for (let j = 0; j < l; j++) {
      const v = bt.data[c * l + j];
      if (v === 0) continue;
      const from = j * k;
      for (let i = 0; i < k; i++) right[out + i] += v * u[from + i];
    }
  }
  return { values, right, rank: k };
}
