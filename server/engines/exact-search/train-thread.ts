import { runOnThread } from '../../util/run-on-thread';
import type { TrainTask } from './train-worker';
import { threadEntry } from '../../util/thread-entry';

/** Registers the TypeScript loader, then loads `train-worker.ts`. */
const WORKER_FILE = threadEntry(new URL('./train-worker.mjs', import.meta.url));

/**
 * `count` centroids for `sample` (unit vectors), trained as `trainCentroids` trains them but on a thread of its
 * own: training compares every sample row with every centroid for several rounds, seconds to minutes of CPU that
 * would otherwise share the thread that answers requests (and leave the second core idle). The sample is handed
 * over, packed into one buffer. `seed`: picks repeatably (tests).
 */
export async function trainOnThread(
  sample: readonly Float32Array[],
  count: number,
  seed?: number,
): Promise<Float32Array[]> {
  const dims = sample[0].length;
  const packed = new Float32Array(sample.length * dims);
  sample.forEach((v, i) => packed.set(v, i * dims));
  const task: TrainTask = { sample: packed, dims, count, seed };
  const { centroids } = await runOnThread<{ centroids: Float32Array }>(
    WORKER_FILE,
    task,
    "the centroids' training thread",
    [packed.buffer],
  );
  return Array.from({ length: centroids.length / dims }, (_, i) =>
    centroids.subarray(i * dims, (i + 1) * dims),
  );
}
