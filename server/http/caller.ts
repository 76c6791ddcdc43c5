import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { presentedToken } from './session';

/**
 * Who sends a request, as the SQL engine's queues know it (see engines/connection-pool.ts): one string per
 * user, so that one user's heavy queries wait behind each other and not ahead of everyone else's.
 *
 * With login on, it is the session (a digest of its token: the token itself never travels further); every
 * request that gets this far carries a valid one. Without login there are no users: a token proves nothing
 * and a client could send a new one with each request, so it is the client's address.
 */
export function callerOf(request: FastifyRequest, loginOn: boolean): string {
  const presented = loginOn ? presentedToken(request) : undefined;
  if (presented) return `session:${createHash('sha256').update(presented.token).digest('hex').slice(0, 16)}`;
  return `address:${request.ip}`;
}
