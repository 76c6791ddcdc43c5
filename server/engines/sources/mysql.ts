import type { Connection as CoreConnection } from 'mysql2';
import mysql from 'mysql2/promise';
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
import { toJsonValue } from './values';

export interface MysqlSettings {
  host: string;
  /** The checked address of `host` (see host-check.ts): the pool connects here. */
  address: string;
  port: number;
  database?: string;
  user: string;
  password?: string;
  ssl?: boolean;
  /** How long connecting may take (default CONNECT_TIMEOUT_MS; tests shorten it). */
  connectTimeoutMs?: number;
}

/** MySQL's column type codes that hold numbers compared exactly (FLOAT, 4, is single precision: left out). */
const NUMBER_TYPES = new Set([0, 1, 2, 3, 5, 8, 9, 246]);
/** Character types; BLOB codes (249-252) are TEXT columns too unless their character set is binary (63). */
const TEXT_TYPES = new Set([15, 253, 254, 249, 250, 251, 252]);
const BINARY_CHARSET = 63;

function kindOf(field: { columnType?: number; characterSet?: number }): ColumnKind {
  if (field.columnType === undefined) return 'other';
  if (NUMBER_TYPES.has(field.columnType)) return 'number';
  if (TEXT_TYPES.has(field.columnType) && field.characterSet !== BINARY_CHARSET) return 'text';
  return 'other';
}

/** A MySQL or MariaDB source: a bounded `mysql2` pool; cancellation through `KILL QUERY` on the statement's thread. */
export class MysqlClient implements SourceClient {
  readonly dialect = 'mysql' as const;
  private readonly pool: mysql.Pool;
  private readonly where;
  private readonly connectTimeoutMs: number;

  constructor(private readonly settings: MysqlSettings) {
    this.connectTimeoutMs = settings.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    this.where = {
      host: settings.host,
      port: settings.port,
      user: settings.user,
      database: settings.database,
      connectTimeoutMs: this.connectTimeoutMs,
    };
    this.pool = mysql.createPool(
      this.config({ connectionLimit: POOL_SIZE, maxIdle: POOL_SIZE, idleTimeout: 30_000 }),
    );
    this.pool.on('connection', (conn) => conn.on('error', () => undefined));
  }

  private config(extra: mysql.PoolOptions = {}): mysql.PoolOptions {
    const s = this.settings;
    return {
      host: s.address,
      port: s.port,
      user: s.user,
      password: s.password,
      database: s.database,
      connectTimeout: this.connectTimeoutMs,
      // Values as the SQL endpoint shows them: dates as the server's text, decimals and big integers as numbers
      // while exact enough (text beyond), never a JavaScript Date shifted to another time zone.
      dateStrings: true,
      decimalNumbers: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      multipleStatements: false,
      ssl: s.ssl ? {} : undefined,
      ...extra,
    };
  }

  private fail(err: unknown): SourceError {
    return sourceError(err, this.where, this.settings.password ? [this.settings.password] : []);
  }

  /** A pooled connection for one statement, unless the statement was stopped before it started. */
  private async statementConnection(signal: AbortSignal | undefined): Promise<mysql.PoolConnection> {
    if (signal?.aborted) throw new SourceError('The query was stopped');
    try {
      return await this.pool.getConnection();
    } catch (err) {
      throw this.fail(err);
    }
  }

  /**
   * How a statement on `conn` is stopped (KILL QUERY from another connection) and, when it then fails, the
   * error that says why: its time limit, a Stop, or the source's own error.
   */
  private stopper(conn: mysql.PoolConnection, timeoutMs: number) {
    const threadId = conn.threadId;
    let stopped: 'timeout' | 'abort' | undefined;
    return {
      cancel: (why: 'timeout' | 'abort') => {
        stopped ??= why;
        void this.killQuery(threadId);
      },
      failure: (err: unknown): SourceError => {
        if (stopped === 'timeout')
          return new SourceError(
            `The query ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped on the source`,
          );
        if (stopped === 'abort') return new SourceError('The query was stopped');
        return this.fail(err);
      },
    };
  }

  async check(): Promise<void> {
    await this.query('SELECT 1', { timeoutMs: this.connectTimeoutMs });
  }

