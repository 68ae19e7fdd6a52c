/**
 * Lighthouse drives its own Chromium, without a request hook: every connection it makes goes through
 * the guarded forward proxy, so the audited original reaches nothing on a private address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver } from '../../net/assert-public-url';
import { getAddressRefusal } from '../../net/ip-policy';
import { startTestServer, type TestServer } from '../fetch/test-server.fixture';
import { findVerifyChromePath } from './open-browser';
import { runLighthouse } from './run-lighthouse';

const hasChromium = (await findVerifyChromePath()) !== undefined;

/** `public.test` is the site (127.0.0.1, "public"); `intranet.test` is the canary's address. */
const resolve: HostResolver = async (hostname) => {
  if (hostname === 'public.test') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'intranet.test') return [{ address: '127.0.0.2', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
const addressRefusal = (address: string): string | undefined =>
  address === '127.0.0.1' ? undefined : getAddressRefusal(address);

let site: TestServer;
let canary: TestServer;

beforeAll(async () => {
  site = await startTestServer({
    '/': (_request, response) => {
      const canaryOrigin = `http://127.0.0.2:${site.port}`;
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>
        <html lang="en"><head><title>Original</title>
        <meta name="viewport" content="width=device-width">
        <link rel="stylesheet" href="${canaryOrigin}/style.css"></head><body>
        <h1>An original with parts inside the network</h1>
        <img src="${canaryOrigin}/img.png" alt="internal">
        <img src="http://intranet.test:${site.port}/by-name.png" alt="by name">
        <img src="/to-canary" alt="redirected">
        <iframe src="http://169.254.169.254/latest/meta-data/" title="metadata"></iframe>
        </body></html>`);
    },
    '/to-canary': (_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.2:${site.port}/redirected.png` }).end();
    },
  });
  canary = await startTestServer({}, '127.0.0.2', site.port);
});

afterAll(async () => {
  await site?.close();
  await canary?.close();
});

describe.skipIf(!hasChromium)('runLighthouse', () => {
  it('audits an original through the SSRF guard: nothing reaches a private address', async () => {
    const refused: string[] = [];
    const scores = await runLighthouse(`http://public.test:${site.port}/`, {
      guard: { resolve, addressRefusal },
      onRefused: (target, reason) => refused.push(`${target}: ${reason}`),
    });
    expect(scores.accessibility).toBeGreaterThan(0);
    expect(canary.requests).toEqual([]);
    for (const target of [
      `127.0.0.2:${site.port}: loopback address`,
      `intranet.test:${site.port}: intranet.test resolves to 127.0.0.2`,
      '169.254.169.254:80: link-local',
    ]) {
      expect(refused).toContainEqual(expect.stringContaining(target));
    }
  }, 120_000);
});
