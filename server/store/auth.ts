import type { CatalogDb } from '../engines/catalog-db';

/** The login settings as the catalog keeps them: one row, or none before the first save. */
export interface StoredAuthSettings {
  enabled: boolean;
  username: string | null;
  /** `salt:hash`, both hex, of scrypt; null when no password was ever set. */
  passwordHash: string | null;
}

/**
 * Tokens are kept only as hashes (the caller hashes them); the settings are one row with id 1, and so is the
 * key that signs device cookies (http/device-cookie.ts), shared by every server of one catalog.
 */
export const AUTH_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS auth_device_key (id INTEGER PRIMARY KEY, key_hex VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS auth_tokens (token_hash VARCHAR PRIMARY KEY, username VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, expires_at TIMESTAMP NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS auth_settings (id INTEGER PRIMARY KEY, enabled BOOLEAN NOT NULL, username VARCHAR, password_hash VARCHAR)`,
];

/** At start-up: expired tokens are of no use to anyone. */
export const AUTH_TIDY = [`DELETE FROM auth_tokens WHERE expires_at < now()::TIMESTAMP`];

/** The catalog's `auth_tokens` (hashes of session tokens) and `auth_settings` (the one login user). */
export class AuthStore {
  constructor(private readonly catalog: CatalogDb) {}

  async settings(): Promise<StoredAuthSettings | undefined> {
    const rows = await this.catalog.select<{
      enabled: boolean;
      username: string | null;
      password_hash: string | null;
    }>(`SELECT enabled, username, password_hash FROM auth_settings WHERE id = 1`, [], { keep: false });
    const row = rows[0];
    return row && { enabled: row.enabled, username: row.username, passwordHash: row.password_hash };
  }

  async saveSettings(settings: StoredAuthSettings): Promise<void> {
    await this.catalog.run(
      `INSERT INTO auth_settings (id, enabled, username, password_hash) VALUES (1, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET enabled = EXCLUDED.enabled, username = EXCLUDED.username,
       password_hash = EXCLUDED.password_hash`,
      [settings.enabled, settings.username, settings.passwordHash],
    );
  }

  /** The device-cookie key: the one already kept, or `candidate` when there was none (kept from now on). */
  async deviceKey(candidate: string): Promise<string> {
    await this.catalog.run(
      `INSERT INTO auth_device_key (id, key_hex) VALUES (1, ?) ON CONFLICT (id) DO NOTHING`,
      [candidate],
    );
    const rows = await this.catalog.select<{ key_hex: string }>(
      `SELECT key_hex FROM auth_device_key WHERE id = 1`,
      [],
      { keep: false },
    );
    return rows[0].key_hex;
  }

  async addToken(tokenHash: string, username: string, ttlSeconds: number): Promise<void> {
    await this.catalog.run(
      `INSERT INTO auth_tokens VALUES (?, ?, now()::TIMESTAMP, now()::TIMESTAMP + to_seconds(?::BIGINT))`,
      [tokenHash, username, ttlSeconds],
    );
  }

  async tokenIsLive(tokenHash: string): Promise<boolean> {
    // Not kept between writes: a token expires with time alone.
    const rows = await this.catalog.select(
      `SELECT 1 AS ok FROM auth_tokens WHERE token_hash = ? AND expires_at > now()::TIMESTAMP`,
      [tokenHash],
      { keep: false },
    );
    return rows.length > 0;
  }

  async deleteToken(tokenHash: string): Promise<void> {
    await this.catalog.run(`DELETE FROM auth_tokens WHERE token_hash = ?`, [tokenHash]);
  }

  async deleteAllTokens(): Promise<void> {
    await this.catalog.run(`DELETE FROM auth_tokens`);
  }
}
