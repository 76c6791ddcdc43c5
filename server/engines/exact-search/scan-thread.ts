import { Worker } from 'node:worker_threads';
import type { ScanReply, ScanRequest } from './scan-worker';
import type { QuantisedBlocks, ScanTask } from './scan-kernel';
import { threadEntry } from '../../util/thread-entry';

/** Registers the TypeScript loader, then loads `scan-worker.ts`. */
const WORKER_FILE = threadEntry(new URL('./scan-worker.mjs', import.meta.url));
/** After the thread fails, searches scan on the main thread this long before a new thread is tried. */
const RETRY_AFTER_MS = 60_000;

/** The rows a scan on the thread kept, with their scan scores. */
export interface ThreadScan {
  rows: Int32Array;
  scores: Float32Array;
}

type Settle = (reply: ThreadScan | null) => void;

/**
 * One thread that scans grouped search copies for searches (scan-worker.ts). On the server's main thread a
 * search of a dense copy spends more than half its time in the scan; with the scan on a thread of its own,
 * the main thread answers other requests meanwhile, and the machine's second core does the scans: 32 clients
 * get about half as many requests again per second (docs/performance.md). The copy's blocks are in shared
 * WebAssembly memory: the thread scores them in place, nothing is copied but the query and the rows kept.
 */
class ScanThread {
  private readonly worker = new Worker(WORKER_FILE);
  private readonly ids = new WeakMap<QuantisedBlocks, number>();
  /**
   * A copy's blocks this thread scanned, let go on the main thread, stop the thread: its hold on their memory
   * (hundreds of MB) ends with it. A thread that only dropped its reference would keep the memory until its own
   * garbage collection, which a thread that allocates little may not run for a long time.
   */
  private readonly letGo = new FinalizationRegistry<number>(() => this.stop(false));
  private readonly pending = new Map<number, Settle>();
  private nextId = 1;
  private nextRequest = 1;
  /** Whether the thread was stopped (it then scans nothing more), and whether by a failure. */
  stopped = false;
  failed = false;
  /** Whether the thread has loaded its code: until then searches scan on their own thread. */
  ready = false;

  constructor(private readonly onFailure: () => void) {
    this.worker.unref();
    this.worker.on('message', (reply: ScanReply | 'ready') => {
      if (reply === 'ready') {
        this.ready = true;
        return;
      }
      const settle = this.pending.get(reply.request);
      this.pending.delete(reply.request);
      if (!('error' in reply)) answered++;
      settle?.('error' in reply ? null : reply);
    });
    this.worker.on('error', () => this.stop(true));
    this.worker.on('exit', () => this.stop(true));
  }

  /** The rows within `margin` of the `limit`-th best scan score; null when the thread could not scan. */
  scan(blocks: QuantisedBlocks, task: ScanTask, limit: number, margin: number): Promise<ThreadScan | null> {
    const memory = blocks.sharedMemory;
    if (!memory) return Promise.resolve(null);
    let id = this.ids.get(blocks);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(blocks, id);
      this.letGo.register(blocks, id);
      this.worker.postMessage({
        type: 'register',
        id,
        memory,
        scratch: blocks.threadScratch,
        blockRows: blocks.blockRows,
      });
    }
    const request = this.nextRequest++;
    const message: ScanRequest = { type: 'scan', id, request, ...task, limit, margin };
    return new Promise((resolve) => {
      this.pending.set(request, resolve);
      this.worker.postMessage(message, [task.pairs.buffer as ArrayBuffer, task.calls.buffer as ArrayBuffer]);
    });
  }

  /** Stops the thread: its scans not answered yet are made on the main thread. */
  stop(failed: boolean): void {
    if (this.stopped) return;
    this.stopped = true;
    this.failed = failed;
    for (const settle of this.pending.values()) settle(null);
    this.pending.clear();
    if (failed) this.onFailure();
    void this.worker.terminate();
  }

  /** Ends the thread's process as a crash would (tests). */
  crash(): Promise<number> {
    return this.worker.terminate();
  }
}

let thread: ScanThread | null = null;
let starts = 0;
let answered = 0;
let retryAt = 0;
let retryAfterMs = RETRY_AFTER_MS;

/**
 * The scan of `task` over `blocks` on the scan thread, started on first use: the rows within `margin` of the
 * `limit`-th best scan score, with their scores. Null when it cannot be made there (the thread failed, or
 * failed less than a minute ago, or is still loading its code): the caller scans on its own thread.
 */
export function scanOnThread(
  blocks: QuantisedBlocks,
  task: ScanTask,
  limit: number,
  margin: number,
): Promise<ThreadScan | null> {
  const running = currentThread();
  return running?.ready ? running.scan(blocks, task, limit, margin) : Promise.resolve(null);
}

/** The scan thread, started unless it failed less than a retry delay ago (then null). */
function currentThread(): ScanThread | null {
  if (!thread || thread.stopped) {
    if (thread?.failed && Date.now() < retryAt) return null;
    starts++;
    thread = new ScanThread(() => {
      retryAt = Date.now() + retryAfterMs;
    });
  }
  return thread;
}

/** Starts the scan thread if it is not running, and resolves once it scans (false if it cannot now). */
export async function scanThreadReady(): Promise<boolean> {
  const running = currentThread();
  while (running && !running.ready && !running.stopped)
    await new Promise((resolve) => setTimeout(resolve, 5));
  return Boolean(running?.ready && !running.stopped);
}

/** How many scan threads were started (tests). */
export function scanThreadStarts(): number {
  return starts;
}

/** How many scans the scan threads answered (tests). */
export function scansAnswered(): number {
  return answered;
}

/**
 * Stops the scan thread as a failure would (tests), and sets how long searches then scan on their own thread
 * before another is started.
 */
export async function stopScanThreadForTests(retryAfter: number): Promise<void> {
  retryAfterMs = retryAfter;
  const stopping = thread;
  if (stopping && !stopping.stopped) {
    await stopping.crash();
    // The thread's exit is reported after terminate() settles: wait for the failure to be recorded.
    while (!stopping.stopped) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  retryAt = Date.now() + retryAfter;
}

/** Stops the scan thread as letting go of a copy it scanned does (tests). */
export function letGoForTests(): void {
  thread?.stop(false);
}
