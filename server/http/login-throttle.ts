/**
 * Slows down password guessing. Wrong logins are counted per username and per client address; past a few
 * free ones, each key is locked for a time that doubles with every further failure (up to a cap). A locked
 * key is refused at once (429), without checking the password, so parallel guesses gain nothing.
 *
 * That lock must not become a way to keep the owner out, so a client the owner used is counted apart, as
 * OWASP's "device cookies" guidance describes: a browser with a device cookie from an earlier successful login
 * as that user (http/device-cookie.ts) has its own allowance, and so has an address from which that user
 * logged in before. Failures there lock that device or that address only; guesses from anywhere else share
 * the user's lock, so they stay far under one evaluated guess per second per account.
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

/** Addresses the owner logged in from stay known this long after their last successful login. */
const KNOWN_ADDRESS_TTL_MS = 30 * 24 * 3600_000;
/** Per user, the addresses remembered; the oldest goes first. Only a right password adds one. */
const MAX_KNOWN_ADDRESSES = 8;
const MAX_KNOWN_USERS = 100;

/** The addresses each user logged in from successfully, with when. */
class KnownAddresses {
  private readonly byUser = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number) {}

  has(username: string, address: string): boolean {
    const at = this.byUser.get(username)?.get(address);
    return at !== undefined && this.now() - at < KNOWN_ADDRESS_TTL_MS;
  }

  remember(username: string, address: string): void {
    const addresses = this.byUser.get(username) ?? new Map<string, number>();
    addresses.delete(address);
    addresses.set(address, this.now());
    if (addresses.size > MAX_KNOWN_ADDRESSES) addresses.delete(addresses.keys().next().value!);
    this.byUser.delete(username);
    this.byUser.set(username, addresses);
    if (this.byUser.size > MAX_KNOWN_USERS) this.byUser.delete(this.byUser.keys().next().value!);
  }
}

/** Who tries to log in: the name, the client's address, and its device when it showed a valid device cookie. */
export interface LoginClient {
  username: string;
  address: string;
  /** The id of a device cookie issued to this client for this username (already verified). */
  device?: string;
}

/** One attempt let through: call `succeeded` once the password proved right. */
export interface LoginAttempt {
  /** Milliseconds to wait when the attempt is refused, 0 when it may go ahead. */
  waitMs: number;
  succeeded(): void;
}

/** The entries an attempt is counted in: one table and key each, pinned or not. */
type Counters = { table: FailureTable; key: string; pinned: boolean }[];

export class LoginThrottle {
  private readonly users: FailureTable;
  private readonly addresses: FailureTable;
  /** Devices that logged in before, and users' known addresses: each its own allowance, as one user's. */
  private readonly devices: FailureTable;
  private readonly userAddresses: FailureTable;
  private readonly known: KnownAddresses;

  constructor(
    /** The configured username: its entry is never shared or dropped for room. */
    private readonly pinnedUser: () => string | null,
    now: () => number = Date.now,
    rules: { user: ThrottleRule; address: ThrottleRule } = { user: PER_USER, address: PER_ADDRESS },
  ) {
    this.users = new FailureTable(rules.user, now);
    this.addresses = new FailureTable(rules.address, now);
    this.devices = new FailureTable(rules.user, now);
    this.userAddresses = new FailureTable(rules.user, now);
    this.known = new KnownAddresses(now);
  }

  /**
   * Call before checking the password. A refused attempt has `waitMs` > 0; one let through is counted as a
   * failure until its `succeeded` says otherwise.
   */
  begin(client: LoginClient): LoginAttempt {
    const counters = this.countersOf(client);
    const waitMs = Math.max(...counters.map((c) => c.table.waitMs(c.key, c.pinned)));
    if (waitMs > 0) return { waitMs, succeeded: () => undefined };
    for (const c of counters) c.table.noteFailure(c.key, c.pinned);
    return {
      waitMs: 0,
      succeeded: () => {
        for (const c of counters) c.table.forgive(c.key, c.pinned);
        this.known.remember(client.username, client.address);
      },
    };
  }

  /** Where an attempt counts: its device's allowance, its known address's, or else the user's and the address's. */
  private countersOf({ username, address, device }: LoginClient): Counters {
    if (device !== undefined) return [{ table: this.devices, key: device, pinned: false }];
    if (this.known.has(username, address))
      return [{ table: this.userAddresses, key: `${username}\0${address}`, pinned: false }];
    return [
      { table: this.users, key: username, pinned: username === this.pinnedUser() },
      { table: this.addresses, key: address, pinned: false },
    ];
  }

  /** Entries held, for tests that check memory stays bounded. */
  get size(): { users: number; addresses: number } {
    return { users: this.users.size, addresses: this.addresses.size };
  }
}
