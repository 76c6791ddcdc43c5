import { parentPort, workerData } from 'node:worker_threads';
import { seededRandom, trainCentroids } from './row-groups';

/** What the training thread is given: `rows` sample vectors of `dims` numbers, one after another. */
export interface TrainTask {
  sample: Float32Array;
  dims: number;
  count: number;
  /** Picks repeatably (tests); Math.random without it. */
  seed?: number;
}

/** What it sends back: the centroids, one after another, or an error. */
export type TrainReply = { centroids: Float32Array } | { error: string };

try {
  const { sample, dims, count, seed } = workerData as TrainTask;
  const rows = Array.from({ length: sample.length / dims }, (_, i) =>
    sample.subarray(i * dims, (i + 1) * dims),
  );
  const trained = await trainCentroids(rows, count, seed === undefined ? Math.random : seededRandom(seed));
  const centroids = new Float32Array(trained.length * dims);
  trained.forEach((c, i) => centroids.set(c, i * dims));
  parentPort?.postMessage({ centroids } satisfies TrainReply, [centroids.buffer]);
} catch (err) {
  parentPort?.postMessage({ error: (err as Error).message } satisfies TrainReply);
}
