import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { ANSWER_SCHEMAS, NOT_JSON } from '../../protocol/api/answers';
import { emptyAnswerSchema } from '../../protocol/api/config';
import { problemSchema } from '../../protocol/api/errors';
import { undeclaredKeys } from '../../protocol/undeclared-keys';

/** Why `body` is not an answer of `schema` (a parse issue, or keys the schema does not name), or undefined. */
export function shapeMismatch(schema: z.ZodType, body: unknown): string | undefined {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue.path.join('.') || '(the answer)'}: ${issue.message}`;
  }
  const extra = undeclaredKeys(schema, body);
  if (extra.length) return `keys the protocol does not declare: ${extra.slice(0, 5).join(', ')}`;
  return undefined;
}

/** Asserts that `body` is what `schema` describes, and sends nothing the schema leaves out; returns it parsed. */
export function expectShape<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  expect(shapeMismatch(schema, body), JSON.stringify(body)?.slice(0, 400)).toBeUndefined();
  return schema.parse(body);
}

const isJson = (type: string) => /^application\/(problem\+)?json\b/.test(type);

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return Symbol('not JSON');
  }
}

/** The mismatch of one answer of the app with the protocol, or undefined when it agrees. */
function answerMismatch(
  method: string,
  route: string | undefined,
  status: number,
  type: string,
  payload: unknown,
): string | undefined {
  if (!route?.startsWith('/api/') || route.includes('*')) {
    // No route of ours answered (an unknown path, or the proxy to another server): only its failures are ours.
    if (status < 400 || typeof payload !== 'string' || !isJson(type)) return undefined;
    return shapeMismatch(problemSchema, readJson(payload));
  }
  const key = `${method} ${route}`;
  const schema = status >= 400 ? problemSchema : ANSWER_SCHEMAS[key];
  if (schema === undefined) return `${key} has no answer schema in protocol/api/answers.ts`;
  if (schema === NOT_JSON || status === 204) return undefined;
  // A hijacked stream or a piped file never reaches here; anything else is a string by now.
  if (typeof payload !== 'string') return undefined;
  if (payload === '') return schema === emptyAnswerSchema ? undefined : `${key} answered an empty body`;
  // `POST /api/sql/query` may answer line by line (jsonlines, sse) when asked: its tests read those.
  if (!isJson(type)) return undefined;
  return shapeMismatch(schema, readJson(payload));
}

/**
 * Checks every answer of a test app against the protocol (`protocol/api/answers.ts`). An answer that does not
 * agree is replaced by a 500 naming the route and the mismatch, so the test that caused it fails there.
 */
export function checkAnswerShapes(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const mismatch = answerMismatch(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      type,
      payload,
    );
    if (!mismatch) return payload;
    const detail = `${request.method} ${request.url} (${reply.statusCode}): ${mismatch}`;
    console.error(`answer does not match the protocol: ${detail}`);
    reply.code(500).type('application/problem+json');
    return JSON.stringify({ title: 'Answer does not match the protocol', detail });
  });
}
