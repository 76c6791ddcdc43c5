/** The messages between the `local` embedding's workers (embedding-workers.ts) and each worker thread. */
export interface EmbedRequest {
  id: number;
  model: string;
  dimensions: number;
  texts: string[];
}

export type EmbedReply = { id: number; vectors: Float32Array } | { id: number; error: string };
