import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import { loginRequestSchema, type LoginResponse } from '../../protocol/api/auth';
import type { AppDeps } from './app-deps';
import { deviceOf, setDeviceCookie } from '../http/device-cookie';
import { LoginThrottle } from '../http/login-throttle';
import {
  CSRF_HEADER,
  bearerToken,
  clearSessionCookie,
  cookieToken,
  isCrossSiteWrite,
  presentedToken,
  setSessionCookie,
} from '../http/session';
import { HttpProblem, sendProblem } from '../http/problem';

export { bearerToken } from '../http/session';

/** Routes anyone may call, with or without a token. */
export const OPEN_ROUTES = new Set(['/api/status', '/api/util/ping', '/api/login', '/api/logout']);

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

/** Whether the request carries a valid token, as a bearer header or as the session cookie. */
export async function isAuthenticated(deps: AppDeps, request: FastifyRequest): Promise<boolean> {
  const presented = presentedToken(request);
  return presented !== undefined && (await deps.auth.verify(presented.token));
}

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const throttle = new LoginThrottle(() => deps.auth.view().username);

  // Runs before any handler, so even unknown /api paths answer 401 to strangers.
  app.addHook('onRequest', async (request, reply) => {
    if (!deps.auth.enabled || !needsToken(request)) return;
    const presented = presentedToken(request);
    if (!presented || !(await deps.auth.verify(presented.token))) {
      const detail =
        presented || request.headers.authorization ? 'The token is invalid or has expired' : 'Log in first';
      return sendProblem(reply, 401, detail, undefined, 'Unauthorized');
    }
    if (presented.via === 'cookie' && isCrossSiteWrite(request)) {
      return sendProblem(
        reply,
        403,
        `A change made with the session cookie must carry the ${CSRF_HEADER} header (or use a bearer token)`,
        undefined,
        'Forbidden',
      );
    }
  });

  app.post('/api/login', async (request, reply) => {
    const parsed = loginRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      // As MindsDB: both must be non-empty strings, else 400 with its title and detail.
      throw new HttpProblem(400, 'Error in username or password', 'Username and password should be string');
    }
    const { username, password } = parsed.data;
    const device = deviceOf(request, deps.auth.deviceKey, username);
    const attempt = throttle.begin({ username, address: request.ip, device });
    if (attempt.waitMs > 0) {
      const seconds = Math.ceil(attempt.waitMs / 1000);
      reply.header('Retry-After', String(seconds));
      throw new HttpProblem(429, 'Too Many Requests', `Too many wrong logins: try again in ${seconds} s`);
    }
    const token = await deps.auth.login(username, password);
    if (!token) throw new HttpProblem(401, 'Forbidden', 'Invalid username or password');
    attempt.succeeded();
    setSessionCookie(request, reply, token, deps.auth.tokenLifetimeSeconds);
    setDeviceCookie(request, reply, deps.auth.deviceKey, username, device);
    return { token } satisfies Declared<LoginResponse>;
  });

  // As MindsDB: always 200 with an empty string; revokes the presented token and drops the cookie.
  app.post('/api/logout', async (request, reply) => {
    const cookie = cookieToken(request);
    // A page on another site could post here with our cookie: only our own pages may end that session.
    const cookieMayLogOut = cookie !== undefined && !isCrossSiteWrite(request);
    for (const token of [bearerToken(request), cookieMayLogOut ? cookie : undefined]) {
      if (token) await deps.auth.logout(token);
    }
    if (cookieMayLogOut) clearSessionCookie(request, reply);
    return reply.type('application/json').send('""');
  });
}
