/**
 * A fixed set of connections lent out one caller at a time: each is used by one statement at a time, and a
 * caller waits while all are busy.
 *
 * Waiting is fair per caller. A caller is a plain string chosen by whoever asks (the layers above use one per
 * user); the pool knows nothing else of it. Each caller has a queue of its own, and a connection that comes
 * free goes to the callers with waiting work in turn (round robin), not to whoever asked first: one caller
 * that sends ten statements queues behind itself, not ahead of everyone else.
 *
 * With `fairShare`, one caller may also hold at most all connections but one (its share) while another caller
 * waits: a caller alone may use them all, but once someone else waits, the next free connection is theirs.
 */
export class ConnectionPool<C> {
  private readonly idle: C[];
  /** Callers with waiting work, in the order they are served next (a Map keeps insertion order). */
  private readonly waiting = new Map<string, ((connection: C) => void)[]>();
  private readonly held = new Map<string, number>();
  /** The most connections one caller holds while another waits (all of them, unless `fairShare`). */
  readonly share: number;

  constructor(
    readonly connections: readonly C[],
    { fairShare = false }: { fairShare?: boolean } = {},
  ) {
    this.idle = [...connections];
    this.share = fairShare ? Math.max(1, connections.length - 1) : connections.length;
  }

  /** How many connections a caller could get at once, share aside. */
  get idleCount(): number {
    return this.idle.length;
  }

  /** How many callers' turns wait for a connection. */
  get waitingCount(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  /** How many connections `caller` holds now. */
  heldBy(caller: string): number {
    return this.held.get(caller) ?? 0;
  }

  /** Whether `caller` would get a connection at once. */
  wouldLend(caller: string): boolean {
    return this.idle.length > 0 && !this.waiting.has(caller) && this.mayTake(caller);
  }

  /** Runs `fn` with a connection of its own, returned to the pool when `fn` settles. */
  async use<T>(fn: (connection: C) => Promise<T>, caller = ''): Promise<T> {
    const connection = this.wouldLend(caller) ? this.lend(caller) : await this.enqueue(caller);
    try {
      return await fn(connection);
    } finally {
      this.held.set(caller, this.heldBy(caller) - 1);
      if (this.heldBy(caller) === 0) this.held.delete(caller);
      this.idle.push(connection);
      this.dispatch();
    }
  }

  private mayTake(caller: string): boolean {
    if (this.heldBy(caller) < this.share) return true;
    for (const other of this.waiting.keys()) if (other !== caller) return false;
    return true;
  }

  private lend(caller: string): C {
    this.held.set(caller, this.heldBy(caller) + 1);
    return this.idle.pop()!;
  }

  private enqueue(caller: string): Promise<C> {
    return new Promise<C>((resolve) => {
      const queue = this.waiting.get(caller);
      if (queue) queue.push(resolve);
      else this.waiting.set(caller, [resolve]);
    });
  }

  /** Hands idle connections to waiting callers, one each in turn. */
  private dispatch(): void {
    while (this.idle.length > 0) {
      let next: string | undefined;
      for (const caller of this.waiting.keys()) {
        if (this.mayTake(caller)) {
          next = caller;
          break;
        }
      }
      if (next === undefined) return;
      const queue = this.waiting.get(next)!;
      const resolve = queue.shift()!;
      // Served: to the back of the line, behind every other caller that waits.
      this.waiting.delete(next);
      if (queue.length) this.waiting.set(next, queue);
      resolve(this.lend(next));
    }
  }
}
