/**
 * The fetch stage's Chromium (with screenshots, so pictures, fonts and stylesheets load) answers every
 * request through the SSRF guard: a picture that redirects inside, a stylesheet's url() and @import, a
 * frame and a picture on private addresses or on names that resolve to them — each refused, nothing
 * reaches the "internal" canary.
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import type { HostResolver } from '../../net/assert-public-url';
import { getAddressRefusal } from '../../net/ip-policy';
import { fetchSite } from './fetch-site';
import { buildRecordingLogger, startTestServer, type TestServer } from './test-server.fixture';

const chromePath = await findChromePath();

let rebindAnswers = 0;
/** `intranet.test` is private; `rebind.test` answers public once, then private. */
const resolve: HostResolver = async (hostname) => {
  if (hostname === 'intranet.test') return [{ address: '127.0.0.2', family: 4 }];
  if (hostname === 'rebind.test') {
    rebindAnswers += 1;
    return [{ address: rebindAnswers === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
  }
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
/** 127.0.0.1 plays the internet; 127.0.0.2 (the canary) is refused like any private address. */
const addressRefusal = (address: string): string | undefined =>
  address === '127.0.0.1' ? undefined : getAddressRefusal(address);

let site: TestServer;
let canary: TestServer;
/** The canary's UDP side (STUN) and its TCP connections (TURN over TCP is not HTTP). */
let canaryUdp: UdpSocket;
let canaryDatagrams = 0;
let canaryConnections = 0;

const serve =
  (type: string, body: () => string) =>
  (_request: IncomingMessage, response: ServerResponse): void => {
    response.writeHead(200, { 'content-type': type }).end(body());
  };

beforeAll(async () => {
  const canaryOrigin = (): string => `http://127.0.0.2:${site.port}`;
  site = await startTestServer({
    '/': serve(
      'text/html',
      () => `<!doctype html><html><head><title>Parts</title>
        <link rel="stylesheet" href="/style.css"></head><body>
        <h1>Parts elsewhere</h1><main></main>
        <img src="/to-canary" alt="">
        <img src="http://intranet.test:${site.port}/by-name.png" alt="">
        <iframe src="${canaryOrigin()}/frame"></iframe>
        <script>
          // The name answers public for the page's check, then private when a connection is made.
          fetch('http://rebind.test:${site.port}/rebound').then(
            () => { document.querySelector('main').textContent = 'rebound reached'; },
            () => { document.querySelector('main').textContent = 'rebound refused'; },
          );
          const peer = new RTCPeerConnection({ iceServers: [
            { urls: 'stun:127.0.0.2:${site.port}' },
            { urls: 'turn:127.0.0.2:${site.port}?transport=tcp', username: 'u', credential: 'c' },
          ] });
          peer.createDataChannel('x');
          peer.createOffer().then((offer) => peer.setLocalDescription(offer));
        </script>
        </body></html>`,
    ),
    '/style.css': serve(
      'text/css',
      () =>
        `@import url("${canaryOrigin()}/imported.css"); body { background: url(${canaryOrigin()}/css-bg.png); }`,
    ),
    '/to-canary': (_request, response) => {
      response.writeHead(302, { location: `${canaryOrigin()}/redirected.png` }).end();
    },
  });
  // The canary listens on the private address with the site's port: a rebound name lands on it.
  canary = await startTestServer({}, '127.0.0.2', site.port);
  canary.server.on('connection', () => (canaryConnections += 1));
  canaryUdp = createSocket('udp4');
  canaryUdp.on('message', () => (canaryDatagrams += 1));
  await new Promise<void>((resolveBind) => canaryUdp.bind(site.port, '127.0.0.2', resolveBind));
});

afterAll(async () => {
  await site?.close();
  await canary?.close();
  canaryUdp?.close();
});

describe.skipIf(!chromePath)('fetchSite rendering with screenshots', () => {
  it('refuses pictures, frames, stylesheet url() and @import, redirects, rebound names and WebRTC on private addresses', async () => {
    const logger = buildRecordingLogger();
    const raw = await fetchSite(
      `${site.origin}/`,
      { browser: 'always', maxPages: 1, screenshots: true },
      { logger, clock: { now: () => Date.now() } },
      { resolve, addressRefusal },
    );
    expect(raw.pages[0]).toMatchObject({ renderedWith: 'browser' });
    expect(raw.pages[0]?.screenshots).toBeDefined();
    expect(raw.pages[0]?.html).toContain('rebound refused');
    expect(canary.requests).toEqual([]);
    expect({ canaryDatagrams, canaryConnections }).toEqual({
      canaryDatagrams: 0,
      canaryConnections: 0,
    });
    const blocked = logger.lines
      .map((line) => line.message)
      .filter((message) => message.startsWith('Blocked a request of the page to '));
    const canaryOrigin = `http://127.0.0.2:${site.port}`;
    for (const expected of [
      `${site.origin}/to-canary: redirected to ${canaryOrigin}/redirected.png: loopback address`,
      `http://intranet.test:${site.port}/by-name.png: intranet.test resolves to 127.0.0.2`,
      `${canaryOrigin}/frame: loopback address`,
      `${canaryOrigin}/imported.css: loopback address`,
      `${canaryOrigin}/css-bg.png: loopback address`,
      `http://rebind.test:${site.port}/rebound: rebind.test resolves to 127.0.0.2`,
    ]) {
      expect(blocked).toContainEqual(
        expect.stringContaining(`Blocked a request of the page to ${expected}`),
      );
    }
  });
});
