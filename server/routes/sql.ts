import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import {
  parametrizeRequestSchema,
  sqlRequestSchema,
  type ParametrizedQuery,
  type SqlResult,
  type SqlResponseFormat,
} from '../../protocol/api/sql';
import type { AppDeps } from '../app-deps';
import { parseStatement } from '../dialect/parser';
import { ValidationError } from '../errors';
import { callerOf } from '../http/caller';
import { DEFAULT_PROJECT } from '../services/projects';
import { parametrizeConstants } from '../services/sql/parametrize';
import { bindParameters } from '../services/sql/sql-params';
import type { SqlResponse } from '../services/sql/types';
import { HttpProblem, parseBody } from './problem';
import { registerSqlExportRoute } from './sql-export';
import { registerSqlExtraRoutes } from './sql-extra';

export function registerSqlRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/sql/query', async (request, reply) => {
    const { query, context, params, response_format, partial_results, keep_running } = withMindsdbTitle(() =>
      parseBody(sqlRequestSchema, request.body),
    );
    // A client that stops waiting (the worksheet's Stop closes the request) should not leave its query
    // running: the engine runs one statement at a time, so it would hold up everyone else's. An INSERT the
    // client asked to keep running (a knowledge-base load from the console) is the exception: a reload must
    // not throw away a load that may take an hour; it stops on its cancel route.
    const cancelled = new AbortController();
    if (!(keep_running === true && isInsert(query)))
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) cancelled.abort();
      });
    const session = {
      db: typeof context?.db === 'string' && context.db ? context.db : DEFAULT_PROJECT,
      show_secrets: context?.show_secrets === true,
    };
    let bound: string;
    try {
      bound = bindParameters(query, params);
    } catch (err) {
      // A value that cannot be a literal is a SQL error of the request, answered like the statement's own.
      if (!(err instanceof ValidationError)) throw err;
      return send(reply, response_format, {
        type: 'error',
        error_code: 0,
        error_message: err.message,
        context: session,
      });
    }
    const result = await deps.sql.execute(bound, session, {
      signal: cancelled.signal,
      partialResults: partial_results === true,
      caller: callerOf(request, deps.auth.enabled),
    });
    return send(reply, response_format, result);
  });

  registerSqlExtraRoutes(app, deps);
  registerSqlExportRoute(app, deps);

  app.post('/api/sql/query/utils/parametrize_constants', async (request) => {
    const { query } = parseBody(parametrizeRequestSchema, request.body);
    return parametrizeConstants(query) satisfies Declared<ParametrizedQuery>;
  });
}

/** Whether the text is one INSERT (the only statement `keep_running` applies to); unparsable text is not. */
function isInsert(query: string): boolean {
  try {
    return parseStatement(query).kind === 'insert';
  } catch {
    return false;
  }
}

/** MindsDB's title for a request body it cannot use; the detail still names the field. */
function withMindsdbTitle<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof HttpProblem && err.status === 400)
      throw new HttpProblem(400, 'Wrong arguments', err.detail, err.field);
    throw err;
  }
}

/**
 * The result as one JSON object (the default), or line by line: `jsonlines` sends a first line with the
 * result's type, column names and context, then one JSON array per row; `sse` sends the same lines as
 * server-sent events (`data: <json>`). An `ok` or `error` result is its one line.
 */
function send(reply: FastifyReply, format: SqlResponseFormat | undefined, response: SqlResponse) {
  const result = response satisfies Declared<SqlResult>;
  if (!format || format === 'json') return reply.send(result);
  const lines: unknown[] =
    result.type === 'table'
      ? [{ type: 'table', column_names: result.column_names, context: result.context }, ...result.data]
      : [result];
  const text =
    format === 'sse'
      ? lines.map((l) => `data: ${JSON.stringify(l)}\n\n`).join('')
      : lines.map((l) => `${JSON.stringify(l)}\n`).join('');
  return reply
    .type(format === 'sse' ? 'text/event-stream' : 'application/jsonlines')
    .header('cache-control', 'no-cache')
    .send(text);
}
