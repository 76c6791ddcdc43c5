import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';

export function registerStatusRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/status', async () => ({
    mindsdb_version: deps.version,
    environment: 'local',
    auth: {
      http_auth_enabled: deps.auth.enabled,
      confirmed: true,
      provider: deps.auth.enabled ? 'local' : 'disabled',
    },
  }));
  app.get('/api/util/ping', async () => ({ status: 'ok' }));
}
