import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem } from './problem';

/** Names that always mean this machine. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

export interface HostCheckOptions {
  /** The address the server is bound to (`--host`): reachable under that name too. */
  boundHost: string;
  /** Further names the server is reached by, e.g. behind a reverse proxy (`--allowed-hosts`). */
  allowedHosts: string[];
  /** Whether a request must pass the check now: login may be turned on and off while running. */
  active: () => boolean;
}

/** The name part of a Host header, lower case, without port or IPv6 brackets. */
export function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined);
  const colon = value.lastIndexOf(':');
  return colon >= 0 && value.indexOf(':') === colon ? value.slice(0, colon) : value;
}

/**
 * Refuses requests whose `Host` is not a name of this server (421), against DNS rebinding: a page on any site
 * can point its own name at 127.0.0.1 and then read our answers as same-origin, but the browser still sends
 * that name in `Host`. Accepted: loopback names, the bound address, the address the connection arrived on
 * (so `http://<LAN address>:port/` works when bound to all interfaces; a rebinding page never has an IP
 * literal as its origin), and the names given with `--allowed-hosts`. Only the name is compared, since a
 * reverse proxy may pass its own port on.
 */
export function registerHostCheck(app: FastifyInstance, options: HostCheckOptions): void {
  const allowed = new Set(
    [...LOOPBACK_NAMES, options.boundHost, ...options.allowedHosts].map((h) => hostName(h)).filter(Boolean),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (!options.active() || isAllowedHost(request, allowed)) return;
    return sendProblem(
      reply,
      421,
      'This server does not answer to that host name. Use localhost or its address, or start it with --allowed-hosts naming it.',
      undefined,
      'Misdirected Request',
    );
  });
}

function isAllowedHost(request: FastifyRequest, allowed: Set<string>): boolean {
  const header = request.headers.host;
  if (!header) return false;
  const name = hostName(header);
  if (allowed.has(name)) return true;
  const local = request.socket?.localAddress;
  if (!local || isIP(name) === 0) return false;
  // The connection's own address, in either spelling of an IPv4 address on a dual-stack socket.
  return name === local.toLowerCase() || `::ffff:${name}` === local.toLowerCase();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses writes sent by a page of another site (403). Browsers name the page's origin in `Origin` on every
 * cross-origin POST, PUT or DELETE, including plain form posts that need no permission to send: without this
 * check any page could upload files or run statements on an instance without login on this machine. Accepted:
 * the same origin as `Host`, and pages on this machine's own names (the dev server runs on another port).
 * Clients that are not browsers send no `Origin` and are not affected.
 */
export function registerOriginCheck(app: FastifyInstance, options: Omit<HostCheckOptions, 'active'>): void {
  const allowed = new Set(
    [...LOOPBACK_NAMES, options.boundHost, ...options.allowedHosts].map((h) => hostName(h)).filter(Boolean),
  );
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || origin === undefined) return;
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined; // "null" (a sandboxed frame or a file) or garbage: not one of ours
    }
    if (originHost && (originHost === request.headers.host || allowed.has(hostName(originHost)))) return;
    return sendProblem(
      reply,
      403,
      `A page of another site (${origin.slice(0, 100)}) may not make changes here`,
      undefined,
      'Forbidden',
    );
  });
}
