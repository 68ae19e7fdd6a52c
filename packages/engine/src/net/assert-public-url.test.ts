import { describe, expect, it } from 'vitest';
import { assertPublicUrl, type HostResolver } from './assert-public-url';

const fakeDns =
  (answers: Record<string, string[]>): HostResolver =>
  async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const expectCode = async (promise: Promise<unknown>, code: string): Promise<void> => {
  await expect(promise).rejects.toMatchObject({ name: 'AppError', code });
};

describe('assertPublicUrl', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://2130706433/', 'decimal'],
    ['http://0177.0.0.1/', 'octal'],
    ['http://0x7f.0.0.1/', 'hex'],
    ['http://0x7f000001/', 'hex long'],
    ['http://127.1/', 'short'],
    ['http://127.0.1/', 'three-part'],
    ['http://017700000001/', 'octal long'],
    ['http://127.0.0.1./', 'trailing dot'],
    ['http://127.000.000.001/', 'zero-padded (octal parts)'],
    ['http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/', 'fullwidth digits'],
    ['http://127.0.0.1%2e/', 'percent-encoded dot'],
    ['http://[0:0:0:0:0:ffff:127.0.0.1]/', 'IPv4-mapped IPv6, long form'],
    ['http://[::127.0.0.1]/', 'IPv4-compatible IPv6'],
    ['http://[::1]/', 'IPv6 loopback'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped IPv6'],
    ['http://[::ffff:7f00:1]/', 'IPv4-mapped IPv6, hex'],
    ['http://[::ffff:a9fe:a9fe]/latest/meta-data/', 'mapped metadata'],
    ['http://[64:ff9b::a00:1]/', 'NAT64 of private'],
    ['http://[2002:a00:1::]/', '6to4 of private'],
    ['http://[fd00::1]/', 'ULA'],
    ['http://[fe80::1]/', 'IPv6 link-local'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0/', 'zero'],
    ['http://10.0.0.1:8080/', 'private'],
    ['http://172.16.5.4/', 'private'],
    ['http://192.168.0.1/', 'private'],
    ['http://100.64.1.1/', 'CGNAT'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://198.18.0.1/', 'benchmarking'],
    ['https://localhost/', 'localhost'],
    ['http://app.localhost:3000/', '*.localhost'],
    ['http://user:pw@127.0.0.1/', 'with credentials'],
  ])('refuses %s (%s) without looking it up', async (url) => {
    const resolve: HostResolver = async () => {
      throw new Error('must not resolve');
    };
    await expectCode(assertPublicUrl(url, { resolve }), 'ENGINE_FETCH_URL_REFUSED');
  });

  it('says why in the message users see', async () => {
    await expect(assertPublicUrl('http://127.0.0.1/')).rejects.toThrow(
      'This address is not allowed: Sitelift only reads public websites.',
    );
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'gopher://example.com/',
    'data:text/html,hi',
  ])('refuses the scheme of %s', async (url) => {
    await expectCode(assertPublicUrl(url), 'ENGINE_FETCH_SCHEME_UNSUPPORTED');
  });

  it('refuses text that is not a URL', async () => {
    await expectCode(assertPublicUrl('not a url'), 'ENGINE_FETCH_URL_INVALID');
  });

  it('refuses a name that resolves to a private address', async () => {
    const resolve = fakeDns({ 'intranet.example.com': ['10.0.0.7'] });
    await expect(
      assertPublicUrl('https://intranet.example.com/', { resolve }),
    ).rejects.toMatchObject({
      code: 'ENGINE_FETCH_URL_REFUSED',
      details: { reason: expect.stringMatching(/resolves to 10\.0\.0\.7: private/) },
    });
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolve = fakeDns({
      'mixed.example.com': ['93.184.216.34', '2606:4700::1', '::ffff:127.0.0.1'],
    });
    await expectCode(
      assertPublicUrl('https://mixed.example.com/', { resolve }),
      'ENGINE_FETCH_URL_REFUSED',
    );
  });

  it('accepts a name whose addresses are all public', async () => {
    const resolve = fakeDns({ 'www.example.com': ['93.184.216.34', '2606:2800:220:1::248'] });
    const url = await assertPublicUrl('https://WWW.Example.com:443/a/../b#x', { resolve });
    expect(url.href).toBe('https://www.example.com/b#x');
  });

  it('reports a name that does not resolve as a DNS failure', async () => {
    await expectCode(
      assertPublicUrl('https://no-such-host.example/', { resolve: fakeDns({}) }),
      'ENGINE_FETCH_DNS_FAILED',
    );
    await expectCode(
      assertPublicUrl('https://empty.example/', { resolve: fakeDns({ 'empty.example': [] }) }),
      'ENGINE_FETCH_DNS_FAILED',
    );
  });

  it('lets everything through with allowPrivateUrls', async () => {
    const resolve = fakeDns({ localhost: ['127.0.0.1'], 'intranet.example.com': ['10.0.0.7'] });
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://2130706433/',
      'http://[::1]/',
      'http://localhost/',
      'http://intranet.example.com/',
    ]) {
      await expect(
        assertPublicUrl(url, { allowPrivateUrls: true, resolve }),
      ).resolves.toBeInstanceOf(URL);
    }
    // The scheme rule stays.
    await expectCode(
      assertPublicUrl('file:///etc/passwd', { allowPrivateUrls: true }),
      'ENGINE_FETCH_SCHEME_UNSUPPORTED',
    );
  });

  it('with loopbackOnly reaches loopback addresses and localhost, and nothing else', async () => {
    for (const url of [
      'http://127.0.0.1:8080/a',
      'http://127.1.2.3/',
      'http://[::1]:3000/',
      'http://[::ffff:127.0.0.1]/',
      'http://localhost/',
    ]) {
      // allowPrivateUrls does not widen a loopback-only run.
      for (const allowPrivateUrls of [false, true]) {
        await expect(
          assertPublicUrl(url, { loopbackOnly: true, allowPrivateUrls }),
        ).resolves.toBeInstanceOf(URL);
      }
    }
    for (const url of ['http://10.0.0.1/', 'http://93.184.216.34/', 'http://[2606:2800::1]/']) {
      await expectCode(
        assertPublicUrl(url, { loopbackOnly: true, allowPrivateUrls: true }),
        'ENGINE_FETCH_URL_REFUSED',
      );
    }
    // Other names do not resolve (no DNS query leaves the machine), and a given resolver's answers
    // must be loopback addresses too.
    await expectCode(
      assertPublicUrl('https://example.com/', { loopbackOnly: true }),
      'ENGINE_FETCH_DNS_FAILED',
    );
    await expectCode(
      assertPublicUrl('http://127.0.0.1.example.com/', {
        loopbackOnly: true,
        resolve: fakeDns({ '127.0.0.1.example.com': ['10.0.0.7'] }),
      }),
      'ENGINE_FETCH_URL_REFUSED',
    );
  });
});