  async query(
    sql: string,
    { params = [], timeoutMs, signal }: SourceQueryOptions,
  ): Promise<SourceQueryResult> {
    const conn = await this.statementConnection(signal);
    const { cancel, failure } = this.stopper(conn, timeoutMs);
    const timer = setTimeout(() => cancel('timeout'), timeoutMs);
    const onAbort = () => cancel('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    let broken = false;
    try {
      const [rows, fields] = await conn.query({ sql, values: params, rowsAsArray: true });
      if (!Array.isArray(fields)) return { columnNames: [], rows: [] }; // a statement without rows
      return {
        columnNames: fields.map((f) => f.name),
        rows: (rows as unknown[][]).map((row) => row.map((v) => toJsonValue(v) as JsonValue)),
        columnKinds: fields.map(kindOf),
      };
    } catch (err) {
      broken = (err as { fatal?: boolean }).fatal === true;
      throw failure(err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // A connection that failed at the protocol level (the server went away) is not reused.
      if (broken) conn.destroy();
      else conn.release();
    }
  }

  /**
   * The result streamed as the server sends it: the driver pauses the socket while a page waits to be
   * consumed, so memory holds about one page. The time limit applies to each wait for the next page.
   */
  async *stream(
    sql: string,
    { pageSize, timeoutMs, signal }: SourceStreamOptions,
  ): AsyncGenerator<SourceQueryResult> {
    const conn = await this.statementConnection(signal);
    const { cancel, failure } = this.stopper(conn, timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const waitStarts = () => {
      clearTimeout(timer);
      timer = setTimeout(() => cancel('timeout'), timeoutMs);
    };
    const onAbort = () => cancel('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    const size = Math.max(1, Math.floor(pageSize));
    // The callback connection underneath the promise wrapper is the one that streams.
    const core = (conn as unknown as { connection: CoreConnection }).connection;
    const query = core.query({ sql, rowsAsArray: true });
    let columnNames: string[] = [];
    query.on('fields', (fields: { name: string }[]) => (columnNames = fields.map((f) => f.name)));
    const rows = query.stream({ highWaterMark: size });
    let broken = false;
    let finished = false;
    try {
      let page: JsonValue[][] = [];
      waitStarts();
      for await (const row of rows as AsyncIterable<unknown[]>) {
        page.push(row.map((v) => toJsonValue(v) as JsonValue));
        if (page.length >= size) {
          clearTimeout(timer);
          yield { columnNames, rows: page };
          page = [];
          waitStarts();
        }
      }
      clearTimeout(timer);
      yield { columnNames, rows: page };
      finished = true;
    } catch (err) {
      broken = (err as { fatal?: boolean }).fatal === true;
      throw failure(err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // A reader that stopped early leaves rows on the wire: that connection cannot serve another query.
      if (broken || !finished) conn.destroy();
      else conn.release();
    }
  }

  /** Stops a running statement from a separate connection: the pool's own may all be busy. */
  private async killQuery(threadId: number): Promise<void> {
    let killer: mysql.Connection | undefined;
    try {
      killer = await mysql.createConnection(this.config());
      await killer.query(`KILL QUERY ${Number(threadId)}`);
    } catch {
      // The statement may have ended meanwhile, or the source is gone: the query's own error says which.
    } finally {
      await killer?.end().catch(() => undefined);
    }
  }

  async listTables(): Promise<SourceTable[]> {
    const result = await this.query(
      `SELECT table_schema, table_name, table_type FROM information_schema.tables
       WHERE table_schema = COALESCE(?, DATABASE())
       ORDER BY table_schema, table_name`,
      { params: [this.settings.database ?? null], timeoutMs: CONNECT_TIMEOUT_MS },
    );
    return result.rows.map(([schema, name, type]) => ({
      schema: String(schema),
      name: String(name),
      type: type === 'VIEW' ? 'VIEW' : 'BASE TABLE',
    }));
  }

  async listColumns(schema: string, table: string): Promise<SourceColumn[]> {
    const result = await this.query(
      `SELECT column_name, column_type FROM information_schema.columns
       WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position`,
      { params: [schema, table], timeoutMs: CONNECT_TIMEOUT_MS },
    );
    return result.rows.map(([name, type]) => ({ name: String(name), type: String(type) }));
  }

  openConnections(): number {
    // mysql2 keeps no public count; its pool's own list is the truth about open sockets.
    return (this.pool as unknown as { pool: { _allConnections: { length: number } } }).pool._allConnections
      .length;
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
