/**
 * The guarded forward proxy that Lighthouse's Chromium goes through: CONNECT and plain-HTTP requests
 * are refused for private targets (IP literals, names, rebinding names), and a real Chromium sent
 * through it reaches the public test site but nothing on the "internal" canary.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findChromePath, launchChromium } from '../browser/chromium';
import { WEBRTC_PROXIED_ONLY_ARGS } from '../browser/guarded-routing';
import { startTestServer, type TestServer } from '../stages/fetch/test-server.fixture';
import type { GuardOptions, HostResolver } from './assert-public-url';
import { startGuardedProxy, type GuardedProxy } from './guarded-proxy';
import { getAddressRefusal } from './ip-policy';

const chromePath = await findChromePath();

let rebindAnswers = 0;
/** `public.test` is the site, `intranet.test` private, `rebind.test` public once and then private. */
const resolve: HostResolver = async (hostname) => {
  if (hostname === 'public.test') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'intranet.test') return [{ address: '127.0.0.2', family: 4 }];
  if (hostname === 'rebind.test') {
    rebindAnswers += 1;
    return [{ address: rebindAnswers === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
  }
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
/** 127.0.0.1 plays the internet; 127.0.0.2 (the canary) is refused like any private address. */
const GUARD: GuardOptions = {
  resolve,
  addressRefusal: (address) => (address === '127.0.0.1' ? undefined : getAddressRefusal(address)),
};

let site: TestServer;
let canary: TestServer;
let proxy: GuardedProxy;
const refused: string[] = [];

const serve =
  (type: string, body: () => string) =>
  (_request: IncomingMessage, response: ServerResponse): void => {
    response.writeHead(200, { 'content-type': type }).end(body());
  };

beforeAll(async () => {
  const canaryOrigin = (): string => `http://127.0.0.2:${site.port}`;
  site = await startTestServer({
    '/': { body: '<h1>Public</h1>' },
    '/echo-host': (request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(request.headers.host);
    },
    '/to-canary': (_request, response) => {
      response.writeHead(302, { location: `${canaryOrigin()}/redirected` }).end();
    },
    '/page': serve(
      'text/html',
      () => `<!doctype html><html><head><link rel="stylesheet" href="/style.css"></head><body>
        <h1 id="title">Audited</h1>
        <img src="${canaryOrigin()}/img.png" alt="">
        <img src="/to-canary" alt="">
        <img src="http://intranet.test:${site.port}/by-name.png" alt="">
        <iframe src="http://169.254.169.254/latest/meta-data/"></iframe>
        <script>fetch('${canaryOrigin()}/fetch').catch(() => undefined);</script>
        </body></html>`,
    ),
    '/style.css': serve('text/css', () => `body { background: url(${canaryOrigin()}/css.png); }`),
  });
  canary = await startTestServer({}, '127.0.0.2', site.port);
  proxy = await startGuardedProxy({
    ...GUARD,
    onRefused: (target, reason) => refused.push(`${target}: ${reason}`),
  });
});

beforeEach(() => {
  canary.requests.length = 0;
  refused.length = 0;
  rebindAnswers = 0;
});

afterAll(async () => {
  await proxy?.close();
  await site?.close();
  await canary?.close();
});

/** Sends `CONNECT authority` to the proxy and returns its status line. */
async function sendConnect(authority: string): Promise<string> {
  const port = Number(new URL(proxy.url).port);
  return new Promise((resolveLine, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    });
    socket.once('data', (chunk) => {
      resolveLine(chunk.toString('latin1').split('\r\n')[0] ?? '');
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

/** Sends a plain-HTTP proxy request (absolute URL) and returns status and body. */
async function sendThroughProxy(url: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolveResponse, reject) => {
    const outgoing = request({ host: hostname, port, path: url, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolveResponse({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

describe('startGuardedProxy', () => {
  it('tunnels to a public address and refuses private targets, by address or by name', async () => {
    expect(await sendConnect(`127.0.0.1:${site.port}`)).toBe('HTTP/1.1 200 Connection Established');
    expect(await sendConnect(`public.test:${site.port}`)).toBe(
      'HTTP/1.1 200 Connection Established',
    );
    for (const target of [
      `127.0.0.2:${site.port}`,
      `intranet.test:${site.port}`,
      '169.254.169.254:80',
      '10.0.0.1:443',
      '[::1]:443',
      `[::ffff:127.0.0.2]:${site.port}`,
    ]) {
      expect(await sendConnect(target)).toBe('HTTP/1.1 403 Forbidden');
    }
    expect(await sendConnect('no-such-host.test:443')).toBe('HTTP/1.1 502 Bad Gateway');
    expect(canary.requests).toEqual([]);
    expect(refused).toContainEqual(expect.stringMatching(/^169\.254\.169\.254:80: link-local/));
  });

  it('forwards plain HTTP with its Host header and leaves redirects to the browser', async () => {
    expect(await sendThroughProxy(`http://public.test:${site.port}/echo-host`)).toEqual({
      status: 200,
      body: `public.test:${site.port}`,
    });
    const redirect = await sendThroughProxy(`http://public.test:${site.port}/to-canary`);
    expect(redirect.status).toBe(302);
    expect((await sendThroughProxy(`http://127.0.0.2:${site.port}/redirected`)).status).toBe(403);
    expect((await sendThroughProxy(`http://intranet.test:${site.port}/`)).status).toBe(403);
    expect(canary.requests).toEqual([]);
  });

  it('resolves a name once and connects to the address it checked (DNS rebinding)', async () => {
    // First answer public: the connection goes to that very address, not to a second lookup's.
    expect(await sendThroughProxy(`http://rebind.test:${site.port}/echo-host`)).toEqual({
      status: 200,
      body: `rebind.test:${site.port}`,
    });
    expect(rebindAnswers).toBe(1);
    // The next connection asks again and is refused: the name now points inside.
    expect((await sendThroughProxy(`http://rebind.test:${site.port}/`)).status).toBe(403);
    expect(canary.requests).toEqual([]);
  });

  it.skipIf(!chromePath)(
    'keeps a Chromium sent through it off private addresses: redirects, pictures, frames, CSS, fetch',
    async () => {
      const browser = await launchChromium({
        executablePath: chromePath,
        args: [...proxy.chromiumArgs, ...WEBRTC_PROXIED_ONLY_ARGS],
      });
      try {
        const page = await browser.newPage();
        await page.goto(`http://public.test:${site.port}/page`, { waitUntil: 'load' });
        await page.waitForTimeout(300);
        expect(await page.textContent('#title')).toBe('Audited');
        // A page redirecting to the canary gets the proxy's refusal instead.
        const redirected = await page.goto(`http://public.test:${site.port}/to-canary`).then(
          (response) => response?.status(),
          (error: Error) => error.message,
        );
        expect(String(redirected)).toMatch(/^403$|ERR_HTTP_RESPONSE_CODE_FAILURE/);
      } finally {
        await browser.close();
      }
      expect(canary.requests).toEqual([]);
      // The page did ask for each of them: the proxy refused them.
      for (const target of [
        `127.0.0.2:${site.port}: loopback address`,
        `intranet.test:${site.port}: intranet.test resolves to 127.0.0.2`,
        '169.254.169.254:80: link-local',
      ]) {
        expect(refused).toContainEqual(expect.stringContaining(target));
      }
    },
  );
});
