import type { JsonValue } from '../engines/duckdb';
import type { RowBatch } from '../engines/row-batch';
import type { StatementKind, StatementOf } from '../dialect/ast';

/** The session a statement runs in; echoed back to the client as `context`. */
export interface SqlSession {
  db: string;
  show_secrets: boolean;
}

export type SqlOutcome =
  | { type: 'table'; column_names: string[]; data: JsonValue[][]; truncated?: boolean }
  | { type: 'ok'; affected_rows: number | null };

export type SqlResponse =
  | (SqlOutcome & { context: SqlSession })
  | {
      type: 'error';
      error_code: number;
      error_message: string;
      error_position?: { line: number; column: number };
      context: SqlSession;
    };

/** What a statement's run may be told besides its session: `signal` aborts when nobody waits for it any more. */
export interface StatementRun {
  signal?: AbortSignal;
  /** The client asked for the first rows of a result over the row limit rather than an error. */
  partialResults?: boolean;
  /**
   * Who asks (one string per user, see http/caller.ts): the SQL engine queues each caller's queries
   * separately and serves callers in turn. Unset: the server's own work, queued as one caller.
   */
  caller?: string;
  /**
   * The client takes the answer of a long statement before the statement ends, as MindsDB v26 answers an
   * `INSERT INTO kb SELECT ...` with the record of a query it runs in the background (the SQL API's
   * requests). Unset (jobs, the server's own work): every statement ends before it is answered.
   */
  background?: boolean;
  /** The statement as the client wrote it (set by the router). */
  text?: string;
}

/**
 * Answers a statement, or returns undefined to let the next handler of the same kind try (a SELECT on a
 * knowledge base is answered by the KB handler; one on a file table falls through to the SQL engine).
 * `session` may be changed in place (USE).
 */
export type StatementHandler<K extends StatementKind> = (
  statement: StatementOf<K>,
  session: SqlSession,
  run: StatementRun,
) => Promise<SqlOutcome | undefined>;

/** Receives a result a piece at a time: the column names with every piece, then that piece's rows. */
export type ResultSink = (columnNames: string[], rows: RowBatch) => Promise<void>;

/**
 * Streams a statement's whole result into a sink without a row limit, holding one piece at a time, or answers
 * false, having read nothing, to let the next streamer (and then the handlers) answer it.
 */
export type StatementStreamer<K extends StatementKind> = (
  statement: StatementOf<K>,
  session: SqlSession,
  sink: ResultSink,
  run: StatementRun,
) => Promise<boolean>;

export const table = (column_names: string[], data: JsonValue[][]): SqlOutcome => ({
  type: 'table',
  column_names,
  data,
});
export const ok = (affected_rows: number | null = null): SqlOutcome => ({ type: 'ok', affected_rows });

/**
 * Runs one statement of our dialect and answers it, never throwing (the SQL router, sql/router.ts). Services
 * that run SQL (agents' tools, jobs, views, evaluations, the demo) receive this, so that they do not depend on
 * the SQL layer built on top of them.
 */
export interface SqlRunner {
  execute(query: string, context: SqlSession, run?: StatementRun): Promise<SqlResponse>;
}
