import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EmbedReply, EmbedRequest } from './embedding-messages';
import { threadEntry } from '../util/thread-entry';

/**
 * Worker threads that embed with the `local` model, so that a large insert embeds on every core while the
 * main thread chunks, converts and writes. The workers start on first use and stop after a quiet spell
 * (they hold no state worth keeping), and never keep the process alive.
 */

/**
 * Workers when `KS_EMBED_WORKERS` does not say: one per core but one, between 1 and 4. The insert's own thread
 * (reading, chunking, building the batches) and LanceDB's writer keep about one core busy: on 2 cores one worker
 * inserted 24,000-28,000 chunks/s and two 21,000-26,000, in every run of `npm run bench:ingest-cores`
 * (docs/performance.md).
 */
export function defaultWorkerCount(
  env: NodeJS.ProcessEnv = process.env,
  cores = os.availableParallelism(),
): number {
  const configured = Number(env.KS_EMBED_WORKERS?.trim() || NaN);
  if (Number.isInteger(configured) && configured >= 0) return configured;
  return Math.max(1, Math.min(4, cores - 1));
}

/** Workers stop after this long without work; starting one again costs about a tenth of a second. */
const IDLE_MS = 30_000;

/** Registers the TypeScript loader, then loads `local-embedding-worker.ts`. */
const WORKER_FILE = threadEntry(new URL('./local-embedding-worker.mjs', import.meta.url));

interface Pending {
  resolve: (vectors: Float32Array) => void;
  reject: (err: Error) => void;
}

class EmbeddingWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failed: Error | null = null;

  constructor(onExit: () => void) {
    this.worker = new Worker(WORKER_FILE);
    this.worker.unref();
    this.worker.on('message', (reply: EmbedReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) pending?.reject(new Error(`local embedding: ${reply.error}`));
      else pending?.resolve(reply.vectors);
    });
    const fail = (err: Error) => {
      this.failed = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      onExit();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`local embedding worker stopped (exit code ${code})`)));
  }

  embed(model: string, dimensions: number, texts: string[]): Promise<Float32Array> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request: EmbedRequest = { id, model, dimensions, texts };
      this.worker.postMessage(request);
    });
  }

  terminate(): void {
    void this.worker.terminate();
  }
}

export class EmbeddingWorkers {
  private workers: EmbeddingWorker[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  private busy = 0;

  constructor(readonly size: number) {}

  /** Embeds `texts` split evenly across the workers; the vectors come back in order, in one buffer. */
  async embed(model: string, dimensions: number, texts: readonly string[]): Promise<Float32Array> {
    const workers = this.start();
    this.busy++;
    try {
      const per = Math.ceil(texts.length / workers.length);
      const parts = await Promise.all(
        workers.map((w, i) => w.embed(model, dimensions, texts.slice(i * per, (i + 1) * per))),
      );
      const out = new Float32Array(texts.length * dimensions);
      let offset = 0;
      for (const part of parts) {
        out.set(part, offset);
        offset += part.length;
      }
      return out;
    } finally {
      this.busy--;
      this.scheduleStop();
    }
  }

  stop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }

  private start(): EmbeddingWorker[] {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    while (this.workers.length < this.size) {
      const worker: EmbeddingWorker = new EmbeddingWorker(() => {
        // A worker that died is replaced on the next call.
        this.workers = this.workers.filter((w) => w !== worker);
      });
      this.workers.push(worker);
    }
    return this.workers;
  }

  private scheduleStop(): void {
    if (this.busy > 0) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop(), IDLE_MS);
    this.idleTimer.unref();
  }
}
