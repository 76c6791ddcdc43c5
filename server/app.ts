import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import type { AppDeps } from './app-deps';
import { registerAgentRoutes } from './routes/agents';
import { registerAuthRoutes } from './routes/auth';
import { registerDatabaseRoutes } from './routes/databases';
import { registerErrorHandling } from './routes/errors';
import { registerFileRoutes } from './routes/files';
import { registerJsonBodyParser } from './routes/json-body';
import { registerKnowledgeBaseRoutes } from './routes/knowledge-bases';
import { sendProblem } from './routes/problem';
import { registerProjectRoutes } from './routes/projects';
import { registerSqlRoutes } from './routes/sql';
import { registerStatusRoutes } from './routes/status';

/** JSON bodies larger than this are refused with 413 (files go through multipart, which has its own limit). */
export const JSON_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Builds the HTTP app: the API under /api and the console at /. Never listens: main.ts does, and tests call
 * `app.inject()`.
 */
export function createApp(deps: AppDeps, options: { logger?: boolean } = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ? { level: 'info', redact: ['req.headers.authorization'] } : false,
    bodyLimit: JSON_BODY_LIMIT,
    // Names in paths may carry quotes, slashes (encoded) and unicode; keep long ones from being cut.
    routerOptions: { maxParamLength: 500 },
  });
  registerErrorHandling(app);
  // JSON only: a text body is a wrong content type (415), not a query.
  app.removeContentTypeParser('text/plain');

  if (deps.apiUrl) {
    // Same origin for the browser: the console's /api calls go to the other instance through us.
    app.register(httpProxy, { upstream: deps.apiUrl, prefix: '/api', rewritePrefix: '/api', http2: false });
  } else {
    registerJsonBodyParser(app);
    app.register(multipart);
    registerAuthRoutes(app, deps);
    registerStatusRoutes(app, deps);
    registerProjectRoutes(app, deps);
    registerSqlRoutes(app, deps);
    registerFileRoutes(app, deps);
    registerAgentRoutes(app, deps);
    registerKnowledgeBaseRoutes(app, deps);
    registerDatabaseRoutes(app, deps);
  }

  registerConsole(app, deps.staticDir);
  return app;
}

/** Serves the built console, with index.html for every non-API path (client-side routes, deep links). */
function registerConsole(app: FastifyInstance, staticDir: string | undefined): void {
  const index = staticDir ? path.join(staticDir, 'index.html') : undefined;
  const hasConsole = index !== undefined && existsSync(index);
  if (hasConsole) app.register(fastifyStatic, { root: staticDir!, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath.startsWith('/api/') || urlPath === '/api' || request.method !== 'GET') {
      return sendProblem(reply, 404, `No route ${request.method} ${urlPath}`);
    }
    if (!hasConsole) {
      return reply.type('text/plain').send('The console is not built: run `npm run build` (or `npm start`).');
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
