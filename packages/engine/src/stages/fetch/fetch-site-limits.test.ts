import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver } from '../../net/assert-public-url';
import { getAddressRefusal } from '../../net/ip-policy';
import type { EnginePorts } from '../../ports';
import { fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const STATIC = { allowPrivateUrls: true, browser: 'never' as const };
const ports = (
  signal?: AbortSignal,
): EnginePorts & { logger: ReturnType<typeof buildRecordingLogger> } => ({
  logger: buildRecordingLogger(),
  clock: { now: () => Date.now() },
  signal,
});
const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

let site: TestServer;

beforeAll(async () => {
  site = await startTestServer({
    '/robots.txt': {
      headers: { 'content-type': 'text/plain' },
      body: 'User-agent: *\nDisallow: /closed/\n',
    },
    '/closed/': { body: '<p>closed</p>' },
    '/404': { status: 404, body: '<h1>Not found</h1>' },
    '/500': { status: 500, body: '<h1>Oops</h1>' },
    '/loop': { status: 302, headers: { location: '/loop2' } },
    '/loop2': { status: 302, headers: { location: '/loop' } },
    '/pdf': { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' },
    '/json': { headers: { 'content-type': 'application/json' }, body: '{}' },
    '/empty': { body: '' },
    '/blank': { body: '  \r\n\t ' },
    '/huge': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = `<p>${'lorem ipsum '.repeat(5000)}</p>`;
      for (let size = 0; size < 5.5 * 1024 * 1024; size += chunk.length) response.write(chunk);
      response.end();
    },
    '/almost-huge': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<p>${'a'.repeat(4.9 * 1024 * 1024)}</p>`);
    },
    '/never-ending': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><body>');
      const timer = setInterval(() => response.write('<p>still here</p>'), 20);
      response.on('close', () => clearInterval(timer));
    },
    '/dutch': {
      headers: { 'content-type': 'text/html' },
      body: latin1(
        '<html><body><center><font face="Arial">Welkom! \xe9\xe9n idee\xebn, caf\xe9</font></center></body></html>',
      ),
    },
    '/lying-utf8': {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: Buffer.concat([Buffer.from('<p>één '), latin1('caf\xe9</p>')]),
    },
    '/untyped': { headers: { 'content-type': '' }, body: '<!DOCTYPE html><p>no type</p>' },
    '/broken-markup': {
      body: `<html><body><table><tr><td><p><b><i>unclosed ${'<div>'.repeat(10_000)}deep<a href="/404">x`,
    },
    '/moved': { status: 301, headers: { location: '/dutch' } },
  });
});

afterAll(async () => {
  await site.close();
});

const expectError = async (
  path: string,
  code: string,
  options = {},
  message?: RegExp,
): Promise<void> => {
  const promise = fetchSite(`${site.origin}${path}`, { ...STATIC, ...options }, ports());
  await expect(promise).rejects.toMatchObject({
    name: 'AppError',
    code,
    ...(message ? { message: expect.stringMatching(message) } : {}),
  });
};

describe('fetchSite: a start page that cannot be read is an error', () => {
  it('refuses private addresses and other schemes unless allowed', async () => {
    const before = site.requests.length;
    await expectError('/dutch', 'ENGINE_FETCH_URL_REFUSED', { allowPrivateUrls: false });
    await expect(fetchSite('ftp://example.com/', {}, ports())).rejects.toMatchObject({
      code: 'ENGINE_FETCH_SCHEME_UNSUPPORTED',
    });
    await expect(fetchSite('file:///etc/passwd', STATIC, ports())).rejects.toMatchObject({
      code: 'ENGINE_FETCH_SCHEME_UNSUPPORTED',
    });
    expect(site.requests.length).toBe(before);
  });

  it('reports a DNS failure', async () => {
    const resolve: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(
      fetchSite('http://no-such-site.example/', { browser: 'never' }, ports(), { resolve }),
    ).rejects.toMatchObject({
      code: 'ENGINE_FETCH_DNS_FAILED',
    });
  });

  it('reports 404 and 500 with the status in the message', async () => {
    await expectError('/404', 'ENGINE_FETCH_HTTP_STATUS', {}, /404 \(Not Found\)/);
    await expectError('/500', 'ENGINE_FETCH_HTTP_STATUS', {}, /500 \(Internal Server Error\)/);
  });

  it('reports redirect loops, non-HTML, empty bodies and disallowed start pages', async () => {
    await expectError('/loop', 'ENGINE_FETCH_REDIRECT_LOOP');
    await expectError('/pdf', 'ENGINE_FETCH_NOT_HTML', {}, /application\/pdf/);
    await expectError('/json', 'ENGINE_FETCH_NOT_HTML');
    await expectError('/empty', 'ENGINE_FETCH_EMPTY_BODY');
    await expectError('/blank', 'ENGINE_FETCH_EMPTY_BODY');
    await expectError('/closed/', 'ENGINE_FETCH_ROBOTS_DISALLOWED');
    expect(site.requests).not.toContain('/closed/');
    // With robots.txt ignored (tests only), the page is read.
    const raw = await fetchSite(
      `${site.origin}/closed/`,
      { ...STATIC, respectRobots: false },
      ports(),
    );
    expect(raw.pages).toHaveLength(1);
  });

  it('refuses a page over 5 MB and accepts one just under', async () => {
    await expectError('/huge', 'ENGINE_FETCH_TOO_LARGE', {}, /more than 5 MB/);
    const raw = await fetchSite(`${site.origin}/almost-huge`, STATIC, ports());
    expect(raw.pages[0]?.html.length).toBeGreaterThan(4.9 * 1024 * 1024);
  });

  it('gives up on a never-ending page after the page timeout', async () => {
    await expectError(
      '/never-ending',
      'ENGINE_FETCH_TIMEOUT',
      { pageTimeoutMs: 300 },
      /more than 0\.3 s/,
    );
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const pending = fetchSite(`${site.origin}/never-ending`, STATIC, ports(controller.signal));
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ code: 'ENGINE_FETCH_CANCELLED' });
  });
});

describe('fetchSite: pages that can be read', () => {
  it('reads a windows-1252 page without a declared charset, after a redirect', async () => {
    const raw = await fetchSite(`${site.origin}/moved`, STATIC, ports());
    expect(raw.finalUrl).toBe(`${site.origin}/dutch`);
    expect(raw.pages[0]).toMatchObject({
      requestedUrl: `${site.origin}/moved`,
      url: `${site.origin}/dutch`,
      charset: 'windows-1252',
      contentType: 'text/html',
      renderedWith: 'static',
    });
    expect(raw.pages[0]?.html).toContain('Welkom! één ideeën, café');
  });

  it('keeps a page with invalid bytes for its charset, with a warning', async () => {
    const raw = await fetchSite(`${site.origin}/lying-utf8`, STATIC, ports());
    expect(raw.pages[0]?.html).toContain('<p>één caf\uFFFD</p>');
    expect(raw.diagnostics).toContainEqual(
      expect.objectContaining({ level: 'warning', code: 'ENGINE_FETCH_INVALID_ENCODING' }),
    );
  });

  it('reads untyped HTML and broken, 10,000-deep markup', async () => {
    const untyped = await fetchSite(`${site.origin}/untyped`, STATIC, ports());
    expect(untyped.pages[0]?.html).toContain('no type');
    const broken = await fetchSite(`${site.origin}/broken-markup`, STATIC, ports());
    expect(broken.pages[0]?.html).toContain('deep');
  });
});

describe('fetchSite: the SSRF guard on every request', () => {
  it('refuses a start page that redirects to a private address, and private assets and subpages', async () => {
    const internal = await startTestServer(
      { '/secret.png': { headers: { 'content-type': 'image/png' }, body: 'x' } },
      '127.0.0.2',
    );
    const publicSite = await startTestServer({
      '/': { status: 302, headers: { location: `${internal.origin}/` } },
      '/home': {
        body: `<img src="${internal.origin}/secret.png"><link rel="stylesheet" href="http://10.0.0.1/x.css">
          <img src="http://[::ffff:127.0.0.2]:${internal.port}/secret.png"><a href="/jump">jump</a>`,
      },
      '/jump': { status: 301, headers: { location: `http://2130706434:${internal.port}/` } },
    });
    const addressRefusal = (address: string): string | undefined =>
      address === '127.0.0.1' ? undefined : getAddressRefusal(address);
    await expect(
      fetchSite(`${publicSite.origin}/`, { browser: 'never' }, ports(), { addressRefusal }),
    ).rejects.toMatchObject({
      code: 'ENGINE_FETCH_URL_REFUSED',
    });
    const raw = await fetchSite(`${publicSite.origin}/home`, { browser: 'never' }, ports(), {
      addressRefusal,
    });
    expect(raw.pages.map((page) => page.url)).toEqual([`${publicSite.origin}/home`]);
    expect(raw.assets).toEqual([]);
    const refused = raw.diagnostics.filter((diagnostic) => /not allowed/.test(diagnostic.message));
    expect(refused.map((diagnostic) => diagnostic.code).sort()).toEqual([
      'ENGINE_FETCH_ASSET_SKIPPED',
      'ENGINE_FETCH_ASSET_SKIPPED',
      'ENGINE_FETCH_PAGE_SKIPPED',
      'ENGINE_FETCH_STYLESHEET_SKIPPED',
    ]);
    expect(internal.requests).toEqual([]);
    await publicSite.close();
    await internal.close();
  });
});

