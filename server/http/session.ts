import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie'; // the request.cookies and reply.setCookie types

/**
 * The console's session cookie: the login token, where no script of the page can read it (HttpOnly), sent
 * only with requests from our own pages (SameSite=Strict). API clients keep sending `Authorization: Bearer`.
 */
export const SESSION_COOKIE = 'ks_session';

/**
 * The header a cookie-authenticated write must carry. A page on another site can make the browser send our
 * cookie with a form post, but cannot add a header of its own without our consent (which we never give), so
 * its presence proves the request came from a script of our own origin.
 */
export const CSRF_HEADER = 'x-requested-with';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export function cookieToken(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[SESSION_COOKIE];
  return value ? value : undefined;
}

/** The token a request presents and how: the bearer header wins over the cookie. */
export function presentedToken(
  request: FastifyRequest,
): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: 'bearer' };
  // A malformed Authorization header is a wrong credential, not a reason to fall back on the cookie.
  if (request.headers.authorization) return undefined;
  const cookie = cookieToken(request);
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a cookie-authenticated request lacks the header that proves it came from our own pages. */
export function isCrossSiteWrite(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) && !request.headers[CSRF_HEADER];
}

/**
 * Plain http on localhost is the common case; behind TLS (ours or a proxy's, which says so in
 * `X-Forwarded-Proto`) the cookie must never travel over plain http. Trusting that header can only withhold
 * the cookie from a client that lies about it, never expose it.
 */
export function overTls(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.headers['x-forwarded-proto'] === 'https';
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: overTls(request),
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: overTls(request),
    path: '/',
  });
}
