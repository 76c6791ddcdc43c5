/** Runs `fn` while holding `key`'s lock, e.g. one that other processes respect too. */
export type KeyLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

/**
 * Runs tasks with the same key one after another, tasks with different keys freely. A failed task does not
 * block the ones queued after it. With `lock`, each task also holds that lock for its key while it runs:
 * the queue orders this process's tasks, the lock orders them with other processes' (see docs/scaling.md).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(private readonly lock?: KeyLock) {}

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const lock = this.lock;
    const task = lock ? () => lock(key, fn) : fn;
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves when no task is queued or running, including tasks queued while waiting. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.allSettled([...this.tails.values()]);
  }
}
