import pg from 'pg';
import type { JsonValue } from '../duckdb';
import { sourceError } from './errors';
import {
  CONNECT_TIMEOUT_MS,
  POOL_SIZE,
  SourceError,
  type ColumnKind,
  type SourceClient,
  type SourceColumn,
  type SourceQueryOptions,
  type SourceQueryResult,
  type SourceStreamOptions,
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
  /** How long connecting may take (default CONNECT_TIMEOUT_MS; tests shorten it). */
  connectTimeoutMs?: number;
}

const TYPE_OIDS = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 };

/** Column kinds by type OID (see ColumnKind): float4 is left out, its values compare inexactly. */
const KIND_OF_OID: Record<number, ColumnKind> = {
  16: 'boolean',
  20: 'number',
  21: 'number',
  23: 'number',
  701: 'number',
  1700: 'number',
  25: 'text',
  1042: 'text',
  1043: 'text',
};

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

/** A statement's failure, worded for the user; a lost connection must not go back to the pool. */
class StatementFailure extends SourceError {
  constructor(
    message: string,
    readonly connectionLost: boolean,
  ) {
    super(message);
  }
}

/** A PostgreSQL source: a bounded pool of `pg` connections; cancellation through `pg_cancel_backend`. */
export class PostgresClient implements SourceClient {
  readonly dialect = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly where;
  private readonly connectTimeoutMs: number;

  constructor(private readonly settings: PostgresSettings) {
    this.connectTimeoutMs = settings.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    this.where = {
      host: settings.host,
      port: settings.port,
      user: settings.user,
      database: settings.database,
      connectTimeoutMs: this.connectTimeoutMs,
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
      connectionTimeoutMillis: this.connectTimeoutMs,
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
    await this.query('SELECT 1', { timeoutMs: this.connectTimeoutMs });
  }

  async query(sql: string, options: SourceQueryOptions): Promise<SourceQueryResult> {
    const client = await this.borrow(options.signal);
    let lost: Error | undefined;
    try {
      const last = await this.run(client, sql, options);
      return {
        columnNames: (last.fields ?? []).map((f) => f.name),
        rows: (last.rows ?? []).map((row) => row.map((v) => toJsonValue(v) as JsonValue)),
        columnKinds: (last.fields ?? []).map((f) => KIND_OF_OID[f.dataTypeID] ?? 'other'),
      };
    } catch (err) {
      if (err instanceof StatementFailure && err.connectionLost) lost = err;
      throw err;
    } finally {
      client.release(lost);
    }
  }

  /**
   * A read-only transaction with a server-side cursor: `FETCH pageSize` at a time, so that neither side holds
   * more than a page of a large result. The cursor and its transaction end with the stream (also when the
   * reader stops early).
   */
  async *stream(
    sql: string,
    { pageSize, timeoutMs, signal }: SourceStreamOptions,
  ): AsyncGenerator<SourceQueryResult> {
    const client = await this.borrow(signal);
    const limits = { timeoutMs, signal };
    let lost: Error | undefined;
    let open = false;
    try {
      await this.run(client, 'BEGIN READ ONLY', limits);
      open = true;
      await this.run(client, `DECLARE ks_rows NO SCROLL CURSOR FOR ${sql}`, limits);
      const size = Math.max(1, Math.floor(pageSize));
      for (;;) {
        const page = await this.run(client, `FETCH ${size} FROM ks_rows`, limits);
        const rows = (page.rows ?? []).map((row) => row.map((v) => toJsonValue(v) as JsonValue));
        yield { columnNames: (page.fields ?? []).map((f) => f.name), rows };
        if (rows.length < size) break;
      }
      await this.run(client, 'COMMIT', limits);
      open = false;
    } catch (err) {
      if (err instanceof StatementFailure && err.connectionLost) lost = err;
      throw err;
    } finally {
      // A reader that stopped early (or a failed statement) leaves the transaction open: end it before the
      // connection goes back to the pool.
      if (open && !lost) await client.query('ROLLBACK').catch((err: Error) => (lost = err));
      client.release(lost);
    }
  }

  private async borrow(signal?: AbortSignal): Promise<pg.PoolClient> {
    if (signal?.aborted) throw new SourceError('The query was stopped');
    try {
      return await this.pool.connect();
    } catch (err) {
      throw this.fail(err);
    }
  }

  /**
   * One statement on a borrowed connection, with the time limit and Stop: past either it is cancelled on the
   * source (from another connection) and the error says why.
   */
  private async run(
    client: pg.PoolClient,
    sql: string,
    { params = [], timeoutMs, signal }: SourceQueryOptions,
  ): Promise<pg.QueryArrayResult> {
    if (signal?.aborted) throw new StatementFailure('The query was stopped', false);
    const pid = (client as unknown as { processID?: number }).processID;
    let stopped: 'timeout' | 'abort' | undefined;
    const cancel = (why: 'timeout' | 'abort') => {
      stopped ??= why;
      if (pid !== undefined) void this.cancelBackend(pid);
    };
    const timer = setTimeout(() => cancel('timeout'), timeoutMs);
    const onAbort = () => cancel('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      // No values: the simple protocol, one round trip (the extended one costs a Parse, Bind and Sync more).
      const result = await queryWithCallback(client, {
        text: sql,
        values: params.length ? params : undefined,
        rowMode: 'array',
      });
      // A multi-statement text answers an array of results; the last one is what the user asked for.
      return (Array.isArray(result) ? result[result.length - 1] : result) as pg.QueryArrayResult;
    } catch (err) {
      const code = (err as { code?: string }).code;
      // A connection-level failure (the server went away) must not go back to the pool.
      const connectionLost = !code || /^(08|57P)/.test(code);
      if (stopped === 'timeout') {
        throw new StatementFailure(
          `The query ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped on the source`,
          connectionLost,
        );
      }
      if (stopped === 'abort') throw new StatementFailure('The query was stopped', connectionLost);
      throw new StatementFailure(this.fail(err).message, connectionLost);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
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

/**
 * `client.query` in its callback form, wrapped in a promise of our own. Through the driver's own promise,
 * streaming a million rows through the cursor had V8 promote 168 MB to its old generation, about every page
 * whatever the page size, and an export's RSS rose by about 125 MB until a full collection; through the
 * callback, 34 MB, with the same code around it (`--trace-gc-nvp`; stream-promotion.test.ts counts it,
 * `bench/export-source-rss.ts` shows the RSS).
 */
function queryWithCallback(
  client: pg.PoolClient,
  config: pg.QueryArrayConfig,
): Promise<pg.QueryArrayResult | pg.QueryArrayResult[]> {
  return new Promise((resolve, reject) => {
    client.query(config, (err: Error | null, result: pg.QueryArrayResult | pg.QueryArrayResult[]) =>
      err ? reject(err) : resolve(result),
    );
  });
}
