import type { FastifyInstance } from 'fastify';
import { sqlRequestSchema } from '../../protocol/api/sql';
import type { AppDeps } from '../app-deps';
import { DEFAULT_PROJECT } from '../services/projects';
import { parseBody } from './problem';

export function registerSqlRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/sql/query', async (request, reply) => {
    const { query, context } = parseBody(sqlRequestSchema, request.body);
    // A client that stops waiting (the worksheet's Stop closes the request) should not leave its query
    // running: the engine runs one statement at a time, so it would hold up everyone else's.
    const cancelled = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) cancelled.abort();
    });
    return deps.sql.execute(
      query,
      {
        db: typeof context?.db === 'string' && context.db ? context.db : DEFAULT_PROJECT,
        show_secrets: context?.show_secrets === true,
      },
      { signal: cancelled.signal },
    );
  });
}
