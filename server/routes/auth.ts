import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { HttpProblem, parseBody, sendProblem } from './problem';

/** Routes anyone may call, with or without a token. */
export const OPEN_ROUTES = new Set(['/api/status', '/api/util/ping', '/api/login', '/api/logout']);

const loginBody = z.object({
  username: z.string().min(1, 'must not be empty'),
  password: z.string().min(1, 'must not be empty'),
});

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** A path as the router reads it: percent-escapes decoded, repeated slashes as one. */
function normalizedPath(url: string): string {
  const raw = url.split(/[?#]/)[0];
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // a malformed escape: the raw path is what there is
  }
  return decoded.replace(/\/{2,}/g, '/');
}

/**
 * Whether a request needs a token. Decided on the route the router matched, not on the raw URL: `//api/x` or
 * `/%61pi/x` reach the same handler as `/api/x`, so they must be checked the same way.
 */
function needsToken(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return route.startsWith('/api/') && !OPEN_ROUTES.has(route);
  // No route matched: unknown API paths still answer 401 to strangers, however they are spelled.
  return /^\/api(\/|$)/i.test(normalizedPath(request.url));
}

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Runs before any handler, so even unknown /api paths answer 401 to strangers.
  app.addHook('onRequest', async (request, reply) => {
    if (!deps.auth.enabled || !needsToken(request)) return;
    const token = bearerToken(request);
    if (!token || !(await deps.auth.verify(token))) {
      return sendProblem(
        reply,
        401,
        token ? 'The token is invalid or has expired' : 'Log in first',
        undefined,
        'Unauthorized',
      );
    }
  });

  app.post('/api/login', async (request) => {
    const { username, password } = parseBody(loginBody, request.body);
    if (!deps.auth.enabled)
      throw new HttpProblem(400, 'Bad Request', 'Login is not enabled on this instance');
    const token = await deps.auth.login(username, password);
    if (!token) throw new HttpProblem(401, 'Unauthorized', 'Wrong username or password');
    return { token };
  });

  app.post('/api/logout', async (request) => {
    const token = bearerToken(request);
    if (token) await deps.auth.logout(token);
    return {};
  });
}
