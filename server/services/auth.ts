import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { DuckDb } from '../engines/duckdb';
import { ValidationError } from '../errors';

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

/** A change from `PUT /api/config`; fields left out keep their value. */
export interface AuthSettingsChange {
  http_auth_enabled?: boolean;
  username?: string;
  password?: string;
}

interface StoredSettings {
  enabled: boolean;
  username: string | null;
  /** `salt:hash`, both hex, of scrypt; null when no password was ever set. */
  passwordHash: string | null;
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
  private settings: StoredSettings = { enabled: false, username: null, passwordHash: null };
  private readonly tokenTtlSeconds: number;

  constructor(
    private readonly catalog: DuckDb,
    /** Login settings from flags or environment: applied at start over whatever the catalog holds. */
    private readonly initial: AuthConfig | undefined,
  ) {
    this.tokenTtlSeconds = initial?.tokenTtlSeconds ?? DEFAULT_TTL_SECONDS;
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  async ensureSchema(): Promise<void> {
    await this.catalog.run(
      `CREATE TABLE IF NOT EXISTS auth_tokens (token_hash VARCHAR PRIMARY KEY, username VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, expires_at TIMESTAMP NOT NULL)`,
    );
    await this.catalog.run(
      `CREATE TABLE IF NOT EXISTS auth_settings (id INTEGER PRIMARY KEY, enabled BOOLEAN NOT NULL, username VARCHAR, password_hash VARCHAR)`,
    );
    await this.catalog.run(`DELETE FROM auth_tokens WHERE expires_at < now()::TIMESTAMP`);
    if (this.initial) {
      const { username, password } = this.initial;
      await this.save({ enabled: true, username, passwordHash: await hashPassword(password) });
      return;
    }
    const rows = await this.catalog.select<{
      enabled: boolean;
      username: string | null;
      password_hash: string | null;
    }>(`SELECT enabled, username, password_hash FROM auth_settings WHERE id = 1`, [], { keep: false });
    if (rows[0]) {
      this.settings = {
        enabled: rows[0].enabled,
        username: rows[0].username,
        passwordHash: rows[0].password_hash,
      };
    }
  }

  view(): AuthSettingsView {
    return { http_auth_enabled: this.settings.enabled, username: this.settings.username };
  }

  /**
   * Turns login on or off and sets the user. Login can only be on with a user and a password. A new
   * username or password revokes every token, so a session of the old credentials does not live on.
   */
  async update(change: AuthSettingsChange): Promise<void> {
    const next: StoredSettings = { ...this.settings };
    if (change.username !== undefined) next.username = change.username;
    if (change.password !== undefined) next.passwordHash = await hashPassword(change.password);
    if (change.http_auth_enabled !== undefined) next.enabled = change.http_auth_enabled;
    if (next.enabled && (!next.username || !next.passwordHash)) {
      throw new ValidationError('Login needs a username and a password: give both to turn it on', 'auth');
    }
    const credentialsChanged =
      (change.username !== undefined && change.username !== this.settings.username) ||
      change.password !== undefined;
    await this.save(next);
    if (credentialsChanged) await this.catalog.run(`DELETE FROM auth_tokens`);
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
    await this.catalog.run(
      `INSERT INTO auth_tokens VALUES (?, ?, now()::TIMESTAMP, now()::TIMESTAMP + to_seconds(?::BIGINT))`,
      [sha256(token).toString('hex'), username, this.tokenTtlSeconds],
    );
    return token;
  }

  /** How long a token lives, in seconds: the session cookie lives as long. */
  get tokenLifetimeSeconds(): number {
    return this.tokenTtlSeconds;
  }

  async verify(token: string): Promise<boolean> {
    if (!token) return false;
    // Not kept between writes: a token expires with time alone.
    const rows = await this.catalog.select(
      `SELECT 1 AS ok FROM auth_tokens WHERE token_hash = ? AND expires_at > now()::TIMESTAMP`,
      [sha256(token).toString('hex')],
      { keep: false },
    );
    return rows.length > 0;
  }

  async logout(token: string): Promise<void> {
    await this.catalog.run(`DELETE FROM auth_tokens WHERE token_hash = ?`, [sha256(token).toString('hex')]);
  }

  private async save(next: StoredSettings): Promise<void> {
    await this.catalog.run(`INSERT OR REPLACE INTO auth_settings VALUES (1, ?, ?, ?)`, [
      next.enabled,
      next.username,
      next.passwordHash,
    ]);
    this.settings = next;
  }
}
