import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sqlContextSchema, type SqlContext } from '../../protocol/api/sql';
import type { AppDeps } from './app-deps';
import { ServiceError } from '../errors';
import { callerOf } from '../http/caller';
import { DEFAULT_PROJECT } from '../services/projects';
import type { ResultSink, SqlSession } from '../domain/sql';
import { HttpProblem, parseBody } from '../http/problem';
import { CsvText, JsonText } from '../sql/export-text';

/** Ours: `POST /api/sql/query/export` body. */
const exportRequestSchema = z.object({
  query: z.string(),
  context: sqlContextSchema.optional(),
  format: z.enum(['csv', 'json']).optional(),
});

/**
 * Ours: the whole result of a SELECT as a CSV or JSON download (the console's "Export the full result").
 * The SQL router decides how it is read (SqlRouter.exportSelect; the order is in sql/register-handlers.ts):
 * streamed with no row limit from the SQL engine or from one data source, otherwise answered as the
 * worksheet's query is, within the row limit. This route only writes: the header or `[` with the first piece,
 * each piece as it comes. A reader that goes away stops the statement (on a source, it is cancelled there).
 */
export function registerSqlExportRoute(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/sql/query/export', async (request, reply) => {
    const { query, context, format = 'csv' } = parseBody(exportRequestSchema, request.body);
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
    const sink: ResultSink = async (columns, rows) => {
      const chunk = (started ? '' : start(columns)) + text.rows(rows);
      if (chunk) await write(chunk);
    };
    try {
      await deps.sql.exportSelect(query, sessionOf(context), sink, {
        signal: stop.signal,
        caller: callerOf(request, deps.auth.enabled),
      });
    } catch (err) {
      // Before the first byte the error is a problem answer; after it, the download is cut short.
      if (!started) {
        if (err instanceof ServiceError) throw new HttpProblem(400, 'Bad Request', err.message, 'query');
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
