import { useMutation } from '@tanstack/react-query';
import { sqlResultSchema, type SqlContext, type SqlResult } from '../../../protocol/api/sql';
import { apiRequest } from '../client';

export interface RunSqlInput {
  query: string;
  context?: SqlContext;
  signal?: AbortSignal;
}

/** Runs one statement. SQL errors come back as `type: 'error'` results (HTTP 200), not as thrown errors. */
export function runSql({ query, context, signal }: RunSqlInput): Promise<SqlResult> {
  return apiRequest('/api/sql/query', {
    method: 'POST',
    body: { query, context },
    schema: sqlResultSchema,
    signal,
  });
}

export function useRunSql() {
  return useMutation({ mutationFn: runSql });
}
