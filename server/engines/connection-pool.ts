/**
 * A fixed set of connections lent out one caller at a time: each is used by one statement at a time, and a
 * caller waits (first come, first served) while all are busy.
 */
export class ConnectionPool<C> {
  private readonly idle: C[];
  private readonly waiting: ((connection: C) => void)[] = [];

  constructor(readonly connections: readonly C[]) {
    this.idle = [...connections];
  }

  /** How many connections a caller would get at once. */
  get idleCount(): number {
    return this.idle.length;
  }

  /** Runs `fn` with a connection of its own, returned to the pool when `fn` settles. */
  async use<T>(fn: (connection: C) => Promise<T>): Promise<T> {
    const connection = this.idle.pop() ?? (await new Promise<C>((resolve) => this.waiting.push(resolve)));
    try {
      return await fn(connection);
    } finally {
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    }
  }
}
