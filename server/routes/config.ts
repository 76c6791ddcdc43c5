import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { parseBody } from './problem';

/** What `PUT /api/config` may change: login on or off, and its user. Other settings are refused by name. */
const configChange = z
  .object({
    auth: z
      .object({
        http_auth_enabled: z.boolean().optional(),
        username: z.string().min(1, 'must not be empty').optional(),
        password: z.string().min(1, 'must not be empty').optional(),
      })
      .strict(),
  })
  .strict();

/**
 * The instance's settings as MindsDB's `/api/config` shows them; here only login. Reading or changing them
 * needs a login while login is on (the auth hook sees to that), so only the user may turn it off.
 */
export function registerConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The router ignores a trailing slash, so `/api/config/` (MindsDB's spelling) lands here too.
  app.get('/api/config', async () => ({ auth: deps.auth.view() }));
  app.put('/api/config', async (request, reply) => {
    const { auth } = parseBody(configChange, request.body);
    await deps.auth.update(auth);
    return reply.type('application/json').send('""');
  });
}
