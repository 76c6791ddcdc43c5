import type { FastifyInstance } from 'fastify';
import { sqlRequestSchema } from '../../protocol/api/sql';
import type { AppDeps } from '../app-deps';
import { DEFAULT_PROJECT } from '../services/projects';
import { parseBody } from './problem';

export function registerSqlRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/sql/query', async (request) => {
    const { query, context } = parseBody(sqlRequestSchema, request.body);
    return deps.sql.execute(query, {
      db: typeof context?.db === 'string' && context.db ? context.db : DEFAULT_PROJECT,
      show_secrets: context?.show_secrets === true,
    });
  });
}
