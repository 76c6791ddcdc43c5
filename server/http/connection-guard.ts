import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Limits that keep slow or idle clients from holding the server. Fastify's own request timeout is off by
 * default, so a client that sends its body one byte at a time would keep its connection forever, and enough
 * of them exhaust the process's file handles.
 */
export interface ConnectionLimits {
  /** Time allowed to send the request line and headers. */
  headersTimeoutMs: number;
  /** Hard limit on receiving one whole request, body included (large uploads must fit in it). */
  requestTimeoutMs: number;
  /** A body must arrive at least this fast, measured over each `bodyRateWindowMs`. */
  minBodyBytesPerWindow: number;
  bodyRateWindowMs: number;
  /** Open connections at most; a new one beyond it pushes out the oldest that is not being answered. */
  maxConnections: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 10 * 60_000,
  minBodyBytesPerWindow: 1024,
  bodyRateWindowMs: 10_000,
  maxConnections: 1000,
};

/**
 * The Node server options for the limits: passed to Fastify (whose own request timeout is 0 = never). No
 * socket idle timeout: a request whose answer takes long (a slow query, an agent run) sends nothing while it
 * waits, and must not be cut. Idle keep-alive connections are closed by `keepAliveTimeout`.
 */
export function serverTimeoutOptions(limits: ConnectionLimits = DEFAULT_LIMITS) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: 5000,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for connections past the headers or request timeout (default 30 s).
      connectionsCheckingInterval: Math.min(2000, limits.headersTimeoutMs),
    },
  };
}

/**
 * Caps open connections and cuts slowly trickling bodies. At the cap, a new connection pushes out the oldest
 * one that is waiting (still sending its request, or idle between requests) rather than being refused, so a
 * flood of slow connections cannot keep a quick request such as `/api/util/ping` from being answered.
 * Connections whose request has fully arrived and is being answered are never pushed out.
 */
export function guardConnections(server: Server, limits: ConnectionLimits = DEFAULT_LIMITS): void {
  // Insertion order is age order: the first waiting entry is the oldest one.
  const open = new Map<Socket, { request?: IncomingMessage }>();
  server.on('connection', (socket: Socket) => {
    if (open.size >= limits.maxConnections) evictOldestWaiting(open);
    if (open.size >= limits.maxConnections) {
      // Every connection is being answered: refuse rather than grow without bound.
      socket.destroy();
      return;
    }
    open.set(socket, {});
    socket.once('close', () => open.delete(socket));
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const tracked = open.get(request.socket);
    if (tracked) {
      tracked.request = request;
      response.once('close', () => {
        if (tracked.request === request) tracked.request = undefined;
      });
    }
    watchBodyRate(request, limits);
  });
}

function evictOldestWaiting(open: Map<Socket, { request?: IncomingMessage }>): void {
  for (const [socket, tracked] of open) {
    if (tracked.request?.complete) continue; // being answered
    socket.destroy();
    open.delete(socket);
    return;
  }
}

/**
 * Cuts a request whose body trickles in slower than the minimum rate, long before the hard request timeout:
 * a large upload over a slow link passes, a body sent a byte every few seconds does not. Counts the socket's
 * bytes, since a data listener on the request would start the stream before the app reads it.
 */
function watchBodyRate(request: IncomingMessage, limits: ConnectionLimits): void {
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (request.complete || !hasBody) return;
  const socket = request.socket;
  let lastBytes = socket.bytesRead;
  const timer = setInterval(() => {
    if (request.complete || socket.destroyed) return clearInterval(timer);
    const bytes = socket.bytesRead;
    // Unread data waiting in the request means the app is the slow side (it is writing what came so far).
    if (request.readableLength > 0) {
      lastBytes = bytes;
      return;
    }
    if (bytes - lastBytes < limits.minBodyBytesPerWindow) {
      clearInterval(timer);
      socket.destroy();
      return;
    }
    lastBytes = bytes;
  }, limits.bodyRateWindowMs);
  timer.unref();
  request.once('end', () => clearInterval(timer));
  request.once('close', () => clearInterval(timer));
}