describe('fetchSite: origins', () => {
  it('treats the redirect target of the start URL (www.) as the same site, with the guard on', async () => {
    const www = await startTestServer({
      '/': (request, response) => {
        if (request.headers.host?.startsWith('www.')) {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end(
            `<a href="http://example.test:${www.port}/about.html">about (bare host)</a><a href="/contact.html">contact</a>`,
          );
        } else {
          response.writeHead(301, { location: `http://www.example.test:${www.port}/` }).end();
        }
      },
      '/about.html': { body: '<p>about</p>' },
      '/contact.html': { body: '<p>contact</p>' },
    });
    const resolve: HostResolver = async (hostname) => {
      if (hostname === 'example.test' || hostname === 'www.example.test')
        return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    // 127.0.0.1 plays a public address; the product's policy applies to everything else.
    const addressRefusal = (address: string): string | undefined =>
      address === '127.0.0.1' ? undefined : getAddressRefusal(address);
    const raw = await fetchSite(`http://example.test:${www.port}/`, { browser: 'never' }, ports(), {
      resolve,
      addressRefusal,
    });
    expect(raw.finalUrl).toBe(`http://www.example.test:${www.port}/`);
    expect(raw.pages.map((page) => page.url)).toEqual([
      `http://www.example.test:${www.port}/`,
      `http://example.test:${www.port}/about.html`,
      `http://www.example.test:${www.port}/contact.html`,
    ]);
    await www.close();
  });
});
