import type { KeyLock } from '../util/keyed-queue';
import type { JsonValue, QueryResult, SqlParam } from './duckdb';

/** The statements a transaction may run: all of them on one connection, committed together. */
export interface CatalogTransaction {
  query(sql: string, params?: SqlParam[]): Promise<QueryResult>;
  all<T = Record<string, JsonValue>>(sql: string, params?: SqlParam[]): Promise<T[]>;
  run(sql: string, params?: SqlParam[]): Promise<void>;
}

/**
 * What the catalog's stores need of a database: the embedded DuckDB file by default (`DuckDb`), or a shared
 * PostgreSQL server (`PostgresCatalog`) when several servers must see one catalog (see docs/scaling.md).
 * Statements are written once, in the SQL both engines accept, with `?` for parameters; the few DuckDB
 * functions the stores call (`strftime`, `to_seconds`) the PostgreSQL engine defines for itself.
 */
export interface CatalogDb extends CatalogTransaction {
  /**
   * Other servers write it too (PostgreSQL): nothing read from it may be kept beyond the request that read it,
   * since this server would not learn of their changes.
   */
  readonly shared: boolean;
  /**
   * On a shared catalog: runs `fn` while holding a lock named `key` that every server on this catalog respects
   * (the write lock of a vector table several servers write).
   */
  withLock?: KeyLock;
  /**
   * Rows of a statement that only reads. `keep: false` marks a statement whose answer changes with time alone
   * (`now()`), for an engine that keeps reads until the next write.
   */
  select<T = Record<string, JsonValue>>(
    sql: string,
    params?: SqlParam[],
    options?: { keep?: boolean },
  ): Promise<T[]>;
  /** Runs `fn` inside a transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: CatalogTransaction) => Promise<T>): Promise<T>;
  close(): void;
}
