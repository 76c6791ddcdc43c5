import type { JsonValue } from '../duckdb';

/** The SQL dialects of the external databases we connect to: each has its own quoting and catalog queries. */
export type SourceDialect = 'postgres' | 'mysql';

/**
 * What a column holds, as far as a filter sent to the source must know: numbers and text compare on the source
 * as they do here only for these kinds (dates, JSON, floats of single precision and the rest are `other`).
 */
export type ColumnKind = 'number' | 'text' | 'boolean' | 'other';

export interface SourceQueryResult {
  columnNames: string[];
  rows: JsonValue[][];
  /** The kind of each column, where the driver tells it (`query` answers it; a stream's pages need not). */
  columnKinds?: ColumnKind[];
}

export interface SourceQueryOptions {
  /** Values bound to the statement's placeholders ($1 on PostgreSQL, ? on MySQL): never spliced into the text. */
  params?: (string | number | boolean | null)[];
  /** The statement is cancelled on the source past this time. */
  timeoutMs: number;
  /** Aborting cancels the statement on the source too (the worksheet's Stop). */
  signal?: AbortSignal;
}

export interface SourceStreamOptions {
  /** Rows in each page read from the source: memory holds about one page, whatever the result's size. */
  pageSize: number;
  /** Each read from the source (the opening and every page) is cancelled there past this time. */
  timeoutMs: number;
  /** Aborting cancels the read on the source and ends the stream. */
  signal?: AbortSignal;
}

export interface SourceTable {
  schema: string;
  name: string;
  type: 'BASE TABLE' | 'VIEW';
}

export interface SourceColumn {
  name: string;
  type: string;
}

/** A pooled connection to one external database. */
export interface SourceClient {
  readonly dialect: SourceDialect;
  /** Connects (or borrows a connection) and runs a trivial query: the connection test. */
  check(): Promise<void>;
  query(sql: string, options: SourceQueryOptions): Promise<SourceQueryResult>;
  /**
   * Reads a SELECT's rows page by page, as the source sends them (a server-side cursor on PostgreSQL, a
   * streamed result with backpressure on MySQL): for loads far larger than an answer. Every page carries the
   * column names; a result without rows yields one empty page. Stopping the iteration early frees the
   * connection.
   */
  stream(sql: string, options: SourceStreamOptions): AsyncGenerator<SourceQueryResult>;
  /** Tables and views the user can read, outside the system schemas. */
  listTables(): Promise<SourceTable[]>;
  listColumns(schema: string, table: string): Promise<SourceColumn[]>;
  /** Connections the pool holds open now (bounded by the pool size). */
  openConnections(): number;
  close(): Promise<void>;
}

/**
 * A failure on the source, worded for the user: the cause (wrong password, unknown host, closed port, timeout,
 * the source's own SQL error), never a secret or a stack.
 */
export class SourceError extends Error {}

/** Most connections one source's pool opens: a busy worksheet cannot flood the user's database. */
export const POOL_SIZE = 4;

/** How long connecting may take before it is an error (creation, test, and each new pooled connection). */
export const CONNECT_TIMEOUT_MS = 10_000;
