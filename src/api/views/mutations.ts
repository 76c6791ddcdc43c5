import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SqlErrorResult } from '../../../protocol/api/sql';
import { qualifiedName } from '../../lib/sql-text';
import { apiRequest } from '../client';
import { refreshObjectLists } from '../project-objects';
import { runSql } from '../sql/run-sql';
import { viewKeys } from './keys';
import { viewApiPath } from './queries';

/** The server refused a view's SQL: its words, and where in the query when it says. */
export class ViewSqlError extends Error {
  constructor(readonly result: SqlErrorResult) {
    super(result.error_message);
    this.name = 'ViewSqlError';
  }
}

/**
 * Runs a view's DDL in the view's project. The statement is written so that the query stands alone on its own
 * lines, as the user wrote it, after one line of DDL: a position the server gives is then one line below the
 * same place in the query (see `queryPosition`).
 */
async function runViewDdl(project: string, head: string, query: string): Promise<void> {
  const result = await runSql({ query: `${head} AS (\n${query.trim()}\n)`, context: { db: project } });
  if (result.type === 'error') throw new ViewSqlError(result);
}

/** Where in the user's query a position in the DDL statement falls, or null when it is on the DDL's line. */
export function queryPosition(error: unknown): { line: number; column: number } | null {
  if (!(error instanceof ViewSqlError)) return null;
  const at = error.result.error_position;
  return at && at.line > 1 ? { line: at.line - 1, column: at.column } : null;
}

export function useCreateView(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, query }: { name: string; query: string }) =>
      runViewDdl(project, `CREATE VIEW ${qualifiedName(project, name)}`, query),
    onSuccess: () => refreshObjectLists(client, viewKeys, project),
  });
}

/** Saves a view's new query with ALTER VIEW (MindsDB's statement; ours too), then reads it back. */
export function useAlterView(project: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (query: string) => runViewDdl(project, `ALTER VIEW ${qualifiedName(project, name)}`, query),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: viewKeys.detail(project, name) });
      void client.invalidateQueries({ queryKey: viewKeys.rows(project, name) });
      refreshObjectLists(client, viewKeys, project);
    },
  });
}

/** Deletes a view; 204 (both servers) and an empty 200 both resolve. */
export function useDeleteView(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(viewApiPath(project, name), { method: 'DELETE' }),
    onSuccess: (_, name) => {
      client.removeQueries({ queryKey: viewKeys.detail(project, name) });
      refreshObjectLists(client, viewKeys, project);
    },
  });
}
