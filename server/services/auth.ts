import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { CatalogDb } from '../engines/catalog-db';
import { ValidationError } from '../errors';
import { AuthStore, type StoredAuthSettings } from '../store/auth';

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export interface AuthConfig {
  username: string;
  password: string;
  tokenTtlSeconds: number;
}

/** What `GET /api/config` shows of the login settings: never the password or its hash. */
export interface AuthSettingsView {
  http_auth_enabled: boolean;
  username: string | null;
}

/**
 * A change from `PUT /api/config`; fields left out keep their value. An empty or null username or password
 * clears it (MindsDB's clients turn login off with `password: ""`, and send back `username: null`).
 */
export interface AuthSettingsChange {
  http_auth_enabled?: boolean;
  username?: string | null;
  password?: string | null;
}

const DEFAULT_TTL_SECONDS = 7 * 24 * 3600;

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [salt, hash] = stored.split(':');
  const candidate = await scryptAsync(password, Buffer.from(salt, 'hex'), 32);
  return timingSafeEqual(candidate, Buffer.from(hash, 'hex'));
}

/**
 * Login with one user. The settings (on or off, user, password as a salted scrypt hash) live in the catalog,
 * so a change from `PUT /api/config` survives a restart; flags or environment given at start win over them.
 * Tokens are 256 random bits, stored only as SHA-256 hashes (so they survive a restart), and expire.
 * Slowing down repeated wrong logins is the HTTP layer's job (`http/login-throttle.ts`): it knows the client.
 */
export class AuthService {
  private settings: StoredAuthSettings = { enabled: false, username: null, passwordHash: null };
  /** Signs device cookies (http/device-cookie.ts); never leaves the server. Set by `load`. */
  deviceKey: Buffer = Buffer.alloc(0);
  private readonly tokenTtlSeconds: number;
  private readonly store: AuthStore;

  constructor(
    catalog: CatalogDb,
    /** Login settings from flags or environment: applied at start over whatever the catalog holds. */
    private readonly initial: AuthConfig | undefined,
  ) {
    this.tokenTtlSeconds = initial?.tokenTtlSeconds ?? DEFAULT_TTL_SECONDS;
    this.store = new AuthStore(catalog);
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /** Reads the saved settings, or saves those given at start over them. */
  async load(): Promise<void> {
    this.deviceKey = Buffer.from(await this.store.deviceKey(randomBytes(32).toString('hex')), 'hex');
    if (this.initial) {
      const { username, password } = this.initial;
      await this.save({ enabled: true, username, passwordHash: await hashPassword(password) });
      return;
    }
    const saved = await this.store.settings();
    if (saved) this.settings = saved;
  }

  view(): AuthSettingsView {
    return { http_auth_enabled: this.settings.enabled, username: this.settings.username };
  }

  /**
   * Turns login on or off and sets the user. Login can only be on with a user and a password; with login
   * off, clearing them leaves no one who can log in. A new username or password revokes every token, so a
   * session of the old credentials does not live on.
   */
  async update(change: AuthSettingsChange): Promise<void> {
    const next: StoredAuthSettings = { ...this.settings };
    if (change.username !== undefined) next.username = change.username || null;
    if (change.password !== undefined) {
      next.passwordHash = change.password ? await hashPassword(change.password) : null;
    }
    if (change.http_auth_enabled !== undefined) next.enabled = change.http_auth_enabled;
    if (next.enabled && (!next.username || !next.passwordHash)) {
      throw new ValidationError('Login needs a username and a password: give both to turn it on', 'auth');
    }
    const credentialsChanged =
      (change.username !== undefined && next.username !== this.settings.username) ||
      change.password !== undefined;
    await this.save(next);
    if (credentialsChanged) await this.store.deleteAllTokens();
  }

  /**
   * Returns a new token, or null for wrong credentials. As in MindsDB, the stored user may log in even while
   * login is off (the token is then simply not needed).
   */
  async login(username: string, password: string): Promise<string | null> {
    const { username: expected, passwordHash } = this.settings;
    // Both checks always run, so the time taken does not tell whether the username was right.
    const userOk = timingSafeEqual(sha256(username), sha256(expected ?? ''));
    const passOk = await passwordMatches(password, passwordHash);
    if (!(userOk && passOk && expected)) return null;
    const token = randomBytes(32).toString('base64url');
    await this.store.addToken(sha256(token).toString('hex'), username, this.tokenTtlSeconds);
    return token;
  }

  /** How long a token lives, in seconds: the session cookie lives as long. */
  get tokenLifetimeSeconds(): number {
    return this.tokenTtlSeconds;
  }

  async verify(token: string): Promise<boolean> {
    if (!token) return false;
    return this.store.tokenIsLive(sha256(token).toString('hex'));
  }

  async logout(token: string): Promise<void> {
    await this.store.deleteToken(sha256(token).toString('hex'));
  }

  private async save(next: StoredAuthSettings): Promise<void> {
    await this.store.saveSettings(next);
    this.settings = next;
  }
}
