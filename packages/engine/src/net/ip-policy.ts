import ipaddr from 'ipaddr.js';

/**
 * Why an IP address is not a public internet address, or undefined when it is one. The check is an
 * allow-list: IPv4 must be plain unicast, IPv6 must be global unicast (2000::/3) outside every special
 * range; IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the IPv4
 * address inside, so `::ffff:127.0.0.1` and `64:ff9b::10.0.0.1` are refused like the address they wrap.
 */
export function getAddressRefusal(address: string): string | undefined {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Zone ids (fe80::1%eth0) only exist on link-local addresses.
  if (text.includes('%')) return 'link-local address';
  if (!ipaddr.isValid(text)) return 'not an IP address';
  const parsed = ipaddr.parse(text);
  return parsed.kind() === 'ipv4'
    ? getIpv4Refusal(parsed as ipaddr.IPv4)
    : getIpv6Refusal(parsed as ipaddr.IPv6);
}

/**
 * True for a loopback address: 127.0.0.0/8, ::1, or an IPv6 form wrapping an IPv4 loopback address
 * (`::ffff:127.0.0.1`). Loopback-only runs (tests, the bench) may connect to nothing else.
 */
export function isLoopbackAddress(address: string): boolean {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(text)) return false;
  const parsed = ipaddr.process(text);
  return parsed.range() === 'loopback';
}

/** True when `address` is a public unicast address that Sitelift may connect to. */
export function isPublicAddress(address: string): boolean {
  return getAddressRefusal(address) === undefined;
}

const IPV4_REASONS: Record<string, string> = {
  unspecified: 'unspecified address (0.0.0.0/8)',
  broadcast: 'broadcast address',
  multicast: 'multicast address',
  linkLocal: 'link-local address (169.254.0.0/16, cloud metadata)',
  loopback: 'loopback address',
  carrierGradeNat: 'carrier-grade NAT address (100.64.0.0/10)',
  private: 'private network address',
  reserved: 'reserved, documentation or benchmarking address',
  as112: 'AS112 address',
  amt: 'AMT relay address',
};

function getIpv4Refusal(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  if (range === 'unicast') return undefined;
  return IPV4_REASONS[range] ?? `special-purpose address (${range})`;
}

const IPV6_REASONS: Record<string, string> = {
  unspecified: 'unspecified address (::)',
  linkLocal: 'link-local address (fe80::/10)',
  multicast: 'multicast address',
  loopback: 'loopback address',
  uniqueLocal: 'unique local address (fc00::/7)',
  deprecatedSiteLocal: 'site-local address (fec0::/10)',
  discard: 'discard-only address',
  teredo: 'Teredo tunnel address',
  benchmarking: 'benchmarking address',
  reserved: 'reserved or documentation address',
};

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function getIpv6Refusal(address: ipaddr.IPv6): string | undefined {
  const range = address.range();
  const parts = address.parts;
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (RFC 6145 translated) wrap an IPv4 address.
  if (range === 'ipv4Mapped' || range === 'rfc6145') {
    return wrapped('IPv4-mapped', toIpv4(parts[6] ?? 0, parts[7] ?? 0));
  }
  // NAT64 (64:ff9b::/96, 64:ff9b:1::/48): the IPv4 address sits in the last 32 bits.
  if (range === 'rfc6052') return wrapped('NAT64', toIpv4(parts[6] ?? 0, parts[7] ?? 0));
  // 6to4 (2002:AABB:CCDD::/48): the IPv4 address sits in bits 16-47.
  if (range === '6to4') return wrapped('6to4', toIpv4(parts[1] ?? 0, parts[2] ?? 0));
  const reason = IPV6_REASONS[range];
  if (reason) return reason;
  // IPv4-compatible (::a.b.c.d, deprecated) and everything else in ::/8 is never a public server.
  if (!address.match(GLOBAL_UNICAST)) return 'not a global unicast IPv6 address';
  if (range !== 'unicast') return `special-purpose IPv6 address (${range})`;
  return undefined;
}

function toIpv4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function wrapped(kind: string, inner: ipaddr.IPv4): string | undefined {
  const reason = getIpv4Refusal(inner);
  return reason ? `${kind} form of ${inner.toString()}: ${reason}` : undefined;
}
