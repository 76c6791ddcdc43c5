import { isIP } from 'node:net';

/** Whether an address names this machine only: `localhost`, 127.0.0.0/8, `::1` (brackets allowed). */
export function isLoopbackAddress(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || /^::ffff:127\./.test(name);
  return false;
}

/**
 * Whether other machines may reach this server: it is bound to an address that is not loopback (`0.0.0.0`,
 * `::`, a network address or name), or it answers to names given with `--allowed-hosts` (a reverse proxy in
 * front of it). The console warns before login is turned off on such a server.
 */
export function reachableFromOtherMachines(boundHost: string, allowedHosts: readonly string[]): boolean {
  return !isLoopbackAddress(boundHost) || allowedHosts.some((h) => !isLoopbackAddress(h));
}
