import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

// A loopback-only run (tests, the bench) reaches 127.0.0.0/8 and localhost only. 0.0.0.0 is this
// machine too, but not a loopback address: a page's picture written with it stands in for an internet
// IP literal, which such a run must never fetch (and which no test may reach).
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('fetchSite in a loopback-only run', () => {
  let canary: TestServer;
  let site: TestServer;
  beforeAll(async () => {
    canary = await startTestServer({
      '/pixel.png': { headers: { 'content-type': 'image/png' }, body: PNG_1X1 },
    });
    site = await startTestServer({
      '/': {
        body: `<!doctype html><html><head><title>Shop</title></head><body><h1>Shop</h1>
<p>Fresh bread.</p><img src="http://0.0.0.0:${canary.port}/pixel.png" alt="Bread">
<img src="http://127.0.0.1:${canary.port}/pixel.png" alt="Loaf"></body></html>`,
      },
    });
  });
  afterAll(async () => {
    await site?.close();
    await canary?.close();
  });

  it('refuses an IP literal that is not loopback, even with private addresses allowed', async () => {
    const raw = await fetchSite(
      `${site.origin}/`,
      { allowPrivateUrls: true, loopbackOnly: true, browser: 'never', respectRobots: false },
      { logger: buildRecordingLogger(), clock: { now: () => Date.now() } },
    );
    expect(raw.assets.map((asset) => asset.url)).toEqual([
      `http://127.0.0.1:${canary.port}/pixel.png`,
    ]);
    // The loopback copy was fetched once; the 0.0.0.0 one never reached the canary.
    expect(canary.requests).toEqual(['/pixel.png']);
  });
});
