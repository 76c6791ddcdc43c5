import { Worker } from 'node:worker_threads';
import type { AssignBlock, AssignReply, AssignSetup } from './assign-worker';
import type { QuantisedBlocks } from './scan-kernel';
import { threadEntry } from '../../util/thread-entry';

/** Registers the TypeScript loader, then loads `assign-worker.ts`. */
const WORKER_FILE = threadEntry(new URL('./assign-worker.mjs', import.meta.url));
/** Rows sent at a time: a few megabytes, whatever the blocks' size (a dense copy's blocks hold 32 rows). */
const ROWS_PER_TASK = 4096;

/**
 * Each of the first `size` rows' nearest centroid, as `nearestCentroids` finds it, but on a thread of its own:
 * a million rows of 768 against 500 centroids are some 400 billion multiply-adds, most of a minute of a core,
 * that would otherwise take turns with every request of the server. The rows go over a few thousand at a time,
 * each time a copy of a few megabytes (one at a time, so that the copy costs little memory), and the thread
 * scores them while this one answers requests. Rows appended meanwhile are left out (they are the copy's tail).
 */
export async function assignOnThread(
  rows: QuantisedBlocks,
  centroids: readonly Float32Array[],
): Promise<Int32Array> {
  const size = rows.size;
  const { dims, blockRows } = rows;
  const packed = new Float32Array(centroids.length * dims);
  centroids.forEach((c, i) => packed.set(c, i * dims));
  const setup: AssignSetup = { centroids: packed, dims, blockRows };
  const worker = new Worker(WORKER_FILE, { workerData: setup, transferList: [packed.buffer] });
  worker.unref();
  const group = new Int32Array(size).fill(-1);
  const step = Math.max(1, Math.floor(ROWS_PER_TASK / blockRows)) * blockRows;
  try {
    for (let first = 0; first < size; first += step) {
      const taskRows = Math.min(step, size - first);
      const bytes = rows.blockBytesOf(first / blockRows, Math.ceil(taskRows / blockRows));
      const task: AssignBlock = { bytes, rows: taskRows };
      const reply = await new Promise<AssignReply>((resolve, reject) => {
        const onExit = (code: number) =>
          reject(new Error(`the rows' assigning thread stopped (exit code ${code})`));
        worker.once('exit', onExit);
        worker.once('error', reject);
        worker.once('message', (answer: AssignReply) => {
          worker.off('exit', onExit);
          worker.off('error', reject);
          resolve(answer);
        });
        worker.postMessage(task, [bytes.buffer]);
      });
      if ('error' in reply) throw new Error(reply.error);
      group.set(reply.groups.subarray(0, task.rows), first);
    }
    return group;
  } finally {
    void worker.terminate();
  }
}
