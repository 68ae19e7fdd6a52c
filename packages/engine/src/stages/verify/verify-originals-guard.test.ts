/**
 * verify's screenshots of originals (pages without scripts, which fetch read without a browser) go
 * through the SSRF guard request by request: a page that redirects browsers to an internal address, a
 * name that resolves public and then private, pictures, frames and stylesheets on private addresses —
 * each is refused, and nothing reaches the "internal" canary server.
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMinimalProject } from '../../../test/fixtures/minimal-project.fixture';
import type { HostResolver } from '../../net/assert-public-url';
import { getAddressRefusal } from '../../net/ip-policy';
import type { LogEvent, VerifyExpectations } from '../../types';
import { startTestServer, type TestServer } from '../fetch/test-server.fixture';
import { findVerifyChromePath } from './open-browser';
import { verifyProject, type VerifyInternals, type VerifyOptions } from './verify-project';

const hasChromium = (await findVerifyChromePath()) !== undefined;

/** 127.0.0.1 plays the internet; 127.0.0.2 (the canary) is refused like any private address. */
const addressRefusal = (address: string): string | undefined =>
  address === '127.0.0.1' ? undefined : getAddressRefusal(address);

let site: TestServer;
let canary: TestServer;
/** The canary's UDP side (STUN) and the TCP connections it was offered (TURN over TCP is not HTTP). */
let canaryUdp: UdpSocket;
let canaryDatagrams = 0;
let canaryConnections = 0;
let rebindAnswers = 0;

