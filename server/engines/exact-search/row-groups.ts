import { DENSE_SHARE } from './copy-form';
import { QuantisedBlocks } from './scan-kernel';
import { TopScores } from './top-scores';
import type { ScanQuery } from './query-weights';

export { nonZeroShare } from './copy-form';

/**
 * Groups of similar rows for a copy of dense vectors (a real model's 768 or 1,536 numbers per chunk, all of
 * them non-zero). Comparing a dense question with every row reads every byte of the copy: 100,000 rows of
 * 1,536 dimensions are 150 MB of int8 codes per search, about 15 ms on one core, bound by memory. Grouped around
 * centroids (spherical k-means), the rows a question is near sit in the few groups whose centroids it is
 * nearest: a search reads those groups alone (an inverted file, as IVF indexes do), a tenth of the copy or
 * less. Sparse vectors (the `local` model's, 30 to 80 non-zero of 384) are not grouped: they do not cluster,
 * and their scan already reads only the query's own columns.
 */

/**
 * From this many (row, dimension) pairs a dense copy is grouped: about 5 ms of a full scan on one core. Below
 * it every search compares every row, exactly.
 */
export const GROUP_FROM_WORK = 50_000_000;

/**
 * The (row, dimension) pairs a grouped search reads, at least: the groups it reads are as many as this asks
 * for, and never fewer than MIN_PROBES. Under 1 ms of the scan on one core.
 */
const PROBE_WORK = 7_500_000;
const MIN_PROBES = 8;

/**
 * Sample rows per group that the centroids are trained on, and the rounds of k-means. Many: a topic of a few
 * rows that no sample row stands for gets no centroid of its own, its rows scatter over the groups whose
 * centroids their noise happens to favour, and a search must read many more groups to find them.
 */
const SAMPLE_PER_GROUP = 256;
/**
 * Training compares every sample row with every centroid, each round: past this many (row, dimension) pairs in
 * all, fewer sample rows per group are taken, never fewer than MIN_SAMPLE_PER_GROUP.
 */
const TRAINING_WORK = 100_000_000_000;
const MIN_SAMPLE_PER_GROUP = 64;
const TRAINING_ROUNDS = 8;

/** How a copy of `rows` dense rows of `dims` dimensions is grouped: how many groups, and how many a search reads. */
export function groupPlan(rows: number, dims: number): { groups: number; probes: number } {
  const groups = Math.max(MIN_PROBES * 2, Math.min(1024, Math.round(Math.sqrt(rows) / 2)));
  const share = PROBE_WORK / (rows * dims);
  return { groups, probes: Math.min(groups, Math.max(MIN_PROBES, Math.ceil(share * groups))) };
}

/** Whether a copy of these rows should be grouped: dense vectors, and a full scan past GROUP_FROM_WORK. */
export function worthGrouping(rows: number, dims: number, denseShare: number): boolean {
  return denseShare > DENSE_SHARE && rows * dims > GROUP_FROM_WORK;
}

/** Longest a long computation on the main thread runs before it lets requests and writes in. */
const SLICE_MS = 5;

