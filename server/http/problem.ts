import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ConflictError, NotFoundError, ServiceError, UpstreamError, ValidationError } from '../errors';
import { excerpt } from '../util/excerpt';
import { formatTimestamp } from '../util/time';

/** An error a route throws to answer with a problem body. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly field?: string,
  ) {
    super(detail ?? title);
  }
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail?: string,
  field?: string,
  title?: string,
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send({
      title: title ?? STATUS_TITLES[status] ?? 'Error',
      ...(detail ? { detail: excerpt(detail) } : {}),
      ...(field ? { field: excerpt(field, 200) } : {}),
      timestamp: formatTimestamp(),
    });
}

/** The HTTP status a service error stands for. */
export function statusOf(err: ServiceError): number {
  if (err instanceof NotFoundError) return 404;
  if (err instanceof ConflictError) return 409;
  if (err instanceof ValidationError) return 400;
  if (err instanceof UpstreamError) return 502;
  return 400;
}

/**
 * Validates a request body with a protocol schema; a mismatch is a 400 naming the first bad field, under
 * `title` where MindsDB's route has a title of its own for it.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, title = 'Bad Request'): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw new HttpProblem(400, title, field ? `${field}: ${issue.message}` : issue?.message, field);
}
