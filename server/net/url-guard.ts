import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { addressProblem, isIpLiteral, outboundPolicy, type OutboundPolicy } from './address-policy';

export { addressProblem, outboundPolicy, setOutboundPolicy, type OutboundPolicy } from './address-policy';

/**
 * A URL the server refuses to call. The message is whole sentences that name the address and the reason, and
 * that can be shown to the user (it holds nothing the user did not write, apart from the resolved address).
 */
export class OutboundUrlError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
}

/** How long a save-time lookup may take; a name that does not resolve in time is checked again at call time. */
const SAVE_TIME_LOOKUP_MS = 3000;

/** The host of a URL as an address or a name: `[::1]` becomes `::1`. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function refuseAddress(host: string, address: string, problem: string): never {
  const shown = host === address ? `the address ${address} is` : `${host} resolves to ${address},`;
  const allowable = /private|shared|special/.test(problem);
  const hint = allowable ? ' (the operator can allow private addresses with --allow-private-model-urls)' : '';
  throw new OutboundUrlError(`${shown} ${problem}, which the server does not call${hint}`);
}

/**
 * Parses a URL the server would call and checks what can be checked without the network: http or https only,
 * no user name or password in it, and an IP-literal host (in any form: WHATWG parsing turns `2852039166` or
 * `0xa9.254.169.254` into `169.254.169.254`) allowed by the policy. Throws OutboundUrlError.
 */
export function parseOutboundUrl(raw: string, policy: OutboundPolicy = outboundPolicy()): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlError('the URL is not valid: write it like https://host/v1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundUrlError(`the URL must use http or https, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username || url.password) {
    throw new OutboundUrlError('the URL must not hold a user name or password: give the key as api_key');
  }
  const host = bareHost(url);
  if (isIpLiteral(host)) {
    const problem = addressProblem(host, policy);
    if (problem) refuseAddress(host, host, problem);
  }
  return url;
}

async function lookupAll(host: string): Promise<LookupAddress[]> {
  return dns.promises.lookup(host, { all: true, verbatim: true });
}

/**
 * Checks a URL before it is stored (or fetched by a caller that does not use `guarded-fetch.ts`): the checks of
 * `parseOutboundUrl`, then every address its name resolves to. A name that does not resolve now is accepted
 * unless `requireResolvable` (the server may be offline while a user saves a setting), since every call checks
 * the address it actually connects to anyway.
 */
export async function checkOutboundUrl(
  raw: string,
  options: { policy?: OutboundPolicy; requireResolvable?: boolean } = {},
): Promise<URL> {
  const policy = options.policy ?? outboundPolicy();
  const url = parseOutboundUrl(raw, policy);
  const host = bareHost(url);
  if (isIpLiteral(host)) return url;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SAVE_TIME_LOOKUP_MS);
  });
  const addresses = await Promise.race([lookupAll(host).catch(() => null), timeout]).finally(() =>
    clearTimeout(timer),
  );
  if (!addresses || addresses.length === 0) {
    if (options.requireResolvable) throw new OutboundUrlError(`${host} does not resolve to an address`);
    return url;
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address, policy);
    if (problem) refuseAddress(host, address, problem);
  }
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets (net.connect, an http agent, undici's `connect`): resolves the name and refuses the
 * connection when any address it gave is refused by the policy. The check is on the very address the socket
 * then connects to, so a name that resolved to a public address at save time and to a private one now (DNS
 * rebinding) is still refused.
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  lookupUnder(outboundPolicy)(hostname, options, callback);
}

/** `guardedLookup` under another policy than the instance's (e.g. the stricter one for pages to ingest). */
export const lookupUnder =
  (policyOf: () => OutboundPolicy) =>
  (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void =>
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const policy = policyOf();
      for (const { address } of addresses) {
        const problem = addressProblem(address, policy);
        if (problem) {
          try {
            refuseAddress(hostname, address, problem);
          } catch (refusal) {
            return callback(refusal as NodeJS.ErrnoException, []);
          }
        }
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
