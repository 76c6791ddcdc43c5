/**
 * A worker thread of the `local` embedding (see `embedding-workers.ts`): embeds the texts it is sent and
 * returns their vectors as one transferred buffer, so that nothing is copied on the way back.
 */
import { parentPort } from 'node:worker_threads';
import type { EmbedReply, EmbedRequest } from './embedding-messages';
import { LocalEmbedding } from './local-embedding';

const models = new Map<string, LocalEmbedding>();

parentPort?.on('message', (request: EmbedRequest) => {
  try {
    const key = `${request.model}/${request.dimensions}`;
    let model = models.get(key);
    if (!model) models.set(key, (model = new LocalEmbedding(request.model, request.dimensions, 0)));
    const vectors = model.embedFlat(request.texts);
    const reply: EmbedReply = { id: request.id, vectors };
    parentPort?.postMessage(reply, [vectors.buffer as ArrayBuffer]);
  } catch (err) {
    const reply: EmbedReply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
    parentPort?.postMessage(reply);
  }
});
