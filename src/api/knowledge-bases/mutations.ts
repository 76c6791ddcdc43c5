import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelInsertAnswerSchema,
  knowledgeBaseSchema,
  type KnowledgeBase,
  type KnowledgeBaseInput,
} from '../../../protocol/api/knowledge-bases';
import { backgroundQueryId } from '../../../protocol/api/background-query';
import type { SqlResult } from '../../../protocol/api/sql';
import { ApiError, apiRequest } from '../client';
import { runSql } from '../sql/run-sql';
import { refreshObjectLists } from '../project-objects';
import { knowledgeBaseKeys } from './keys';
import { followBackgroundInsert } from './follow-insert';
import { kbPath, knowledgeBaseQuery } from './queries';
import { refreshKnowledgeBase } from './refresh';
import { parseSearchHits, type SearchHit } from './search';
import type { SearchOptions } from './search-options';
import { insertFromTableSql, searchSql, type ColumnFeed, type TableRef } from './sql';

/** A statement the server refused: SQL errors arrive as HTTP 200 results, this makes them throw. */
export class SqlStatementError extends Error {
  constructor(
    message: string,
    readonly sql: string,
  ) {
    super(message);
    this.name = 'SqlStatementError';
  }
}

async function runOrThrow(
  query: string,
  project: string,
  signal?: AbortSignal,
  keepRunning?: boolean,
): Promise<SqlResult> {
  const result = await runSql({ query, context: { db: project }, signal, keepRunning });
  if (result.type === 'error') throw new SqlStatementError(result.error_message, query);
  return result;
}

export function useCreateKnowledgeBase(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: KnowledgeBaseInput & { name: string }) =>
      apiRequest(kbPath(project), {
        method: 'POST',
        body: { knowledge_base: input },
        schema: knowledgeBaseSchema,
      }),
    onSuccess: (kb) => {
      client.setQueryData(knowledgeBaseKeys.detail(project, kb.name), kb);
      refreshObjectLists(client, knowledgeBaseKeys, project);
    },
  });
}

/**
 * Alters a KB and resolves with the object read back from the server afterwards, whatever the PUT answered
 * (MindsDB v26 answers `""`): the form compares it with what it sent, so a setting the server ignored is
 * shown as not saved instead of silently reverting.
 */
export function useUpdateKnowledgeBase(project: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: KnowledgeBaseInput): Promise<KnowledgeBase> => {
      await apiRequest(kbPath(project, name), {
        method: 'PUT',
        body: { knowledge_base: input },
        schema: knowledgeBaseSchema.optional(),
      });
      return client.fetchQuery({ ...knowledgeBaseQuery(project, name), staleTime: 0 });
    },
    onSuccess: (kb) => {
      client.setQueryData(knowledgeBaseKeys.detail(project, name), kb);
      void client.invalidateQueries({ queryKey: knowledgeBaseKeys.list(project) });
      void refreshKnowledgeBase(client, project, name, [knowledgeBaseKeys.detail(project, name)]);
    },
  });
}

/** Deletes a KB; the server answers 200 with no body (or 204 on MindsDB): both resolve. */
export function useDeleteKnowledgeBase(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(kbPath(project, name), { method: 'DELETE' }),
    onSuccess: (_, name) => {
      client.removeQueries({ queryKey: knowledgeBaseKeys.one(project, name) });
      refreshObjectLists(client, knowledgeBaseKeys, project);
    },
  });
}

export interface LoadInput {
  from: TableRef;
  columns: ColumnFeed[];
  signal?: AbortSignal;
}

export interface LoadResult {
  sql: string;
  /** Rows the server says it inserted; null when it does not say. */
  affectedRows: number | null;
}

/**
 * Loads the rows of a table into the KB with `INSERT INTO kb SELECT ... FROM db.table`, and resolves when the
 * load has ended. A server that runs the insert in the background (MindsDB v26, ours) answers at once with the
 * query's record: the load is then followed through DESCRIBE KNOWLEDGE_BASE. An older server answers at the
 * end. The load goes on if the page closes or reloads (`keep_running` asks an older one of ours to let it);
 * `cancelKnowledgeBaseInsert` stops it.
 */
export function useLoadKnowledgeBase(project: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ from, columns, signal }: LoadInput): Promise<LoadResult> => {
      const sql = insertFromTableSql(project, name, from, columns);
      const result = await runOrThrow(sql, project, signal, true);
      const queryId = result.type === 'table' ? backgroundQueryId(result) : null;
      if (queryId !== null) {
        const ended = await followBackgroundInsert(project, name, queryId, signal);
        if (ended.error) throw new SqlStatementError(ended.error, sql);
        return { sql, affectedRows: ended.processedRows };
      }
      return { sql, affectedRows: result.type === 'ok' ? (result.affected_rows ?? null) : null };
    },
    // Rows were stored (all, some before a failure or a cancel, or none): everything shown of the KB is read
    // again, its contents and status among them, and where the load stopped.
    onSettled: () => void refreshKnowledgeBase(client, project, name),
  });
}

/**
 * Asks the server to stop the KB's running insert (ours: `POST .../cancel_insert`); resolves with whether one
 * was running, or null on a server without the route (MindsDB), which has no way to stop an insert.
 */
export async function cancelKnowledgeBaseInsert(project: string, name: string): Promise<boolean | null> {
  try {
    const answer = await apiRequest(`${kbPath(project, name)}/cancel_insert`, {
      method: 'POST',
      schema: cancelInsertAnswerSchema,
    });
    return answer.cancelled;
  } catch (err) {
    // No such route (or the KB is gone, and its insert with it): nothing this server can stop.
    if (err instanceof ApiError && (err.status === 404 || err.status === 405)) return null;
    throw err;
  }
}

export interface SearchInput {
  query: string;
  limit?: number;
  options?: SearchOptions;
  signal?: AbortSignal;
}

export interface SearchOutcome {
  sql: string;
  hits: SearchHit[];
  elapsedMs: number;
}

/** A semantic search on the KB; resolves with the hits and the exact statement that ran. */
export function useSearchKnowledgeBase(project: string, name: string) {
  return useMutation({
    mutationFn: async ({ query, limit, options, signal }: SearchInput): Promise<SearchOutcome> => {
      const sql = searchSql(project, name, query, limit, options);
      const started = performance.now();
      const result = await runOrThrow(sql, project, signal);
      const elapsedMs = Math.round(performance.now() - started);
      return { sql, hits: result.type === 'table' ? parseSearchHits(result) : [], elapsedMs };
    },
  });
}
