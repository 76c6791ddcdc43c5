import ipaddr from 'ipaddr.js';

/**
 * Which network addresses the server may call on a user's behalf (model servers today, later URLs to
 * ingest and data-source hosts). A user who can name an address must not reach the cloud's metadata service
 * (its credentials), link-local devices, or, unless the operator allows it, the private network the server
 * sits in. Loopback stays allowed: a model server on the same machine (Ollama) is the common local set-up.
 */
export interface OutboundPolicy {
  /** Private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) may be called. */
  allowPrivate: boolean;
  /** This machine (127/8, ::1) may be called: on by default, for a model server beside this one. */
  allowLoopback: boolean;
}

const DEFAULT_POLICY: OutboundPolicy = { allowPrivate: false, allowLoopback: true };
let current: OutboundPolicy = { ...DEFAULT_POLICY };

/** Set once at start-up from the flags (`--allow-private-model-urls`, `KS_ALLOW_PRIVATE_URLS=1`). */
export function setOutboundPolicy(policy: Partial<OutboundPolicy>): void {
  current = { ...DEFAULT_POLICY, ...policy };
}

export function outboundPolicy(): OutboundPolicy {
  return current;
}

/** Cloud metadata services, refused even where their range (CGNAT, unique-local) is allowed. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** Ranges never called, whatever the policy. */
const ALWAYS_REFUSED: Record<string, string> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved address',
};

/** Ranges called only when the operator allows private addresses. */
const PRIVATE: Record<string, string> = {
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
};

/** IPv6 forms that carry an IPv4 address the packets end up at (NAT64, 6to4, IPv4-compatible). */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const fromWords = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const range = address.range();
  if (range === 'rfc6052') return fromWords(parts[6], parts[7]);
  if (range === '6to4') return fromWords(parts[1], parts[2]);
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7] > 1)) {
    return fromWords(parts[6], parts[7]);
  }
  return null;
}

/**
 * Why the server must not call this IP address under the policy, or null when it may. `ip` is a literal
 * address (dotted IPv4 or IPv6); anything else is refused as not an address.
 */
export function addressProblem(ip: string, policy: OutboundPolicy = current): string | null {
  if (!ipaddr.isValid(ip)) return 'not an IP address';
  let address = ipaddr.process(ip); // ::ffff:a.b.c.d becomes a.b.c.d
  if (address.kind() === 'ipv6') address = embeddedIpv4(address as ipaddr.IPv6) ?? address;
  const normal = address.toNormalizedString();
  const text = address.toString();
  if (METADATA.has(text) || METADATA.has(normal)) return 'a cloud metadata address';
  const range = address.range();
  if (range === 'unicast') return null;
  if (range === 'loopback') return policy.allowLoopback ? null : 'a loopback address (this machine)';
  if (ALWAYS_REFUSED[range]) return ALWAYS_REFUSED[range];
  if (PRIVATE[range]) return policy.allowPrivate ? null : PRIVATE[range];
  // Anything else special (documentation, benchmarking, translation ranges) is not a model server.
  return policy.allowPrivate ? null : `a special-purpose address (${range})`;
}

/** Whether a host name is an IP literal: such hosts are checked as they are, without a lookup. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host);
}
