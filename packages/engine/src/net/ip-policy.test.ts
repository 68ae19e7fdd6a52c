import { describe, expect, it } from 'vitest';
import { getAddressRefusal, isPublicAddress } from './ip-policy';

describe('getAddressRefusal', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['127.255.0.9', /loopback/],
    ['10.1.2.3', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /link-local.*metadata/],
    ['169.254.0.1', /link-local/],
    ['100.64.0.1', /carrier-grade/],
    ['100.127.255.254', /carrier-grade/],
    ['224.0.0.1', /multicast/],
    ['239.255.255.250', /multicast/],
    ['255.255.255.255', /broadcast/],
    ['0.0.0.0', /unspecified/],
    ['0.1.2.3', /unspecified/],
    ['198.18.0.1', /benchmarking/],
    ['192.0.2.1', /documentation/],
    ['240.0.0.1', /reserved/],
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['fc00::1', /unique local/],
    ['fd12:3456::1', /unique local/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['ff02::1', /multicast/],
    ['::ffff:127.0.0.1', /IPv4-mapped.*127\.0\.0\.1.*loopback/],
    ['::ffff:7f00:1', /IPv4-mapped.*loopback/],
    ['::ffff:169.254.169.254', /IPv4-mapped.*link-local/],
    ['::ffff:0:10.0.0.1', /IPv4-mapped.*private/],
    ['::127.0.0.1', /loopback|not a global unicast/],
    ['::7f00:1', /not a global unicast/],
    ['64:ff9b::10.0.0.1', /NAT64.*private/],
    ['64:ff9b::127.0.0.1', /NAT64.*loopback/],
    ['2002:c0a8:0101::1', /6to4 form of 192\.168\.1\.1/],
    ['2002:7f00:0001::', /6to4.*loopback/],
    ['2001::1', /Teredo/],
    ['2001:db8::1', /documentation/],
    ['2001:2::1', /benchmarking/],
    ['fec0::1', /site-local/],
    ['not-an-ip', /not an IP/],
  ])('refuses %s', (address, reason) => {
    expect(getAddressRefusal(address)).toMatch(reason);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '[2a00:1450::1]',
  ])('allows the public address %s', (address) => {
    expect(getAddressRefusal(address)).toBeUndefined();
  });

  it('allows the mapped, NAT64 and 6to4 forms of a public address', () => {
    expect(getAddressRefusal('::ffff:8.8.8.8')).toBeUndefined();
    expect(getAddressRefusal('64:ff9b::8.8.8.8')).toBeUndefined();
    expect(getAddressRefusal('2002:0808:0808::1')).toBeUndefined();
  });
});
