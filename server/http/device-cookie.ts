import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie'; // the request.cookies and reply.setCookie types
import { overTls } from './session';

/**
 * A browser that logged in successfully keeps a device cookie: a random device id and an HMAC of it and the
 * user name it logged in as, under a server key that never leaves the server (the catalog keeps it). The login
 * throttle gives such a device its own allowance of wrong passwords (http/login-throttle.ts), so someone who
 * guesses from elsewhere cannot lock the owner out. A cookie is only ever issued after a right password, and
 * cannot be made for another name or another id without the key.
 *
 * HttpOnly (no script reads it), SameSite=Strict, sent only to the login route, Secure over TLS; it proves
 * nothing but "this browser logged in as this user before" and opens no session by itself.
 */
export const DEVICE_COOKIE = 'ks_device';
const LOGIN_PATH = '/api/login';
const MAX_AGE_SECONDS = 365 * 24 * 3600;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function signature(key: Buffer, username: string, device: string): Buffer {
  // The parts are separated by a character neither holds (a device id is base64url), so no two differ only
  // by where one ends.
  return createHmac('sha256', key).update(`ks-device\n${device}\n${username}`).digest();
}

/**
 * The device id of the request's device cookie when it was issued for `username` under `key`; undefined when
 * there is none, or it is malformed, altered, or for another name.
 */
export function deviceOf(request: FastifyRequest, key: Buffer, username: string): string | undefined {
  const [device, mac, ...rest] = request.cookies?.[DEVICE_COOKIE]?.split('.') ?? [];
  if (!device || !mac || rest.length > 0 || !/^[\w-]{16,64}$/.test(device)) return undefined;
  // Issued for another name, the MAC differs as it does for an altered id.
  const expected = signature(key, username, device);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
}

/** Sets (or renews, keeping its id) the device cookie of a browser that just logged in as `username`. */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  key: Buffer,
  username: string,
  device = base64url(randomBytes(16)),
): void {
  const mac = base64url(signature(key, username, device));
  reply.setCookie(DEVICE_COOKIE, `${device}.${mac}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: overTls(request),
    path: LOGIN_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
}
