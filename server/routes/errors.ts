import type { FastifyError, FastifyInstance } from 'fastify';
import { ServiceError } from '../errors';
import { HttpProblem, sendProblem, statusOf } from '../http/problem';

/**
 * Every failure becomes a problem body. Bad input from the client is a 4xx with a message that says what is
 * wrong; anything unexpected is logged and answered with a plain 500 that reveals no internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpProblem)
      return sendProblem(reply, error.status, error.detail, error.field, error.title);
    if (error instanceof ServiceError) return sendProblem(reply, statusOf(error), error.message, error.field);
    const err = error as FastifyError;
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(
        reply,
        415,
        `Content type '${request.headers['content-type']}' is not accepted here`,
      );
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendProblem(reply, 413, 'The request body is too large');
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return sendProblem(reply, 400, 'The JSON body is empty');
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return sendProblem(reply, 400, 'The body is not valid JSON');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendProblem(reply, err.statusCode, err.message.split('\n')[0]);
    }
    request.log.error({ err }, 'unhandled error');
    return sendProblem(reply, 500, 'The server could not complete the request');
  });
}