/** `rebind.test` answers public once, then private; `intranet.test` is private. */
const resolve: HostResolver = async (hostname) => {
  if (hostname === 'rebind.test') {
    rebindAnswers += 1;
    return [{ address: rebindAnswers === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
  }
  if (hostname === 'intranet.test') return [{ address: '127.0.0.2', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/** Answers browsers (and only them) with a redirect to `location`; a plain read sees a harmless page. */
const redirectBrowsers =
  (location: () => string) =>
  (request: IncomingMessage, response: ServerResponse): void => {
    if (/Chrome/.test(request.headers['user-agent'] ?? '')) {
      response.writeHead(302, { location: location() }).end();
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>Nothing to see</p>');
    }
  };

/** A route that answers with `body()`, computed when asked (the canary's port is known by then). */
const serve =
  (type: string, body: () => string) =>
  (_request: IncomingMessage, response: ServerResponse): void => {
    response.writeHead(200, { 'content-type': type }).end(body());
  };

beforeAll(async () => {
  const canaryOrigin = (): string => `http://127.0.0.2:${site.port}`;
  site = await startTestServer({
    '/': { body: '<!doctype html><html><body><h1>Public home</h1></body></html>' },
    '/to-loopback': redirectBrowsers(() => `${canaryOrigin()}/admin`),
    '/to-private': redirectBrowsers(() => `http://10.0.0.1:${site.port}/admin`),
    '/to-metadata': redirectBrowsers(() => 'http://169.254.169.254/latest/meta-data/'),
    '/to-private-name': redirectBrowsers(() => `http://intranet.test:${site.port}/admin`),
    '/subresources': serve(
      'text/html',
      () => `<!doctype html><html><head><title>Parts</title>
        <link rel="stylesheet" href="/style.css"></head><body>
        <h1>A page with parts elsewhere</h1>
        <img src="${canaryOrigin()}/img.png" alt="">
        <img src="/img-redirect" alt="">
        <iframe src="${canaryOrigin()}/frame"></iframe>
        <iframe src="http://169.254.169.254/latest/meta-data/"></iframe>
        <div style="width:50px;height:50px;background-image:url(http://intranet.test:${site.port}/inline-bg.png)"></div>
        </body></html>`,
    ),
    '/style.css': serve(
      'text/css',
      () =>
        `@import url("${canaryOrigin()}/imported.css"); body { background-image: url(${canaryOrigin()}/css-bg.png); }`,
    ),
    '/webrtc': serve(
      'text/html',
      () => `<!doctype html><html><body><h1>Peer</h1><script>
        const peer = new RTCPeerConnection({ iceServers: [
          { urls: 'stun:127.0.0.2:${site.port}' },
          { urls: 'turn:127.0.0.2:${site.port}?transport=tcp', username: 'u', credential: 'c' },
        ] });
        peer.createDataChannel('x');
        peer.createOffer().then((offer) => peer.setLocalDescription(offer));
        </script></body></html>`,
    ),
    '/img-redirect': (_request, response) => {
      response.writeHead(302, { location: `${canaryOrigin()}/redirected.png` }).end();
    },
  });
  // The canary listens on the private address with the site's port: a rebound name lands on it.
  canary = await startTestServer(
    { '/admin': { body: '<h1>Internal admin</h1>' } },
    '127.0.0.2',
    site.port,
  );
  canary.server.on('connection', () => (canaryConnections += 1));
  canaryUdp = createSocket('udp4');
  canaryUdp.on('message', () => (canaryDatagrams += 1));
  await new Promise<void>((resolveBind) => canaryUdp.bind(site.port, '127.0.0.2', resolveBind));
});

beforeEach(() => {
  canary.requests.length = 0;
  canaryConnections = 0;
  canaryDatagrams = 0;
});

afterAll(async () => {
  await site?.close();
  await canary?.close();
  canaryUdp?.close();
});

function expectationsFor(paths: string[]): VerifyExpectations {
  return {
    pages: paths.map((path, index) => ({
      url: path.startsWith('http') ? path : `${site.origin}${path}`,
      route: index === 0 ? '/' : `/page-${index}`,
      title: `Page ${index}`,
      textBlocks: [],
    })),
    screenshots: true,
    lighthouse: false,
  };
}

async function runVerify(
  paths: string[],
  options: VerifyOptions,
  internals: VerifyInternals = {},
): Promise<{ screenshots: string[]; logs: LogEvent[] }> {
  const logs: LogEvent[] = [];
  const report = await verifyProject(
    buildMinimalProject(),
    expectationsFor(paths),
    { logger: { log: (event) => logs.push(event) }, clock: { now: () => Date.now() } },
    options,
    internals,
  );
  expect(report.build.ok).toBe(true);
  return {
    // Pages' screenshots of originals; the fidelity crops of their sections (`-section-N`) are
    // cut from those same screenshots.
    screenshots: Object.keys(report.screenshots).filter(
      (name) => name.startsWith('before/') && !name.includes('-section-'),
    ),
    logs,
  };
}

describe.skipIf(!hasChromium)('verifyProject screenshots of originals', () => {
  it('refuses an original that redirects the browser to loopback, private, metadata or a private name', async () => {
    const { screenshots, logs } = await runVerify(
      ['/subresources', '/to-loopback', '/to-private', '/to-metadata', '/to-private-name'],
      {},
      { addressRefusal, resolve },
    );
    expect(canary.requests).toEqual([]);
    // Only the page that stayed on the public site was shown.
    expect(screenshots.sort()).toEqual(['before/index-desktop.png', 'before/index-mobile.png']);
    const warnings = logs.filter((event) => event.level === 'WARNING').map((e) => e.message);
    for (const [path, target] of [
      ['/to-loopback', `${canary.origin}/admin`],
      ['/to-private', `http://10.0.0.1:${site.port}/admin`],
      ['/to-metadata', 'http://169.254.169.254/latest/meta-data/'],
      ['/to-private-name', `http://intranet.test:${site.port}/admin`],
    ] as const) {
      expect(warnings).toContainEqual(
        expect.stringContaining(
          `No screenshot of the original ${site.origin}${path}: refused by the SSRF guard (redirected to ${target}:`,
        ),
      );
    }
  });

  it('refuses a name that resolves public for the check and private for the connection (DNS rebinding)', async () => {
    rebindAnswers = 0;
    const { screenshots, logs } = await runVerify(
      [`http://rebind.test:${site.port}/`],
      {},
      { addressRefusal, resolve },
    );
    expect(canary.requests).toEqual([]);
    // Both answers were asked for: the check's (public) and the connection's (private, refused).
    expect(rebindAnswers).toBe(2);
    expect(screenshots).toEqual([]);
    expect(logs).toContainEqual({
      level: 'WARNING',
      message: expect.stringContaining(
        `No screenshot of the original http://rebind.test:${site.port}/: refused by the SSRF guard (rebind.test resolves to 127.0.0.2`,
      ),
    });
  });

  it('shows an original without its pictures, frames and stylesheet images on private addresses', async () => {
    const { screenshots, logs } = await runVerify(
      ['/subresources'],
      {},
      { addressRefusal, resolve },
    );
    expect(canary.requests).toEqual([]);
    expect(screenshots.sort()).toEqual(['before/index-desktop.png', 'before/index-mobile.png']);
    const blocked = logs
      .filter((event) => event.message.startsWith('Blocked a request of an original to '))
      .map((event) => event.message);
    const canaryOrigin = `http://127.0.0.2:${site.port}`;
    for (const url of [
      `${canaryOrigin}/img.png`,
      `${canaryOrigin}/frame`,
      `${canaryOrigin}/imported.css`,
      `${canaryOrigin}/css-bg.png`,
      'http://169.254.169.254/latest/meta-data/',
      `http://intranet.test:${site.port}/inline-bg.png`,
    ]) {
      expect(blocked).toContainEqual(expect.stringContaining(`original to ${url}: `));
    }
    expect(blocked).toContainEqual(
      expect.stringContaining(
        `original to ${site.origin}/img-redirect: redirected to ${canaryOrigin}/redirected.png: loopback address`,
      ),
    );
  });

  it('with loopbackOnly reaches loopback addresses only', async () => {
    const { screenshots, logs } = await runVerify(['/subresources', '/to-private'], {
      loopbackOnly: true,
      allowPrivateUrls: true,
    });
    expect(screenshots.sort()).toEqual(['before/index-desktop.png', 'before/index-mobile.png']);
    // The canary is a loopback address: reachable here. The metadata address and 10.0.0.1 are not,
    // and a name other than localhost does not resolve.
    expect(canary.requests).toContain('/img.png');
    const messages = logs.map((event) => event.message);
    expect(messages).toContainEqual(
      expect.stringContaining(
        'original to http://169.254.169.254/latest/meta-data/: not a loopback address',
      ),
    );
    expect(messages).toContainEqual(
      expect.stringContaining(
        `No screenshot of the original ${site.origin}/to-private: refused by the SSRF guard (redirected to http://10.0.0.1:${site.port}/admin: not a loopback address`,
      ),
    );
    expect(canary.requests).not.toContain('/inline-bg.png');
  });

  it('with allowPrivateUrls loads originals on private addresses (local development)', async () => {
    const { screenshots } = await runVerify(['/to-loopback'], { allowPrivateUrls: true });
    expect(canary.requests).toEqual(['/admin']);
    expect(screenshots.sort()).toEqual(['before/index-desktop.png', 'before/index-mobile.png']);
  });

  it('keeps the WebRTC of an original from sending STUN or TURN packets to a private address', async () => {
    const { screenshots } = await runVerify(['/webrtc'], {}, { addressRefusal, resolve });
    expect(screenshots).toHaveLength(2);
    expect({ canaryDatagrams, canaryConnections }).toEqual({
      canaryDatagrams: 0,
      canaryConnections: 0,
    });
  });
});