/** Resolves at once while the current slice lasts, after a turn of the event loop once it is over. */
export function slicer(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

/** Rows scored per step of `nearestCentroids`, so that each step lasts well under a slice. */
const STEP_ROWS = 8192;

/** Unit-length centroids, int8-coded in a scan block so that a question finds its nearest ones quickly. */
export class Centroids {
  private readonly blocks: QuantisedBlocks;

  constructor(readonly vectors: readonly Float32Array[]) {
    const dims = vectors[0].length;
    this.blocks = new QuantisedBlocks(dims, Math.ceil(vectors.length / 32) * 32);
    for (const v of vectors) this.blocks.append(v);
  }

  get count(): number {
    return this.vectors.length;
  }

  /** The `n` centroids with the highest dot product with `vector`, nearest first. */
  nearest(vector: ScanQuery, n: number): number[] {
    const top = new TopScores(Math.min(n, this.count));
    this.blocks.score(
      vector,
      () => top.floor,
      (first, candidates) => {
        for (let k = 0; k < candidates.count; k++) {
          const row = first + candidates.rows[k];
          // Past the last centroid the block's rows are zero: never one of them.
          if (row < this.count) top.offer(candidates.scores[k], row);
        }
      },
    );
    return top.sorted().map(({ row }) => row);
  }
}

/** Anything whose rows can be scored against a vector in bulk: a copy's int8 blocks. */
export interface ScoredRows {
  /** Rows held, removed ones included. */
  readonly size: number;
  score(
    query: ArrayLike<number>,
    floor: () => number,
    visit: (firstRow: number, candidates: { count: number; rows: Int32Array; scores: Float32Array }) => void,
    ranges?: ArrayLike<number>,
  ): number;
}

/**
 * Each row's nearest centroid: every centroid is scored against the rows with the scan kernel (the work done
 * column by column, as a search does), a few thousand rows at a time, letting requests and writes in between
 * slices so that the server goes on answering meanwhile. Rows for which `skip` is true get -1.
 */
export async function nearestCentroids(
  rows: ScoredRows,
  centroids: readonly Float32Array[],
  skip: (row: number) => boolean = () => false,
): Promise<Int32Array> {
  const size = rows.size;
  const best = new Float32Array(size).fill(-Infinity);
  const group = new Int32Array(size).fill(-1);
  const slice = slicer();
  for (let start = 0; start < size; start += STEP_ROWS) {
    const range = [start, Math.min(size, start + STEP_ROWS)];
    for (let c = 0; c < centroids.length; c++) {
      rows.score(
        centroids[c],
        () => -Infinity,
        (first, candidates) => {
          for (let k = 0; k < candidates.count; k++) {
            const row = first + candidates.rows[k];
            if (row < size && candidates.scores[k] > best[row]) {
              best[row] = candidates.scores[k];
              group[row] = c;
            }
          }
        },
        range,
      );
      await slice();
    }
  }
  for (let row = 0; row < size; row++) if (skip(row)) group[row] = -1;
  return group;
}

/**
 * `count` centroids for `sample` (unit vectors): spherical k-means, TRAINING_ROUNDS rounds, started the
 * k-means++ way (each next centroid a sample row picked with a chance that grows with its distance from the
 * centroids so far), so that no cluster of rows starts without one; an emptied group restarts from a random
 * sample row. `random` picks.
 */
export async function trainCentroids(
  sample: readonly Float32Array[],
  count: number,
  random: () => number = Math.random,
): Promise<Float32Array[]> {
  const dims = sample[0].length;
  const pick = () => sample[Math.floor(random() * sample.length)];
  const rows = new QuantisedBlocks(dims);
  for (const v of sample) rows.append(v);
  let centroids = await spreadCentroids(rows, sample, count, random);
  for (let round = 0; round < TRAINING_ROUNDS; round++) {
    const group = await nearestCentroids(rows, centroids);
    const sums = Array.from({ length: count }, () => new Float64Array(dims));
    const sizes = new Int32Array(count);
    sample.forEach((v, i) => {
      const sum = sums[group[i]];
      for (let d = 0; d < dims; d++) sum[d] += v[d];
      sizes[group[i]]++;
    });
    centroids = sums.map((sum, c) => (sizes[c] === 0 ? Float32Array.from(pick()) : unit(sum)));
  }
  return centroids;
}

/** k-means++'s start: `count` sample rows, each picked with a chance proportional to its distance to those so far. */
async function spreadCentroids(
  rows: QuantisedBlocks,
  sample: readonly Float32Array[],
  count: number,
  random: () => number,
): Promise<Float32Array[]> {
  const chosen = [Float32Array.from(sample[Math.floor(random() * sample.length)])];
  // Each row's highest dot product with a chosen centroid: its cosine distance is 1 minus it.
  const closest = new Float32Array(sample.length).fill(-1);
  const slice = slicer();
  while (chosen.length < count) {
    rows.score(
      chosen[chosen.length - 1],
      () => -Infinity,
      (first, candidates) => {
        for (let k = 0; k < candidates.count; k++) {
          const row = first + candidates.rows[k];
          if (row < sample.length) closest[row] = Math.max(closest[row], candidates.scores[k]);
        }
      },
    );
    let total = 0;
    for (const dot of closest) total += Math.max(0, 1 - dot) ** 2;
    let at = random() * total;
    let row = 0;
    while (row < sample.length - 1 && (at -= Math.max(0, 1 - closest[row]) ** 2) > 0) row++;
    chosen.push(Float32Array.from(sample[row]));
    await slice();
  }
  return chosen;
}

/** A seeded generator of numbers in [0, 1) (a linear congruential one), for training that must repeat itself. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * How many sample rows train `groups` centroids of `dims` dimensions: 256 per group, fewer where training would
 * pass TRAINING_WORK pairs (each round compares every sample row with every centroid), as for a million rows of
 * 768 (500 groups: 65 per group), so that grouping a large copy does not hold the main thread for many minutes.
 */
export function sampleSize(groups: number, dims: number): number {
  const affordable = Math.floor(TRAINING_WORK / (groups * dims * TRAINING_ROUNDS));
  return groups * MIN_SAMPLE_PER_GROUP > affordable
    ? groups * MIN_SAMPLE_PER_GROUP
    : Math.min(groups * SAMPLE_PER_GROUP, affordable);
}

function unit(sum: Float64Array): Float32Array {
  let squares = 0;
  for (let d = 0; d < sum.length; d++) squares += sum[d] * sum[d];
  const scale = squares > 0 ? 1 / Math.sqrt(squares) : 0;
  return Float32Array.from(sum, (x) => x * scale);
}
