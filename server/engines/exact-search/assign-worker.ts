import { parentPort, workerData } from 'node:worker_threads';
import { nearestCentroids } from './row-groups';
import { QuantisedBlocks } from './scan-kernel';

/** What the assigning thread is given once: the centroids, one after another, and the blocks' shape. */
export interface AssignSetup {
  centroids: Float32Array;
  dims: number;
  blockRows: number;
}

/** Blocks to assign: their bytes (QuantisedBlocks.blockBytesOf) and how many of their rows are rows. */
export interface AssignBlock {
  bytes: Uint8Array;
  rows: number;
}

/** Each row's nearest centroid, or an error. */
export type AssignReply = { groups: Int32Array } | { error: string };

const { centroids, dims, blockRows } = workerData as AssignSetup;
const vectors = Array.from({ length: centroids.length / dims }, (_, i) =>
  centroids.subarray(i * dims, (i + 1) * dims),
);
const blocks = new QuantisedBlocks(dims, blockRows);

parentPort?.on('message', (task: AssignBlock) => {
  blocks.holdBlocks(task.bytes, task.rows);
  nearestCentroids(blocks, vectors).then(
    (groups) => parentPort?.postMessage({ groups } satisfies AssignReply, [groups.buffer as ArrayBuffer]),
    (err: unknown) => parentPort?.postMessage({ error: (err as Error).message } satisfies AssignReply),
  );
});
