import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failOnConsoleOutput,
  startTestServer,
  type TestServer,
} from '../stages/fetch/test-server.fixture';
import type { GuardOptions, HostResolver } from './assert-public-url';
import { buildGuardedAgent } from './guarded-agent';
import { guardedRequest, type GuardedRequestOptions } from './guarded-request';
import { getAddressRefusal } from './ip-policy';

failOnConsoleOutput();

/** Treats 127.0.0.1 as a public address (the test's "internet") and everything else as the product does. */
const ONLY_127_0_0_1: GuardOptions['addressRefusal'] = (address) =>
  address === '127.0.0.1' ? undefined : getAddressRefusal(address);

function options(
  guard: GuardOptions,
  extra: Partial<GuardedRequestOptions> = {},
): GuardedRequestOptions {
  return {
    ...guard,
    dispatcher: buildGuardedAgent(guard),
    timeoutMs: 5_000,
    maxRedirects: 5,
    maxBytes: 1024 * 1024,
    ...extra,
  };
}

let site: TestServer;
let internal: TestServer;

beforeAll(async () => {
  // The "internal" service lives on another loopback address: private for ONLY_127_0_0_1.
  internal = await startTestServer({ '/secret': { body: 'internal secret' } }, '127.0.0.2');
  site = await startTestServer({
    '/': { body: '<h1>Home</h1>' },
    '/to-internal': { status: 302, headers: { location: `${internal.origin}/secret` } },
    '/to-metadata': {
      status: 301,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    },
    '/to-decimal': { status: 307, headers: { location: 'http://2130706434/' /* 127.0.0.2 */ } },
    '/loop-a': { status: 302, headers: { location: '/loop-b' } },
    '/loop-b': { status: 302, headers: { location: '/loop-a' } },
    '/hop/1': { status: 302, headers: { location: '/hop/2' } },
    '/hop/2': { status: 302, headers: { location: '/hop/3' } },
    '/hop/3': { status: 302, headers: { location: '/hop/4' } },
    '/hop/4': { status: 302, headers: { location: '/hop/5' } },
    '/hop/5': { status: 302, headers: { location: '/hop/6' } },
    '/hop/6': { status: 302, headers: { location: '/' } },
    '/gzip': {
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.from('<p>squeezed</p>')),
    },
    '/big': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      // Chunked, no Content-Length: the limit must be enforced while streaming.
      for (let index = 0; index < 40; index++) response.write('x'.repeat(64 * 1024));
      response.end();
    },
    '/big-declared': { headers: { 'content-length': String(10 * 1024 * 1024) }, body: '' },
    '/bomb': {
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(8 * 1024 * 1024, 32)),
    },
    '/trickle': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => response.write('<p>.</p>'), 50);
      response.on('close', () => clearInterval(timer));
    },
  });
});

afterAll(async () => {
  await site.close();
  await internal.close();
});

