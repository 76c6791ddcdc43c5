import { Worker } from 'node:worker_threads';
import { ConceptModel } from './concept-model';
import type { LearnReply } from './learn-worker';

/** Registers the TypeScript loader, then loads `learn-worker.ts`. */
const WORKER_FILE = new URL('./learn-worker.mjs', import.meta.url);
/**
 * Chunks learned from on the calling thread: a model of a few hundred chunks takes milliseconds, less than
 * starting a thread. A larger one takes seconds of CPU, which would hold every request of the server meanwhile.
 */
const ON_THIS_THREAD = 500;

/** Learns a concept model from chunk texts, on a thread of its own unless they are few. */
export function learnConcepts(texts: string[]): Promise<ConceptModel | null> {
  if (texts.length <= ON_THIS_THREAD) return Promise.resolve(ConceptModel.learn(texts));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: texts });
    worker.unref();
    worker.once('message', (reply: LearnReply) => {
      if ('error' in reply) reject(new Error(reply.error));
      else resolve(reply.parts ? ConceptModel.fromParts(reply.parts) : null);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the concept model's thread stopped (exit code ${code})`)),
    );
  });
}
