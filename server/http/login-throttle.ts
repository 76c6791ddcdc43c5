/**
 * Slows down password guessing. Wrong logins are counted per username and per client address; past a few
 * free ones, each key is locked for a time that doubles with every further failure (up to a cap). A locked
 * key is refused at once (429), without checking the password, so parallel guesses gain nothing.
 *
 * An attempt is counted before the password is checked and forgiven on success: many requests sent at the
 * same moment all see the count of the ones before them.
 *
 * Memory is bounded without letting a flood wipe the record: entries are dropped only once their lock and
 * failure window are over. When the table is full, new keys share one overflow entry (which a flood locks
 * for everyone new, but never for the configured user, whose entry is always kept).
 */
export interface ThrottleRule {
  freeFailures: number;
  firstLockMs: number;
  maxLockMs: number;
}

export const PER_USER: ThrottleRule = { freeFailures: 5, firstLockMs: 1000, maxLockMs: 60_000 };
export const PER_ADDRESS: ThrottleRule = { freeFailures: 10, firstLockMs: 1000, maxLockMs: 15 * 60_000 };

/** Failures older than this are forgotten (as long as the key is not locked). */
const FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_ENTRIES = 10_000;
const OVERFLOW_KEY = '\0overflow';

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

/** A full table is swept for finished entries at most this often, so a flood cannot make every call walk it. */
const SWEEP_INTERVAL_MS = 10_000;

class FailureTable {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = -Infinity;

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number,
  ) {}

  /** Milliseconds until the key may try again; 0 when it may now. */
  waitMs(key: string, pinned: boolean): number {
    const entry = this.entries.get(this.slot(key, pinned));
    return entry ? Math.max(0, entry.lockedUntil - this.now()) : 0;
  }

  noteFailure(key: string, pinned: boolean): void {
    const slot = this.slot(key, pinned);
    const now = this.now();
    const previous = this.entries.get(slot);
    const fresh =
      !previous || (now - previous.lastFailure > FAILURE_WINDOW_MS && previous.lockedUntil <= now);
    const failures = fresh ? 1 : previous.failures + 1;
    const over = failures - this.rule.freeFailures;
    const lockMs = over > 0 ? Math.min(this.rule.maxLockMs, this.rule.firstLockMs * 2 ** (over - 1)) : 0;
    this.entries.set(slot, { failures, lockedUntil: lockMs ? now + lockMs : 0, lastFailure: now });
  }

  forgive(key: string, pinned: boolean): void {
    const slot = this.slot(key, pinned);
    if (slot !== OVERFLOW_KEY) this.entries.delete(slot);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry a key uses: its own, or the shared overflow one when the table is full of live entries. */
  private slot(key: string, pinned: boolean): string {
    if (pinned || this.entries.has(key) || this.entries.size < MAX_ENTRIES) return key;
    this.sweep();
    return this.entries.size < MAX_ENTRIES ? key : OVERFLOW_KEY;
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) {
      if (entry.lockedUntil <= now && now - entry.lastFailure > FAILURE_WINDOW_MS) this.entries.delete(key);
    }
  }
}

export class LoginThrottle {
  private readonly users: FailureTable;
  private readonly addresses: FailureTable;

  constructor(
    /** The configured username: its entry is never shared or dropped for room. */
    private readonly pinnedUser: () => string | null,
    now: () => number = Date.now,
    rules: { user: ThrottleRule; address: ThrottleRule } = { user: PER_USER, address: PER_ADDRESS },
  ) {
    this.users = new FailureTable(rules.user, now);
    this.addresses = new FailureTable(rules.address, now);
  }

  /**
   * Call before checking the password. Returns the milliseconds to wait when the attempt is refused, or 0
   * when it may go ahead (and is then counted as a failure until `succeeded` says otherwise).
   */
  begin(username: string, address: string): number {
    const pinned = username === this.pinnedUser();
    const wait = Math.max(this.users.waitMs(username, pinned), this.addresses.waitMs(address, false));
    if (wait > 0) return wait;
    this.users.noteFailure(username, pinned);
    this.addresses.noteFailure(address, false);
    return 0;
  }

  succeeded(username: string, address: string): void {
    this.users.forgive(username, username === this.pinnedUser());
    this.addresses.forgive(address, false);
  }

  /** Entries held, for tests that check memory stays bounded. */
  get size(): { users: number; addresses: number } {
    return { users: this.users.size, addresses: this.addresses.size };
  }
}
