import type { SqlContext, SqlResult } from '../../../../protocol/api/sql';
import { ApiError } from '../../../api/client';
import type { RunSqlInput } from '../../../api/sql/run-sql';
import type { Statement } from '../../../lib/sql/split-statements';
import type { RunItem } from '../store/results-store';

/** What happened to one statement, as reported to the caller. */
export type StatementOutcome =
  | { status: 'done'; result: SqlResult; durationMs: number }
  /** `serverSaid`: the server stopped it when asked, and said so (its error result); absent: left waiting. */
  | { status: 'stopped'; durationMs: number; serverSaid?: string }
  /** `sessionEnded`: refused because the login had expired; it may be run again once logged in. */
  | { status: 'failed'; failure: string; durationMs: number; sessionEnded: boolean };

export interface ExecuteDeps {
  runSql: (input: RunSqlInput) => Promise<SqlResult>;
  /** Aborted to stop waiting: the statement's request is closed. */
  signal: AbortSignal;
  /** Whether the user asked to stop (the server may be stopping the statement): nothing more is run. */
  stopRequested?: () => boolean;
  /** A name for each statement sent, by which it can be stopped on the server. */
  newStatementId?: () => string;
  /** The session to start from; each answer's context replaces it for the next statement. */
  context: SqlContext;
  now: () => number;
  onStart: (index: number, statement: Statement, statementId?: string) => void;
  onOutcome: (
    index: number,
    statement: Statement,
    outcome: StatementOutcome,
    sentContext: SqlContext,
  ) => void;
}

const isAbort = (err: unknown) => (err as { name?: string })?.name === 'AbortError';

/**
 * Runs statements one after another, as a session: each is sent with the context the previous one returned
 * (so `USE p` applies to what follows). Stops at the first SQL error, failure or stop, so a script never
 * runs on past a statement that did not do what it should. Returns the last context.
 */
export async function executeStatements(statements: Statement[], deps: ExecuteDeps): Promise<SqlContext> {
  let context = deps.context;
  for (const [index, statement] of statements.entries()) {
    if (deps.signal.aborted || deps.stopRequested?.()) break;
    const statementId = deps.newStatementId?.();
    deps.onStart(index, statement, statementId);
    const started = deps.now();
    const sent = context;
    let outcome: StatementOutcome;
    try {
      const result = await deps.runSql({
        query: statement.text,
        context: sent,
        signal: deps.signal,
        statementId,
      });
      const durationMs = deps.now() - started;
      // Asked to stop, the server answers with an error saying it stopped the statement. A statement that
      // ended before it could be stopped answers as usual, and is shown as done.
      outcome =
        result.type === 'error' && deps.stopRequested?.()
          ? { status: 'stopped', durationMs, serverSaid: result.error_message }
          : { status: 'done', result, durationMs };
      if (result.context) context = result.context;
    } catch (err) {
      const durationMs = deps.now() - started;
      outcome = isAbort(err)
        ? { status: 'stopped', durationMs }
        : {
            status: 'failed',
            failure: (err as Error)?.message ?? String(err),
            durationMs,
            sessionEnded: err instanceof ApiError && err.status === 401,
          };
    }
    deps.onOutcome(index, statement, outcome, sent);
    if (outcome.status !== 'done' || outcome.result.type === 'error') break;
  }
  return context;
}

/** The result-store fields for an outcome. */
export function outcomePatch(outcome: StatementOutcome): Partial<RunItem> {
  if (outcome.status === 'done')
    return { status: 'done', result: outcome.result, durationMs: outcome.durationMs };
  if (outcome.status === 'stopped')
    return { status: 'stopped', durationMs: outcome.durationMs, serverSaid: outcome.serverSaid };
  return {
    status: 'failed',
    failure: outcome.failure,
    durationMs: outcome.durationMs,
    sessionEnded: outcome.sessionEnded,
  };
}

const SCHEMA_CHANGING = /^\s*(CREATE|DROP|ALTER|INSERT|DELETE|UPDATE|TRUNCATE|RENAME|REPLACE)\b/i;

/** Whether a statement may have changed what the object tree and column completion know. */
export const changesSchema = (statement: string): boolean => SCHEMA_CHANGING.test(statement);
