import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { AppDeps } from './routes/app-deps';
import {
  DEFAULT_LIMITS,
  guardConnections,
  serverTimeoutOptions,
  type ConnectionLimits,
} from './http/connection-guard';
import { registerHostCheck, registerOriginCheck } from './http/host-check';
import { registerSecurityHeaders } from './http/security-headers';
import { registerConsole } from './http/static-assets';
import { registerAgentRoutes } from './routes/agents';
import { registerAuthRoutes } from './routes/auth';
import { registerChatbotRoutes } from './routes/chatbots';
import { registerConfigRoutes } from './routes/config';
import { registerDatabaseRoutes } from './routes/databases';
import { registerErrorHandling } from './routes/errors';
import { registerFileRoutes } from './routes/files';
import { registerJobRoutes } from './routes/jobs';
import { registerJsonBodyParser } from './routes/json-body';
import { registerKnowledgeBaseRoutes } from './routes/knowledge-bases';
import { registerKbStatusRoutes } from './routes/kb-status';
import { registerNameConflictRoutes } from './routes/name-conflicts';
import { registerKbEvaluationRoutes } from './routes/kb-evaluations';
import { registerProjectRoutes } from './routes/projects';
import { registerSqlRoutes } from './routes/sql';
import { registerStatusRoutes } from './routes/status';
import { registerViewRoutes } from './routes/views';
import { trailingSlashRewriter } from './routes/trailing-slash';

/** JSON bodies larger than this are refused with 413 (files go through multipart, which has its own limit). */
export const JSON_BODY_LIMIT = 16 * 1024 * 1024;

export interface AppOptions {
  logger?: boolean;
  /** The address the server binds (`--host`): requests may name it in `Host`. */
  boundHost?: string;
  /** Further names the server answers to without login (`--allowed-hosts`), e.g. behind a reverse proxy. */
  allowedHosts?: string[];
  /** Timeouts and the connection cap (tests shorten them). */
  limits?: Partial<ConnectionLimits>;
}

/**
 * Builds the HTTP app: the API under /api and the console at /. Never listens: main.ts does, and tests call
 * `app.inject()` (or listen on port 0 to test the connection limits).
 */
export function createApp(deps: AppDeps, options: AppOptions = {}): FastifyInstance {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const trailingSlash = trailingSlashRewriter();
  const app = Fastify({
    logger: options.logger
      ? { level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] }
      : false,
    bodyLimit: JSON_BODY_LIMIT,
    // Names in paths may carry quotes, slashes (encoded) and unicode; keep long ones from being cut.
    routerOptions: { maxParamLength: 500 },
    // Collections answer with and without a trailing slash (`/api/files` and `/api/files/`), as MindsDB does.
    rewriteUrl: trailingSlash.rewriteUrl,
    ...serverTimeoutOptions(limits),
  });
  guardConnections(app.server, limits);
  app.addHook('onRoute', trailingSlash.onRoute);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  const names = { boundHost: options.boundHost ?? '127.0.0.1', allowedHosts: options.allowedHosts ?? [] };
  // Without login, anything that reaches us reads everything: refuse names that are not ours (DNS
  // rebinding). Forwarding to another instance, we cannot know whether it has login, so always check.
  registerHostCheck(app, { ...names, active: () => Boolean(deps.apiUrl) || !deps.auth.enabled });
  registerOriginCheck(app, names);
  app.register(cookie);
  // JSON only: a text body is a wrong content type (415), not a query.
  app.removeContentTypeParser('text/plain');

  if (deps.apiUrl) {
    // Same origin for the browser: the console's /api calls go to the other instance through us. Loaded only
    // here: the proxy's package takes a tenth of a start to load, and only this mode uses it.
    app.register(import('@fastify/http-proxy'), {
      upstream: deps.apiUrl,
      prefix: '/api',
      rewritePrefix: '/api',
      http2: false,
    });
  } else {
    registerJsonBodyParser(app);
    app.register(multipart);
    registerAuthRoutes(app, deps);
    registerConfigRoutes(app, deps, names);
    registerStatusRoutes(app, deps);
    registerProjectRoutes(app, deps);
    registerSqlRoutes(app, deps);
    registerFileRoutes(app, deps);
    registerAgentRoutes(app, deps);
    registerChatbotRoutes(app, deps);
    registerKnowledgeBaseRoutes(app, deps);
    registerKbStatusRoutes(app, deps);
    registerNameConflictRoutes(app, deps);
    registerKbEvaluationRoutes(app, deps);
    registerDatabaseRoutes(app, deps);
    registerViewRoutes(app, deps);
    registerJobRoutes(app, deps);
  }

  registerConsole(app, deps.staticDir);
  return app;
}
