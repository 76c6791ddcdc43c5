import type { FastifyInstance } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import type { Status } from '../../protocol/api/auth';
import { pingNativeSchema, pingSchema } from '../../protocol/api/auth';
import type { z } from 'zod';
import type { AppDeps } from './app-deps';
import { isAuthenticated } from './auth';

export function registerStatusRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/status',
    async (request) =>
      ({
        mindsdb_version: deps.version,
        environment: 'local',
        auth: {
          http_auth_enabled: deps.auth.enabled,
          // As MindsDB: whether this request is logged in (always, when login is off). The console reads it
          // after a reload, when the only credential it has is the session cookie it cannot see.
          confirmed: !deps.auth.enabled || (await isAuthenticated(deps, request)),
          provider: deps.auth.enabled ? 'local' : 'disabled',
        },
      }) satisfies Declared<Status>,
  );
  app.get('/api/util/ping', async () => ({ status: 'ok' }) satisfies Declared<z.infer<typeof pingSchema>>);
  // MindsDB tells here whether a model is being trained or analysed in a native process; this server trains
  // no models, so none ever is.
  app.get(
    '/api/util/ping_native',
    async () =>
      ({ learn: false, predict: false, analyse: false }) satisfies Declared<z.infer<typeof pingNativeSchema>>,
  );
}
