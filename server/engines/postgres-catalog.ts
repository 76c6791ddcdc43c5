import pg from 'pg';
import type { CatalogDb, CatalogTransaction } from './catalog-db';
import { asObjects, type JsonValue, type QueryResult, type SqlParam } from './duckdb';
import { decimal, wideInteger } from './json-values';

/**
 * The catalog on a PostgreSQL server instead of the data folder's DuckDB file: what several servers behind one
 * address share (docs/scaling.md). The stores' statements are the same; this engine turns their `?` parameters
 * into PostgreSQL's `$n`, reads values as the DuckDB engine hands them out, and defines the two DuckDB functions
 * the stores call.
 */

/** PostgreSQL's type ids whose text form this engine reads itself (see TYPE_PARSERS). */
const TYPE = { int8: 20, numeric: 1700, timestamp: 1114, timestamptz: 1184, date: 1082 } as const;

/**
 * 64-bit integers as numbers where they fit and timestamps as their text, as the DuckDB engine answers: the stores
 * parse `created_at` text themselves, and a JavaScript Date would shift a zone-less timestamp to local time.
 */
const TYPE_PARSERS: Record<number, (text: string) => unknown> = {
  [TYPE.int8]: wideInteger,
  [TYPE.numeric]: decimal,
  [TYPE.timestamp]: (text) => text,
  [TYPE.timestamptz]: (text) => text,
  [TYPE.date]: (text) => text,
};

const types = {
  getTypeParser: (id: number, format?: string) =>
    TYPE_PARSERS[id] ?? (pg.types.getTypeParser as (id: number, format?: string) => unknown)(id, format),
} as pg.CustomTypesConfig;

/**
 * DuckDB functions the stores use, defined in PostgreSQL with the same meaning: `strftime` for the few formats
 * DuckDB and PostgreSQL name differently (%Y-%m-%d %H:%M:%S.%f is all the stores write), and `to_seconds`.
 */
const COMPATIBILITY_FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION strftime(value timestamp, format text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
     SELECT to_char(value, replace(replace(replace(replace(replace(replace(replace(format,
       '%Y', 'YYYY'), '%m', 'MM'), '%d', 'DD'), '%H', 'HH24'), '%M', 'MI'), '%S', 'SS'), '%f', 'US'))
   $$`,
  `CREATE OR REPLACE FUNCTION to_seconds(seconds bigint) RETURNS interval LANGUAGE sql IMMUTABLE AS $$
     SELECT make_interval(secs => seconds::double precision)
   $$`,
];

/**
 * `?` parameters as `$1, $2, ...`, leaving alone a `?` inside a string literal, a quoted name or a comment (the
 * stores write none there today; a user never writes catalog SQL).
 */
export function numberedParameters(sql: string): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      out += `$${++n}`;
    } else {
      out += c;
    }
  }
  return out;
}

/** A transaction that lost a race with another (serialization failure, deadlock) and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const TRANSACTION_ATTEMPTS = 5;

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

async function queryOn(db: Queryable, sql: string, params: SqlParam[] = []): Promise<QueryResult> {
  const result = await db.query({ text: numberedParameters(sql), values: params, rowMode: 'array', types });
  return {
    columnNames: result.fields.map((f) => f.name),
    columnTypes: result.fields.map((f) => String(f.dataTypeID)),
    rows: result.rows as JsonValue[][],
  };
}

function statementsOn(db: Queryable): CatalogTransaction {
  return {
    query: (sql, params) => queryOn(db, sql, params),
    all: async <T>(sql: string, params?: SqlParam[]) => asObjects<T>(await queryOn(db, sql, params)),
    run: async (sql, params) => {
      await queryOn(db, sql, params);
    },
  };
}

/** Advisory locks held or awaited at once (each on its own connection); more wait for a connection. */
const LOCK_CONNECTIONS = 16;

export interface PostgresCatalogOptions {
  /** Connections kept open to the server (default 4). */
  connections?: number;
}

export class PostgresCatalog implements CatalogDb {
  readonly shared = true;
  private readonly statements: CatalogTransaction;
  /**
   * Connections that hold advisory locks (one per lock held or awaited), apart from the statements' pool, so that a
   * long write holding its lock never leaves the catalog's reads waiting for a connection.
   */
  private readonly lockPool: pg.Pool;

  private constructor(
    private readonly pool: pg.Pool,
    url: string,
  ) {
    this.statements = statementsOn(pool);
    this.lockPool = new pg.Pool({ connectionString: url, max: LOCK_CONNECTIONS });
    this.lockPool.on('error', () => undefined);
  }

  /**
   * Runs `fn` holding the session advisory lock named by `key`'s hash, on a connection of its own: another
   * server asking for the same key waits until `fn` ends, or until this process dies (the server drops a
   * session's locks with it). Keys that share a hash only wait for each other needlessly.
   */
  withLock = async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const name = `knowledge-studio ${key}`;
    const client = await this.lockPool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    try {
      return await fn();
    } finally {
      // A connection whose unlock failed is closed, not reused: ending its session is what frees the lock.
      const failed = await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).then(
        () => undefined,
        (err: Error) => err,
      );
      client.release(failed);
    }
  };

  /**
   * Connects to `url` (postgres://user:password@host:port/database) and defines the compatibility functions. The
   * URL comes from the server's own configuration, never from a user's request; it holds a password, so it is
   * never written into an error or a log line.
   */
  static async open(url: string, options: PostgresCatalogOptions = {}): Promise<PostgresCatalog> {
    const pool = new pg.Pool({ connectionString: url, max: options.connections ?? 4 });
    // An idle connection the server dropped must not take the process down: the next query opens another.
    pool.on('error', () => undefined);
    const catalog = new PostgresCatalog(pool, url);
    try {
      // Several servers starting at once would race to replace the same functions: one at a time.
      await catalog.transaction(async (tx) => {
        await tx.run(`SELECT pg_advisory_xact_lock(hashtext('knowledge-studio catalog functions'))`);
        for (const statement of COMPATIBILITY_FUNCTIONS) await tx.run(statement);
      });
    } catch (err) {
      catalog.close();
      throw new Error(`Could not open the catalog database: ${(err as Error).message}`);
    }
    return catalog;
  }

  query(sql: string, params?: SqlParam[]): Promise<QueryResult> {
    return this.statements.query(sql, params);
  }

  all<T = Record<string, JsonValue>>(sql: string, params?: SqlParam[]): Promise<T[]> {
    return this.statements.all<T>(sql, params);
  }

  run(sql: string, params?: SqlParam[]): Promise<void> {
    return this.statements.run(sql, params);
  }

  /**
   * Reads are never kept: another server may write the catalog at any moment, so a kept answer could be stale.
   */
  select<T = Record<string, JsonValue>>(sql: string, params?: SqlParam[]): Promise<T[]> {
    return this.statements.all<T>(sql, params);
  }

  /**
   * Serializable, as the one-writer DuckDB catalog is: a read-modify-write (an agent's update, a job claiming its
   * slot) never interleaves with another server's. A transaction that loses such a race runs again from the start.
   */
  async transaction<T>(fn: (tx: CatalogTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        const result = await fn(statementsOn(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        const code = (err as { code?: string }).code;
        if (!(code && RETRYABLE.has(code)) || attempt >= TRANSACTION_ATTEMPTS) throw err;
      } finally {
        client.release();
      }
    }
  }

  /** Closes the connections (without waiting: `close` is synchronous for both catalog engines). */
  close(): void {
    void this.pool.end().catch(() => undefined);
    void this.lockPool.end().catch(() => undefined);
  }
}
