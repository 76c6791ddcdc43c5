import { parentPort } from 'node:worker_threads';
import { kernelOn, type KernelExports } from './kernel-module';
import { STRIP_ROWS } from './scan-kernel';
import { Candidates } from './candidates';
import { TopScores } from './top-scores';

/**
 * The scan thread (scan-thread.ts): scores grouped copies' rows for searches, in the copies' own shared
 * WebAssembly memory, with the same kernel as the server's main thread, while that thread answers other
 * requests. It only scores: which rows are held, removed or rescored stays the main thread's business.
 */

/** A copy's blocks, given once before their first scan: their shared memory and where this thread's scratch is. */
export interface ScanRegister {
  type: 'register';
  id: number;
  memory: unknown;
  scratch: number;
  blockRows: number;
}

/**
 * One search's scan (QuantisedBlocks.scanTask: the query's pairs and scale, and each call of the kernel), keeping
 * the rows within `margin` of the `limit`-th best score.
 */
export interface ScanRequest {
  type: 'scan';
  id: number;
  request: number;
  pairs: Int32Array;
  pairCount: number;
  queryScale: number;
  calls: Int32Array;
  limit: number;
  margin: number;
}

/** The rows kept and their scan scores, or why the scan could not be made. */
export type ScanReply =
  { request: number; rows: Int32Array; scores: Float32Array } | { request: number; error: string };

interface HeldBlocks {
  kernel: KernelExports;
  memory: { buffer: ArrayBufferLike };
  scratch: number;
  blockRows: number;
}

const held = new Map<number, HeldBlocks>();

function scan(blocks: HeldBlocks, task: ScanRequest): { rows: Int32Array; scores: Float32Array } {
  // This thread's scratch, laid out as the main thread's (QuantisedBlocks' constructor).
  const outScores = blocks.scratch;
  const outRows = outScores + blocks.blockRows * 4;
  const strip = outRows + blocks.blockRows * 4;
  const pairs = strip + STRIP_ROWS * 4;
  new Int32Array(blocks.memory.buffer, pairs, task.pairs.length).set(task.pairs);
  const kth = new TopScores(task.limit);
  const kept = new Candidates();
  const { calls } = task;
  for (let c = 0; c < calls.length; c += 4) {
    // Until `limit` rows are kept every row passes the floor: a strip is scored alone first, then the rest of
    // the call with the floor it sets.
    for (let done = 0; done < calls[c + 1];) {
      const rowCount =
        kth.floor === -Infinity ? Math.min(STRIP_ROWS, calls[c + 1] - done) : calls[c + 1] - done;
      const count = blocks.kernel.scoreBlock(
        calls[c] + done,
        rowCount,
        pairs,
        Math.ceil(task.pairCount / 2),
        calls[c + 2] + 4 * done,
        task.queryScale,
        kth.floor - task.margin,
        outScores,
        outRows,
        strip,
      );
      const rows = new Int32Array(blocks.memory.buffer, outRows, count);
      const scores = new Float32Array(blocks.memory.buffer, outScores, count);
      const first = calls[c + 3] + done;
      for (let k = 0; k < count; k++) {
        if (scores[k] <= kth.floor - task.margin) continue;
        kth.offer(scores[k], first + rows[k]);
        kept.add(scores[k], first + rows[k]);
      }
      done += rowCount;
    }
  }
  return kept.arraysAbove(kth.floor - task.margin);
}

parentPort?.on('message', (message: ScanRegister | ScanRequest) => {
  if (message.type === 'register') {
    const memory = message.memory as { buffer: ArrayBufferLike };
    const { scratch, blockRows } = message;
    held.set(message.id, { kernel: kernelOn(memory), memory, scratch, blockRows });
  } else {
    const blocks = held.get(message.id);
    let reply: ScanReply;
    try {
      if (!blocks) throw new Error(`blocks ${message.id} were never registered`);
      reply = { request: message.request, ...scan(blocks, message) };
    } catch (err) {
      reply = { request: message.request, error: (err as Error).message };
    }
    const transfer =
      'rows' in reply ? [reply.rows.buffer as ArrayBuffer, reply.scores.buffer as ArrayBuffer] : [];
    parentPort?.postMessage(reply, transfer);
  }
});

// Searches scan on the main thread until this thread says it is ready.
parentPort?.postMessage('ready');
