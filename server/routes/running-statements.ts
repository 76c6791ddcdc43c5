/**
 * The statements running now that their clients named (`statement_id`), so that a client can stop one of its
 * own while its request stays open: the request then brings back what happened, which a closed request never
 * can. A name counts only for the client that gave it (the caller: session or address), so nobody stops
 * another's statement by guessing its name.
 */
export class RunningStatements {
  private readonly running = new Map<string, AbortController>();

  private static key(caller: string, id: string): string {
    return `${caller}\u0000${id}`;
  }

  /** Notes a statement as running until `end` is called; aborting `stop` stops it. */
  start(caller: string, id: string, stop: AbortController): () => void {
    const key = RunningStatements.key(caller, id);
    this.running.set(key, stop);
    return () => {
      if (this.running.get(key) === stop) this.running.delete(key);
    };
  }

  /** Stops the caller's statement of that name; false when none is running (ended already, or unknown). */
  cancel(caller: string, id: string): boolean {
    const stop = this.running.get(RunningStatements.key(caller, id));
    if (!stop) return false;
    stop.abort();
    return true;
  }
}
