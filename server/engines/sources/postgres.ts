import pg from 'pg';
import type { JsonValue } from '../duckdb';
import { sourceError } from './errors';
import {
  CONNECT_TIMEOUT_MS,
  POOL_SIZE,
  SourceError,
  type SourceClient,
  type SourceColumn,
  type SourceQueryOptions,
  type SourceQueryResult,
  type SourceTable,
} from './types';
import { numericText, toJsonValue } from './values';

export interface PostgresSettings {
  host: string;
  /** The checked address of `host` (see host-check.ts): the pool connects here. */
  address: string;
  port: number;
  database: string;
  user: string;
  password?: string;
  schema?: string;
  sslmode?: string;
  /** Shown in the server's pg_stat_activity, so that its administrators see whose connections these are. */
  applicationName?: string;
}

const TYPE_OIDS = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 };

/**
 * Values as the SQL endpoint shows them: bigint and numeric as numbers when exact enough, dates and
 * timestamps as the server's text (no time-zone shift through a JavaScript Date).
 */
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === TYPE_OIDS.int8 || oid === TYPE_OIDS.numeric) return (text: string) => numericText(text);
    if (oid === TYPE_OIDS.date || oid === TYPE_OIDS.timestamp || oid === TYPE_OIDS.timestamptz) {
      return (text: string) => text;
    }
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as unknown as pg.CustomTypesConfig;

/** A PostgreSQL source: a bounded pool of `pg` connections; cancellation through `pg_cancel_backend`. */
export class PostgresClient implements SourceClient {
  readonly dialect = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly where;

  constructor(private readonly settings: PostgresSettings) {
    this.where = {
      host: settings.host,
      port: settings.port,
      user: settings.user,
      database: settings.database,
    };
    this.pool = new pg.Pool(this.config());
    // An idle pooled connection that the server drops must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  private config(): pg.PoolConfig {
    const s = this.settings;
    return {
      host: s.address,
      port: s.port,
      database: s.database,
      user: s.user,
      password: s.password,
      max: POOL_SIZE,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ssl: s.sslmode && s.sslmode !== 'disable' ? { rejectUnauthorized: s.sslmode === 'verify-full' } : false,
      options: s.schema ? `-c search_path=${s.schema.replace(/[^A-Za-z0-9_]/g, '')},public` : undefined,
      types,
      application_name: s.applicationName,
    };
  }

  private fail(err: unknown): SourceError {
    return sourceError(err, this.where, this.settings.password ? [this.settings.password] : []);
  }

  async check(): Promise<void> {
    await this.query('SELECT 1', { timeoutMs: CONNECT_TIMEOUT_MS });
  }

  async query(
    sql: string,
    { params = [], timeoutMs, signal }: SourceQueryOptions,
  ): Promise<SourceQueryResult> {
    if (signal?.aborted) throw new SourceError('The query was stopped');
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw this.fail(err);
    }
    const pid = (client as unknown as { processID?: number }).processID;
    let stopped: 'timeout' | 'abort' | undefined;
    const cancel = (why: 'timeout' | 'abort') => {
      stopped ??= why;
      if (pid !== undefined) void this.cancelBackend(pid);
    };
    const timer = setTimeout(() => cancel('timeout'), timeoutMs);
    const onAbort = () => cancel('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    let broken: Error | undefined;
    try {
      // No values: the simple protocol, one round trip (the extended one costs a Parse, Bind and Sync more).
      const result = await client.query({
        text: sql,
        values: params.length ? params : undefined,
        rowMode: 'array',
      });
      // A multi-statement text answers an array of results; the last one is what the user asked for.
      const last = (Array.isArray(result) ? result[result.length - 1] : result) as pg.QueryArrayResult;
      return {
        columnNames: (last.fields ?? []).map((f) => f.name),
        rows: (last.rows ?? []).map((row) => row.map((v) => toJsonValue(v) as JsonValue)),
      };
    } catch (err) {
      const code = (err as { code?: string }).code;
      // A connection-level failure (the server went away) must not go back to the pool.
      if (!code || /^(08|57P)/.test(code)) broken = err as Error;
      if (stopped === 'timeout') {
        throw new SourceError(
          `The query ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped on the source`,
        );
      }
      if (stopped === 'abort') throw new SourceError('The query was stopped');
      throw this.fail(err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      client.release(broken);
    }
  }

  /** Cancels a running statement from a separate connection, as `psql`'s Ctrl-C does. */
  private async cancelBackend(pid: number): Promise<void> {
    const canceller = new pg.Client({ ...this.config(), types: undefined });
    canceller.on('error', () => undefined);
    try {
      await canceller.connect();
      await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch {
      // The statement may have ended meanwhile, or the source is gone: the query's own error says which.
    } finally {
      await canceller.end().catch(() => undefined);
    }
  }

  async listTables(): Promise<SourceTable[]> {
    const result = await this.query(
      `SELECT table_schema, table_name, table_type FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg_toast%'
       ORDER BY table_schema, table_name`,
      { timeoutMs: CONNECT_TIMEOUT_MS },
    );
    return result.rows.map(([schema, name, type]) => ({
      schema: String(schema),
      name: String(name),
      type: type === 'VIEW' ? 'VIEW' : 'BASE TABLE',
    }));
  }

  async listColumns(schema: string, table: string): Promise<SourceColumn[]> {
    const result = await this.query(
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
      { params: [schema, table], timeoutMs: CONNECT_TIMEOUT_MS },
    );
    return result.rows.map(([name, type]) => ({ name: String(name), type: String(type) }));
  }

  openConnections(): number {
    return this.pool.totalCount;
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
