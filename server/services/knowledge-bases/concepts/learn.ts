import { runOnThread } from '../../../util/run-on-thread';
import { ConceptModel, type ConceptModelParts } from './concept-model';
import { threadEntry } from '../../../util/thread-entry';

/** Registers the TypeScript loader, then loads `learn-worker.ts`. */
const WORKER_FILE = threadEntry(new URL('./learn-worker.mjs', import.meta.url));
/**
 * Chunks learned from on the calling thread: a model of a few hundred chunks takes milliseconds, less than
 * starting a thread. A larger one takes seconds of CPU, which would hold every request of the server meanwhile.
 */
const ON_THIS_THREAD = 500;

/** Learns a concept model from chunk texts, on a thread of its own unless they are few. */
export async function learnConcepts(texts: string[]): Promise<ConceptModel | null> {
  if (texts.length <= ON_THIS_THREAD) return ConceptModel.learn(texts);
  const { parts } = await runOnThread<{ parts: ConceptModelParts | null }>(
    WORKER_FILE,
    texts,
    "the concept model's thread",
  );
  return parts ? ConceptModel.fromParts(parts) : null;
}