describe('guardedRequest', () => {
  it('refuses a loopback server unless private URLs are allowed', async () => {
    await expect(guardedRequest(`${site.origin}/`, options({}))).rejects.toMatchObject({
      code: 'ENGINE_FETCH_URL_REFUSED',
    });
    const response = await guardedRequest(`${site.origin}/`, options({ allowPrivateUrls: true }));
    expect(response.status).toBe(200);
    expect(new TextDecoder().decode(response.body)).toBe('<h1>Home</h1>');
  });

  it('re-checks every redirect hop: a public site redirecting to a private address is refused', async () => {
    const before = internal.requests.length;
    for (const path of ['/to-internal', '/to-metadata', '/to-decimal']) {
      await expect(
        guardedRequest(`${site.origin}${path}`, options({ addressRefusal: ONLY_127_0_0_1 })),
      ).rejects.toMatchObject({
        code: 'ENGINE_FETCH_URL_REFUSED',
      });
    }
    expect(internal.requests.length).toBe(before);
    // The same redirect is followed when the guard is lifted.
    const lifted = await guardedRequest(
      `${site.origin}/to-internal`,
      options({ allowPrivateUrls: true }),
    );
    expect(new TextDecoder().decode(lifted.body)).toBe('internal secret');
    expect(lifted.redirects).toEqual([`${internal.origin}/secret`]);
  });

  it('refuses a name that resolves to a private address', async () => {
    const resolve: HostResolver = async () => [{ address: '127.0.0.2', family: 4 }];
    const before = internal.requests.length;
    await expect(
      guardedRequest(
        `http://intranet.example:${internal.port}/secret`,
        options({ addressRefusal: ONLY_127_0_0_1, resolve }),
      ),
    ).rejects.toMatchObject({ code: 'ENGINE_FETCH_URL_REFUSED' });
    expect(internal.requests.length).toBe(before);
  });

  it('pins the checked address: a DNS answer that changes after the check (rebinding) is refused at connect', async () => {
    // The rebinding target listens on the private address with the same port as the site.
    const target = await startTestServer({ '/': { body: 'private side' } }, '127.0.0.2', site.port);
    let answers = 0;
    const resolve: HostResolver = async () => {
      answers += 1;
      return [{ address: answers === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    };
    await expect(
      guardedRequest(
        `http://rebind.example:${site.port}/`,
        options({ addressRefusal: ONLY_127_0_0_1, resolve }),
      ),
    ).rejects.toMatchObject({ code: 'ENGINE_FETCH_URL_REFUSED' });
    expect(answers).toBe(2);
    expect(target.requests).toEqual([]);
    await target.close();
  });

  it('connects to the checked address of a name', async () => {
    const resolve: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const response = await guardedRequest(
      `http://www.example-site.test:${site.port}/`,
      options({ addressRefusal: ONLY_127_0_0_1, resolve }),
    );
    expect(response.status).toBe(200);
  });

  it('stops a redirect loop and more than 5 redirects', async () => {
    const guard = { allowPrivateUrls: true };
    await expect(guardedRequest(`${site.origin}/loop-a`, options(guard))).rejects.toMatchObject({
      code: 'ENGINE_FETCH_REDIRECT_LOOP',
    });
    await expect(guardedRequest(`${site.origin}/hop/1`, options(guard))).rejects.toMatchObject({
      code: 'ENGINE_FETCH_TOO_MANY_REDIRECTS',
    });
    const five = await guardedRequest(`${site.origin}/hop/2`, options(guard));
    expect(five.url).toBe(`${site.origin}/`);
    expect(five.redirects).toHaveLength(5);
  });

  it('decodes gzip and enforces the byte limit on the decoded body', async () => {
    const guard = { allowPrivateUrls: true };
    const gzip = await guardedRequest(`${site.origin}/gzip`, options(guard));
    expect(new TextDecoder().decode(gzip.body)).toBe('<p>squeezed</p>');
    for (const path of ['/big', '/big-declared', '/bomb']) {
      await expect(
        guardedRequest(`${site.origin}${path}`, options(guard, { maxBytes: 1024 * 1024 })),
      ).rejects.toMatchObject({
        code: 'ENGINE_FETCH_TOO_LARGE',
        message: expect.stringContaining('more than 1 MB'),
      });
    }
  });

  it('gives up on a page that never ends', async () => {
    await expect(
      guardedRequest(
        `${site.origin}/trickle`,
        options({ allowPrivateUrls: true }, { timeoutMs: 400 }),
      ),
    ).rejects.toMatchObject({
      code: 'ENGINE_FETCH_TIMEOUT',
      message: expect.stringContaining('more than 0.4 s'),
    });
  });

  it('reports DNS failures, refused connections and cancellation with their own codes', async () => {
    const resolve: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(
      guardedRequest('http://no-such-host.example/', options({ resolve })),
    ).rejects.toMatchObject({
      code: 'ENGINE_FETCH_DNS_FAILED',
    });
    const closed = await startTestServer({});
    await closed.close();
    await expect(
      guardedRequest(`${closed.origin}/`, options({ allowPrivateUrls: true })),
    ).rejects.toMatchObject({
      code: 'ENGINE_FETCH_CONNECTION_FAILED',
    });
    const controller = new AbortController();
    const pending = guardedRequest(
      `${site.origin}/trickle`,
      options({ allowPrivateUrls: true }, { signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ code: 'ENGINE_FETCH_CANCELLED' });
  });
});
