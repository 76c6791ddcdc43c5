import type { FastifyInstance } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import { configChangeSchema, type Config } from '../../protocol/api/config';
import type { AppDeps } from '../app-deps';
import { parseBody } from './problem';

/**
 * The instance's settings as MindsDB's `/api/config` shows them; here only login. Reading or changing them
 * needs a login while login is on (the auth hook sees to that), so only the user may turn it off.
 */
export function registerConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The router ignores a trailing slash, so `/api/config/` (MindsDB's spelling) lands here too.
  app.get('/api/config', async () => ({ auth: { ...deps.auth.view() } }) satisfies Declared<Config>);
  app.put('/api/config', async (request, reply) => {
    const { auth } = parseBody(configChangeSchema, request.body);
    await deps.auth.update(auth);
    return reply.type('application/json').send('""');
  });
}
