import type { SqlContext, SqlResult } from '../../../protocol/api/sql';
import { apiRequest } from '../client';
import { parseSqlResult } from './parse-result';

export interface RunSqlInput {
  query: string;
  context?: SqlContext;
  signal?: AbortSignal;
  /** Ask for the first rows of a result over the server's row limit (flagged `truncated`) instead of an error. */
  partialResults?: boolean;
  /**
   * An INSERT that goes on when the request closes (a page reload): our server stops it only on the KB's
   * cancel route. Other servers ignore the flag.
   */
  keepRunning?: boolean;
  /** A name for the statement, so that cancelStatement can stop it while its request waits for the answer. */
  statementId?: string;
}

/** Runs one statement. SQL errors come back as `type: 'error'` results (HTTP 200), not as thrown errors. */
export async function runSql({
  query,
  context,
  signal,
  partialResults,
  keepRunning,
  statementId,
}: RunSqlInput): Promise<SqlResult> {
  const body = {
    query,
    context,
    ...(partialResults ? { partial_results: true } : {}),
    ...(keepRunning ? { keep_running: true } : {}),
    ...(statementId ? { statement_id: statementId } : {}),
  };
  const json = await apiRequest('/api/sql/query', { method: 'POST', body, signal });
  return parseSqlResult(json);
}
