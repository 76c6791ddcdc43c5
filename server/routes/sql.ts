import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import {
  cancelStatementRequestSchema,
  parametrizeRequestSchema,
  sqlRequestSchema,
  type CancelStatementAnswer,
  type ParametrizedQuery,
  type SqlResult,
  type SqlResponseFormat,
} from '../../protocol/api/sql';
import {
  SQL_JSONLINES_TYPE,
  SQL_SSE_TYPE,
  encodeJsonLine,
  encodeSqlSseEvent,
  sqlResultPieces,
} from '../../protocol/sql-stream';
import type { AppDeps } from './app-deps';
import { statementKind } from '../sql/statement-kind';
import { ValidationError } from '../errors';
import { callerOf } from '../http/caller';
import { DEFAULT_PROJECT } from '../services/projects';
import { parametrizeConstants } from '../sql/parametrize';
import { bindParameters } from '../sql/sql-params';
import type { SqlResponse } from '../domain/sql';
import { HttpProblem, parseBody } from '../http/problem';
import { registerSqlExportRoute } from './sql-export';
import { RunningStatements } from './running-statements';
import { registerSqlExtraRoutes } from './sql-extra';

export function registerSqlRoutes(app: FastifyInstance, deps: AppDeps): void {
  const running = new RunningStatements();

  app.post('/api/sql/query', async (request, reply) => {
    const { query, context, params, response_format, partial_results, keep_running, statement_id } =
      withMindsdbTitle(() => parseBody(sqlRequestSchema, request.body));
    // A client that stops waiting (the worksheet's Stop closes the request) should not leave its query
    // running: the engine runs one statement at a time, so it would hold up everyone else's. An INSERT the
    // client asked to keep running (a knowledge-base load from the console) is the exception: a reload must
    // not throw away a load that may take an hour; it stops on its cancel route.
    const cancelled = new AbortController();
    if (!(keep_running === true && isInsert(query)))
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) cancelled.abort();
      });
    const caller = callerOf(request, deps.auth.enabled);
    // A named statement can also be stopped on the cancel route below, its request still open.
    const ended = statement_id ? running.start(caller, statement_id, cancelled) : () => {};
    const session = {
      db: typeof context?.db === 'string' && context.db ? context.db : DEFAULT_PROJECT,
      show_secrets: context?.show_secrets === true,
    };
    let bound: string;
    try {
      bound = bindParameters(query, params);
    } catch (err) {
      // A value that cannot be a literal is a SQL error of the request, answered like the statement's own.
      ended();
      if (!(err instanceof ValidationError)) throw err;
      return send(reply, response_format, {
        type: 'error',
        error_code: 0,
        error_message: err.message,
        context: session,
      });
    }
    let result: SqlResponse;
    try {
      result = await deps.sql.execute(bound, session, {
        signal: cancelled.signal,
        partialResults: partial_results === true,
        caller,
        // As MindsDB v26, a long INSERT INTO kb SELECT is answered at once and goes on in the background.
        background: true,
      });
    } finally {
      ended();
    }
    return send(reply, response_format, result);
  });

  // Ours: the console's Stop. The statement's own request answers with what happened.
  app.post('/api/sql/query/cancel', async (request) => {
    const { statement_id } = parseBody(cancelStatementRequestSchema, request.body);
    return {
      cancelled: running.cancel(callerOf(request, deps.auth.enabled), statement_id),
    } satisfies Declared<CancelStatementAnswer>;
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
  const read = statementKind(query);
  return 'kind' in read && read.kind === 'insert';
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
 * The result as one JSON object (the default), or piece by piece as MindsDB streams it (`jsonlines`: one
 * JSON line per piece; `sse`: one `data:` event per piece). The framing is `protocol/sql-stream.ts`'s.
 * Written as a stream, so a large result is not built into one string (and the content type goes out
 * exactly as MindsDB's, with no charset added).
 */
function send(reply: FastifyReply, format: SqlResponseFormat | undefined, response: SqlResponse) {
  const result = response satisfies Declared<SqlResult>;
  if (!format || format === 'json') return reply.send(result);
  const encode = format === 'sse' ? encodeSqlSseEvent : encodeJsonLine;
  const text = (function* () {
    for (const piece of sqlResultPieces(result)) yield encode(piece);
  })();
  return reply
    .type(format === 'sse' ? SQL_SSE_TYPE : SQL_JSONLINES_TYPE)
    .header('cache-control', 'no-cache')
    .send(Readable.from(text));
}
