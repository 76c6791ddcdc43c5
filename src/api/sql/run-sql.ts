import type { SqlContext, SqlResult } from '../../../protocol/api/sql';
import { apiRequest } from '../client';
import { parseSqlResult } from './parse-result';

export interface RunSqlInput {
  query: string;
  context?: SqlContext;
  signal?: AbortSignal;
}

/** Runs one statement. SQL errors come back as `type: 'error'` results (HTTP 200), not as thrown errors. */
export async function runSql({ query, context, signal }: RunSqlInput): Promise<SqlResult> {
  const json = await apiRequest('/api/sql/query', { method: 'POST', body: { query, context }, signal });
  return parseSqlResult(json);
}
