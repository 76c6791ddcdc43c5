import { parentPort, workerData } from 'node:worker_threads';
import { ConceptModel, type ConceptModelParts } from './concept-model';

/** What the learning thread sends back: the model's parts, null when there was nothing to learn, or an error. */
export type LearnReply = { parts: ConceptModelParts | null } | { error: string };

try {
  const model = ConceptModel.learn(workerData as string[]);
  const parts = model?.parts() ?? null;
  const reply: LearnReply = { parts };
  parentPort?.postMessage(
    reply,
    parts ? [parts.idf.buffer as ArrayBuffer, parts.vectors.buffer as ArrayBuffer] : [],
  );
} catch (err) {
  parentPort?.postMessage({ error: (err as Error).message } satisfies LearnReply);
}
