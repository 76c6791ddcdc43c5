import {
  DuckDBInstance,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBResultReader,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { BoundedResult } from './bounded-read';
import { ConnectionPool } from './connection-pool';
import { QueryAbortedError, QueryTimeoutError, QuickLaneTimeoutError } from './query-errors';
import { converterFor, type JsonValue } from './json-values';
import { ReadCache } from './read-cache';
import { rowObject } from './row-object';
import { lockDown, type Sandbox } from './sandbox';
import type { RowBatch } from './row-batch';
import { readStoppable, streamStoppable } from './stoppable-reads';

export type { JsonValue };
export { QueryAbortedError, QueryTimeoutError, QuickLaneTimeoutError };

export interface QueryResult {
  columnNames: string[];
  columnTypes: string[];
  rows: JsonValue[][];
}

export type SqlParam = string | number | boolean | null;

export interface DuckDbOptions {
  /** How long a `queryAtMost` statement may run before it is interrupted (none when unset). */
  queryTimeoutMs?: number;
  /**
   * Extra connections for `select` (statements that only read), so that a quick read need not wait for a slow
   * one nor for the writes; also used by `queryAtMost` unless `queryConnections` is set. None: reads share the
   * one connection, in turn with the rest.
   */
  readConnections?: number;
  /**
   * Connections of their own for `queryAtMost` (users' SELECTs), so that the lookups every request makes
   * (`select`) never wait behind users' long queries.
   */
  queryConnections?: number;
  /**
   * One more connection for `queryAtMost`, taken only while every query connection is busy, whose statements
   * may run this long at most (ms). Three long queries hold every query connection for up to the time limit;
   * with this lane a quick query asked meanwhile still answers at once, and a long one is stopped early with
   * a message saying why, instead of everyone waiting for the first three.
   */
  quickLaneMs?: number;
  /** The engine's own sandbox (see engines/sandbox.ts), applied before any statement runs. */
  sandbox?: Sandbox;
  /**
   * Keep the results of `select` until the next write (see ReadCache): for a catalogue looked up by nearly
   * every request and changed rarely.
   */
  cacheReads?: boolean;
}

function toResult(reader: DuckDBResultReader): QueryResult {
  const types = reader.columnTypes();
  const converters = types.map(converterFor);
  const rows = reader.getRowsJson() as JsonValue[][];
  if (converters.some(Boolean)) {
    for (const row of rows) {
      for (let i = 0; i < row.length; i++) {
        const convert = converters[i];
        if (convert && row[i] !== null) row[i] = convert(row[i]);
      }
    }
  }
  return { columnNames: reader.columnNames(), columnTypes: types.map((t) => t.toString()), rows };
}

/** Rows as objects keyed by column name. */
export const asObjects = <T>({ columnNames, rows }: QueryResult): T[] =>
  rows.map((row) => rowObject(columnNames, row) as T);

/**
 * One embedded DuckDB database file. Writes go through one connection, serialised by a queue, because a
 * DuckDB connection runs one statement at a time and our interleaved awaits would otherwise mix them. Reads
 * (`select`, and the users' SELECTs in `queryAtMost`) may have a pool of connections of their own: DuckDB
 * runs statements of different connections side by side, each reading the data as last committed.
 */
export class DuckDb {
  /** As a catalog, the data folder's own file: this process is its only writer (see `CatalogDb.shared`). */
  readonly shared = false;
  private queue: Promise<unknown> = Promise.resolve();
  private selectsRunning = 0;
  private readonly cache: ReadCache | undefined;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    private readonly pools: {
      readers?: ConnectionPool<DuckDBConnection>;
      queries?: ConnectionPool<DuckDBConnection>;
      quickLane?: ConnectionPool<DuckDBConnection>;
    },
    private readonly options: DuckDbOptions,
  ) {
    this.cache = options.cacheReads ? new ReadCache() : undefined;
  }

  static async open(path: string, options: DuckDbOptions = {}): Promise<DuckDb> {
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    // The sandbox is the instance's: set on the first connection, it holds for every later one.
    if (options.sandbox) await lockDown(connection, options.sandbox);
    const pool = async (size = 0, fairShare = false) =>
      size > 0
        ? new ConnectionPool(await Promise.all(Array.from({ length: size }, () => instance.connect())), {
            fairShare,
          })
        : undefined;
    const pools = {
      readers: await pool(options.readConnections),
      // Users' queries: one caller's heavy queries must leave a connection for the others (see ConnectionPool).
      queries: await pool(options.queryConnections, true),
      quickLane: await pool(options.quickLaneMs ? 1 : 0),
    };
    return new DuckDb(instance, connection, pools, options);
  }

  /** Runs `fn` after every earlier call has finished. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Like `serial`, for statements that may write: kept reads are forgotten around them. */
  private writing<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial(async () => {
      this.cache?.writeStarted();
      try {
        return await fn();
      } finally {
        this.cache?.writeEnded();
      }
    });
  }

  async query(sql: string, params: SqlParam[] = []): Promise<QueryResult> {
    return this.writing(() => this.readAll(sql, params));
  }

  /**
   * Rows of a statement that only reads (a lookup, a catalogue listing, a parse), as objects keyed by column
   * name. It may run on a read connection beside other statements instead of waiting its turn on the main one;
   * it sees everything committed before it started. Never use it for a statement that writes. On a database
   * that keeps reads (`cacheReads`), a statement whose answer changes with time alone (`now()`) must say
   * `keep: false`.
   */
  async select<T = Record<string, JsonValue>>(
    sql: string,
    params: SqlParam[] = [],
    { keep = true }: { keep?: boolean } = {},
  ): Promise<T[]> {
    const run = (connection: DuckDBConnection) => this.readAll(sql, params, connection);
    const readers = this.pools.readers;
    const load = async () =>
      asObjects<T>(await (readers ? readers.use(run) : this.serial(() => run(this.connection))));
    return this.cache && keep ? this.cache.read(JSON.stringify([sql, params]), load) : load();
  }

  private async readAll(
    sql: string,
    params: SqlParam[],
    connection: DuckDBConnection = this.connection,
  ): Promise<QueryResult> {
    const reader = params.length
      ? await connection.runAndReadAll(sql, params as DuckDBValue[])
      : await connection.runAndReadAll(sql);
    return toResult(reader);
  }

  /**
   * Like `query`, but streams the result and reads no more than `maxRows` rows and `maxBytes` of values (see
   * readBounded): a query that would return a hundred million rows, or sixty rows of 10 MB each, is stopped
   * before it fills the memory. `truncated` says which bound left rows unread. When `signal` aborts, the
   * statement is interrupted (or never started, if it was still waiting for its turn) and QueryAbortedError is
   * thrown.
   *
   * `caller` names who asks (any string; the same string for the same user): callers wait for a connection
   * in turn, each in a queue of its own (see ConnectionPool), and a caller that holds its share of the
   * connections leaves the quick lane to the others.
   */
  async queryAtMost(
    sql: string,
    maxRows: number,
    {
      signal,
      maxBytes = Number.POSITIVE_INFINITY,
      caller = '',
    }: { signal?: AbortSignal; maxBytes?: number; caller?: string } = {},
  ): Promise<BoundedResult> {
    const bounds = { maxRows, maxBytes };
    const { queries = this.pools.readers, quickLane } = this.pools;
    const quickMs = this.options.quickLaneMs;
    if (
      queries &&
      quickLane &&
      quickMs &&
      !queries.wouldLend(caller) &&
      queries.heldBy(caller) < queries.share &&
      quickLane.idleCount > 0
    ) {
      return quickLane.use((c) => this.readAtMost(c, sql, bounds, signal, { ms: quickMs, quick: true }));
    }
    const limit = { ms: this.options.queryTimeoutMs, quick: false };
    const run = (connection: DuckDBConnection) => this.readAtMost(connection, sql, bounds, signal, limit);
    return queries ? queries.use(run, caller) : this.serial(() => run(this.connection));
  }

  /**
   * Streams the whole result of `sql` a chunk (about 2,048 rows) at a time to `sink`, waiting for each call
   * before reading the next chunk: a result of millions of rows is never held whole (an export writes each
   * chunk out as it comes). No time limit applies (the export runs as long as its reader reads); when `signal`
   * aborts, the statement is interrupted and QueryAbortedError is thrown.
   */
  async streamRows(
    sql: string,
    sink: (columnNames: string[], rows: RowBatch) => Promise<void>,
    { signal, caller = '' }: { signal?: AbortSignal; caller?: string } = {},
  ): Promise<void> {
    const run = (connection: DuckDBConnection) => streamStoppable(connection, sql, sink, signal);
    const { queries = this.pools.readers } = this.pools;
    return queries ? queries.use(run, caller) : this.serial(() => run(this.connection));
  }

  /** How many `queryAtMost` statements the engine is running now (not those waiting for a connection). */
  get runningSelects(): number {
    return this.selectsRunning;
  }

  /** How many users' statements wait for a query connection. */
  get waitingSelects(): number {
    return (this.pools.queries ?? this.pools.readers)?.waitingCount ?? 0;
  }

  /** A users' SELECT (see readStoppable), counted in `runningSelects` while it runs. */
  private async readAtMost(...read: Parameters<typeof readStoppable>): Promise<BoundedResult> {
    this.selectsRunning++;
    try {
      return await readStoppable(...read);
    } finally {
      this.selectsRunning--;
    }
  }

  /** Rows as objects keyed by column name. */
  async all<T = Record<string, JsonValue>>(sql: string, params: SqlParam[] = []): Promise<T[]> {
    return asObjects<T>(await this.query(sql, params));
  }

  async run(sql: string, params: SqlParam[] = []): Promise<void> {
    await this.writing(async () => {
      if (params.length) await this.connection.run(sql, params as DuckDBValue[]);
      else await this.connection.run(sql);
    });
  }

  /**
   * Creates (or replaces) `schema.table` with `columns` and fills it with `chunks`, in one transaction: a read
   * that fails midway leaves the table as it was. For rows read by another engine (see upload-reader.ts); the
   * chunks are copied whole, not row by row.
   */
  async replaceTable(
    schema: string,
    table: string,
    columns: readonly { name: string; type: string }[],
    chunks: AsyncIterable<DuckDBDataChunk>,
  ): Promise<void> {
    const definition = columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ');
    await this.writing(async () => {
      await this.connection.run('BEGIN TRANSACTION');
      try {
        // Type names come from a file's inferred schema (a JSON key becomes a STRUCT field name): the engine
        // quotes them, and a prepared statement is one statement at most, whatever they hold.
        const create = await this.connection.prepare(
          `CREATE OR REPLACE TABLE ${quoteIdent(schema)}.${quoteIdent(table)} (${definition})`,
        );
        await create.run();
        const appender = await this.connection.createAppender(table, schema);
        try {
          for await (const chunk of chunks) appender.appendDataChunk(chunk);
          appender.flushSync();
        } finally {
          appender.closeSync();
        }
        await this.connection.run('COMMIT');
      } catch (err) {
        await this.connection.run('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  /** Runs `fn` inside a transaction; rolls back if it throws. */
  async transaction<T>(fn: (tx: Pick<DuckDb, 'query' | 'all' | 'run'>) => Promise<T>): Promise<T> {
    return this.writing(async () => {
      const tx = {
        query: (sql: string, params: SqlParam[] = []) => this.readAll(sql, params),
        all: async <R = Record<string, JsonValue>>(sql: string, params: SqlParam[] = []) =>
          asObjects<R>(await this.readAll(sql, params)),
        run: async (sql: string, params: SqlParam[] = []) => {
          await this.readAll(sql, params);
        },
      };
      await this.connection.run('BEGIN TRANSACTION');
      try {
        const result = await fn(tx as Pick<DuckDb, 'query' | 'all' | 'run'>);
        await this.connection.run('COMMIT');
        return result;
      } catch (err) {
        await this.connection.run('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  close(): void {
    for (const pool of Object.values(this.pools))
      for (const connection of pool?.connections ?? []) connection.closeSync();
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

/** Quotes an identifier for DuckDB: the only safe way to put a user-chosen name into a statement. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
