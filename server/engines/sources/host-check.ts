import dns from 'node:dns/promises';
import net from 'node:net';
import { SourceError } from './types';

/**
 * Addresses a data source may never be: link-local (169.254/16, fe80::/10, where cloud metadata services
 * answer with the machine's credentials), the metadata services' other addresses, unspecified and multicast.
 * Loopback and private networks stay allowed: that is where users' databases usually are.
 */
const REFUSED = new net.BlockList();
REFUSED.addSubnet('169.254.0.0', 16, 'ipv4');
REFUSED.addSubnet('0.0.0.0', 8, 'ipv4');
REFUSED.addSubnet('224.0.0.0', 4, 'ipv4');
REFUSED.addSubnet('240.0.0.0', 4, 'ipv4');
REFUSED.addAddress('100.100.100.200', 'ipv4');
REFUSED.addSubnet('fe80::', 10, 'ipv6');
REFUSED.addSubnet('ff00::', 8, 'ipv6');
REFUSED.addAddress('::', 'ipv6');
REFUSED.addAddress('fd00:ec2::254', 'ipv6');

function refusedAddress(ip: string): boolean {
  const family = net.isIPv4(ip) ? 'ipv4' : 'ipv6';
  if (REFUSED.check(ip, family)) return true;
  // ::ffff:169.254.169.254 reaches the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  return mapped !== undefined && REFUSED.check(mapped, 'ipv4');
}

/**
 * The address to connect to for a user-chosen host: looked up once here, so that the connection goes to the
 * address that was checked (a name that resolves differently on the next lookup cannot slip past).
 */
export async function resolveSourceHost(host: string): Promise<string> {
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new SourceError(`Unknown host '${host}': the name does not resolve to an address`);
    }
  }
  const bad = addresses.find(refusedAddress);
  if (bad !== undefined) {
    throw new SourceError(
      `Host '${host}' (${bad}) is a link-local, metadata or reserved address: data sources cannot be reached there`,
    );
  }
  return addresses[0];
}
