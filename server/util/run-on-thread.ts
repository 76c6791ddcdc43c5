import { Worker, type Transferable } from 'node:worker_threads';

/**
 * Runs one task on a thread of its own and answers the thread's one reply: its result, or `{ error }` when it
 * failed. For work of seconds of CPU that would otherwise hold every request of the server meanwhile.
 * `what` names the thread in the error when it stops without replying.
 */
export function runOnThread<Result extends object>(
  file: URL,
  workerData: unknown,
  what: string,
  transferList: Transferable[] = [],
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData, transferList });
    worker.unref();
    worker.once('message', (reply: Result | { error: string }) => {
      if ('error' in reply) reject(new Error(reply.error));
      else resolve(reply);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${what} stopped (exit code ${code})`)));
  });
}
