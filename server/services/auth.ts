import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DuckDb } from '../engines/duckdb';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Wrong logins for one username are slowed down: after a few, each try waits longer (capped). */
const FREE_ATTEMPTS = 3;
const MAX_DELAY_MS = 4000;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface AuthConfig {
  username: string;
  password: string;
  tokenTtlSeconds: number;
}

/**
 * Login with one configured user. Tokens are 256 random bits, stored only as SHA-256 hashes in the catalog
 * (so they survive a restart), and expire. Password checks compare digests in constant time.
 */
export class AuthService {
  private readonly failures = new Map<string, { count: number; last: number }>();

  constructor(
    private readonly catalog: DuckDb,
    private readonly config: AuthConfig | undefined,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  get enabled(): boolean {
    return this.config !== undefined;
  }

  async ensureSchema(): Promise<void> {
    await this.catalog.run(
      `CREATE TABLE IF NOT EXISTS auth_tokens (token_hash VARCHAR PRIMARY KEY, username VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, expires_at TIMESTAMP NOT NULL)`,
    );
    await this.catalog.run(`DELETE FROM auth_tokens WHERE expires_at < now()::TIMESTAMP`);
  }

  /** Returns a new token, or null for wrong credentials (after the slow-down for repeated failures). */
  async login(username: string, password: string): Promise<string | null> {
    if (!this.config) return null;
    await this.sleep(this.delayFor(username));
    const userOk = timingSafeEqual(sha256(username), sha256(this.config.username));
    const passOk = timingSafeEqual(sha256(password), sha256(this.config.password));
    if (!(userOk && passOk)) {
      this.noteFailure(username);
      return null;
    }
    this.failures.delete(username);
    const token = randomBytes(32).toString('base64url');
    await this.catalog.run(
      `INSERT INTO auth_tokens VALUES (?, ?, now()::TIMESTAMP, now()::TIMESTAMP + to_seconds(?::BIGINT))`,
      [sha256(token).toString('hex'), username, this.config.tokenTtlSeconds],
    );
    return token;
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

  private delayFor(username: string): number {
    const f = this.failures.get(username);
    if (!f || Date.now() - f.last > FAILURE_WINDOW_MS || f.count < FREE_ATTEMPTS) return 0;
    return Math.min(MAX_DELAY_MS, 250 * 2 ** (f.count - FREE_ATTEMPTS));
  }

  private noteFailure(username: string): void {
    const f = this.failures.get(username);
    const fresh = !f || Date.now() - f.last > FAILURE_WINDOW_MS;
    this.failures.set(username, { count: fresh ? 1 : f.count + 1, last: Date.now() });
    if (this.failures.size > 10_000) this.failures.clear(); // bound memory under a flood of usernames
  }
}
