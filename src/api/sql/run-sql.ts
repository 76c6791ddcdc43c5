import type { SqlContext, SqlResult } from '../../../protocol/api/sql';
import { apiRequest } from '../client';
import { parseSqlResult } from './parse-result';

export interface RunSqlInput {
  query: string;
  context?: SqlContext;
  signal?: AbortSignal;
  /** Ask for the first rows of a result over the server's row limit (flagged `truncated`) instead of an error. */
  partialResults?: boolean;
}

/** Runs one statement. SQL errors come back as `type: 'error'` results (HTTP 200), not as thrown errors. */
export async function runSql({ query, context, signal, partialResults }: RunSqlInput): Promise<SqlResult> {
  const body = partialResults ? { query, context, partial_results: true } : { query, context };
  const json = await apiRequest('/api/sql/query', { method: 'POST', body, signal });
  return parseSqlResult(json);
}
