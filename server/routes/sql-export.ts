import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sqlContextSchema, type SqlContext } from '../../protocol/api/sql';
import type { AppDeps } from '../app-deps';
import { parseStatement } from '../dialect/parser';
import type { JsonValue } from '../engines/duckdb';
import { batchOfRows, type RowBatch } from '../engines/row-batch';
import { ServiceError } from '../errors';
import { callerOf } from '../http/caller';
import type { StatementOf } from '../dialect/ast';
import { SourceSelect } from '../services/data-sources/source-select';
import { DEFAULT_PROJECT } from '../services/projects';
import { EngineSelect, SqlEngineError } from '../sql/engine-select';
import { StatementParseError } from '../engines/table-references';
import type { SqlSession } from '../domain/sql';
import { HttpProblem, parseBody } from '../http/problem';
import { CsvText, JsonText } from './export-text';
import { exportFromSource } from './sql-export-source';

/** Ours: `POST /api/sql/query/export` body. */
const exportRequestSchema = z.object({
  query: z.string(),
  context: sqlContextSchema.optional(),
  format: z.enum(['csv', 'json']).optional(),
});

/**
 * Ours: the whole result of a SELECT as a CSV or JSON download (the console's "Export the full result").
 * A SELECT the SQL engine reads itself (files, plain queries) is streamed from the engine a chunk at a time,
 * with no row limit: the server holds one chunk at a time, whatever the size. A SELECT sent whole to one
 * data source (`SELECT * FROM shop.orders`) is streamed from the source a page at a time through a cursor,
 * with no row limit either (sql-export-source.ts). Any other SELECT the worksheet can run (a knowledge-base
 * search, a join across sources or with a KB, a native source query, information_schema, a view) is answered
 * by the SQL router as the worksheet's query is, within the same row limit, and then written out: those
 * answers are built whole in memory by their handlers, so the limit is what bounds the memory.
 * A reader that goes away stops the statement (on a source, it is cancelled there).
 */
export function registerSqlExportRoute(app: FastifyInstance, deps: AppDeps): void {
  const engine = new EngineSelect(deps.databases.data, deps.projects);
  const sources = {
    select: new SourceSelect(deps.dataSources, deps.databases.data, deps.projects),
    sources: deps.dataSources,
  };

  app.post('/api/sql/query/export', async (request, reply) => {
    const { query, context, format = 'csv' } = parseBody(exportRequestSchema, request.body);
    let statement;
    try {
      statement = parseStatement(query);
    } catch (err) {
      throw new HttpProblem(400, 'Bad Request', (err as Error).message, 'query');
    }
    if (statement.kind !== 'select')
      throw new HttpProblem(400, 'Bad Request', 'Only a SELECT can be exported', 'query');

    const stop = new AbortController();
    reply.raw.once('close', () => stop.abort());
    let started = false;
    const text = format === 'csv' ? new CsvText() : new JsonText();
    const write = async (chunk: string) => {
      if (!reply.raw.write(chunk)) await Promise.race([once(reply.raw, 'drain'), once(reply.raw, 'close')]);
    };
    const start = (columns: string[]) => {
      started = true;
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="result.${format}"`,
        'cache-control': 'no-store',
      });
      return text.start(columns);
    };
    /** Writes rows as they come, the header (or `[`) first. */
    const sink = async (columns: string[], rows: RowBatch) => {
      const chunk = (started ? '' : start(columns)) + text.rows(rows);
      if (chunk) await write(chunk);
    };
    const run = { signal: stop.signal, caller: callerOf(request, deps.auth.enabled) };
    try {
      const session = sessionOf(context);
      if (await readByEngine(engine, statement)) await engine.exportRows(statement, sink, run);
      else if (!(await exportFromSource(sources, statement, session, sink, stop.signal)))
        await exportRouted(deps, query, session, sink, run);
    } catch (err) {
      // Before the first byte the error is a problem answer; after it, the download is cut short.
      if (!started) {
        const named =
          err instanceof ServiceError || err instanceof SqlEngineError || err instanceof StatementParseError;
        if (named) throw new HttpProblem(400, 'Bad Request', err.message, 'query');
        throw err;
      }
      reply.raw.destroy();
      return;
    }
    if (!started) throw new HttpProblem(400, 'Bad Request', 'The query returned no columns', 'query');
    const end = text.end();
    if (end) await write(end);
    reply.raw.end();
  });
}

/** The worksheet's session for the request's context: its current database, secrets masked. */
function sessionOf(context: SqlContext | undefined): SqlSession {
  return {
    db: typeof context?.db === 'string' && context.db ? context.db : DEFAULT_PROJECT,
    show_secrets: false,
  };
}

/** Whether the engine reads every table the SELECT names (then it streams); a refusal names another reader. */
async function readByEngine(engine: EngineSelect, statement: StatementOf<'select'>): Promise<boolean> {
  try {
    await engine.checkedForEngine(statement);
    return true;
  } catch (err) {
    if (err instanceof SqlEngineError) return false;
    throw err;
  }
}

/** Rows handed to the writer at a time from a routed answer, so that a large one is written as it goes. */
const ROUTED_PIECE = 5_000;

/** How the router says a result is over its row or size limit. */
const OVER_LIMIT = /returns more than|gives more than/;

/**
 * A SELECT the engine does not read itself, answered by the SQL router as the worksheet's query (its handlers
 * build the answer whole, within the row limit), then handed to the writer piece by piece.
 */
async function exportRouted(
  deps: AppDeps,
  query: string,
  session: SqlSession,
  sink: (columns: string[], rows: RowBatch) => Promise<void>,
  { signal, caller }: { signal: AbortSignal; caller: string },
): Promise<void> {
  const result = await deps.sql.execute(query, session, { signal, caller });
  if (result.type === 'error')
    throw new ServiceError(
      OVER_LIMIT.test(result.error_message)
        ? `${result.error_message}. Only a query the SQL engine reads itself (files and plain queries) or one data source answers whole exports without a row limit; a knowledge base, a join across places, a view or information_schema answers within the limit`
        : result.error_message,
    );
  if (result.type !== 'table') throw new ServiceError('Only a SELECT that returns rows can be exported');
  const rows = result.data as JsonValue[][];
  const width = result.column_names.length;
  if (!rows.length) await sink(result.column_names, batchOfRows([], width));
  for (let i = 0; i < rows.length && !signal.aborted; i += ROUTED_PIECE)
    await sink(result.column_names, batchOfRows(rows.slice(i, i + ROUTED_PIECE), width));
}
