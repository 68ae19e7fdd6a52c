import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a rate limit counts for an address: an IPv4 address as it is, an IPv6 address by its /64
 * network (one subscriber usually holds a whole /64, so its 2^64 addresses are one client), and an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) as its IPv4 address.
 */
export function toClientGroup(address: string): string {
  if (isIPv4(address) || !isIPv6(address)) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) lies in the last 32 bits, outside the /64.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups]
    : headGroups;
  const network = groups
    .slice(0, 4)
    .map((group) => (group.includes('.') ? '0' : Number.parseInt(group || '0', 16).toString(16)));
  return `${network.join(':')}::/64`;
}
