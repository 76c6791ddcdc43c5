import type { FastifyInstance } from 'fastify';
import { jsonDepth } from '../util/json-depth';
import { HttpProblem } from '../http/problem';

/**
 * How deep a JSON body may nest. Real bodies nest a handful of levels; a body nested thousands deep would
 * make every recursive walk over it (validation, masking, serialising the stored object back) run out of
 * stack, and once stored it would break every later answer that contains it.
 */
export const MAX_JSON_DEPTH = 100;

/** Fastify's own JSON parser, behind a check of the body's nesting depth. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(
        new HttpProblem(400, 'Bad Request', `The JSON body nests more than ${MAX_JSON_DEPTH} levels deep`),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
