import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const ports = (): EnginePorts & { logger: ReturnType<typeof buildRecordingLogger> } => ({
  logger: buildRecordingLogger(),
  clock: { now: () => Date.now() },
});

function png(width: number, height: number, padding = 0): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, deflateSync(Buffer.alloc(1)), Buffer.alloc(padding)]);
}

function gif(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(32);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

const image = (body: Buffer, type = 'image/png') => ({ headers: { 'content-type': type }, body });
const SMALL_DATA_URI = `data:image/png;base64,${png(2, 3).toString('base64')}`;
const HUGE_DATA_URI = `data:image/png;base64,${png(4000, 4000, 3 * 1024 * 1024).toString('base64')}`;

let site: TestServer;

beforeAll(async () => {
  site = await startTestServer({
    '/': {
      body: `<html><head><link rel="stylesheet" href="/css/site.css"><link rel="icon" href="/icon.png">
        <style>h1 { color: #c00 } .hero { background: url(/hero.gif) }</style></head>
        <body background="/bg.gif"><table><tr><td background="/cell.gif">
        <img src="/logo.png" alt="Logo"><img src="/logo.png" alt="again"><img src="/missing.png">
        <img src="/not-an-image"><img src="${SMALL_DATA_URI}"><img src="${HUGE_DATA_URI}">
        <img src="/octet" alt="untyped"><div style="background-image:url('/styled.png')">x</div>
        <img src="/hotlink-protected.gif"><a href="/two.html">two</a></td></tr></table></body></html>`,
    },
    '/two.html': {
      body: '<img src="/logo.png"><img src="/photo.png"><link rel="stylesheet" href="/css/site.css">',
    },
    '/css/site.css': {
      headers: { 'content-type': 'text/css' },
      body: '@import url("base.css");\nbody { font-family: Verdana; background: url(../paper.gif) }\n@font-face { font-family: Old; src: url(/old.woff2) }',
    },
    '/css/base.css': {
      headers: { 'content-type': 'text/css' },
      body: '@import "deeper.css"; a { color: #036 }',
    },
    '/css/deeper.css': { headers: { 'content-type': 'text/css' }, body: 'p { color: red }' },
    '/icon.png': image(png(32, 32)),
    '/favicon.ico': image(
      Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]),
      'image/x-icon',
    ),
    '/hero.gif': image(gif(800, 200), 'image/gif'),
    '/bg.gif': image(gif(64, 64), 'image/gif'),
    '/cell.gif': image(gif(1, 1), 'image/gif'),
    '/paper.gif': image(gif(100, 100), 'image/gif'),
    '/logo.png': image(png(120, 60)),
    '/photo.png': image(png(1600, 1200, 200_000)),
    '/styled.png': image(png(10, 10)),
    '/not-an-image': { body: '<h1>soft 404</h1>' },
    '/octet': image(png(7, 7), 'application/octet-stream'),
    '/hotlink-protected.gif': (request, response) => {
      const isOwnPage = request.headers.referer?.startsWith(`http://${request.headers.host}/`);
      response
        .writeHead(isOwnPage ? 200 : 403, { 'content-type': 'image/gif' })
        .end(isOwnPage ? gif(5, 5) : '');
    },
    '/old.woff2': { headers: { 'content-type': 'font/woff2' }, body: 'wOF2fake-font-bytes' },
  });
});

afterAll(async () => {
  await site.close();
});

describe('fetchSite assets', () => {
  it('downloads stylesheets (with one level of @import), images, icons and fonts with their sizes', async () => {
    const raw = await fetchSite(`${site.origin}/`, STATIC, ports());
    expect(raw.stylesheets.map((sheet) => sheet.url)).toEqual([
      `${site.origin}/css/base.css`,
      `${site.origin}/css/site.css`,
      `inline:${site.origin}/#0`,
    ]);
    expect(raw.stylesheets[1]?.css).toContain('font-family: Verdana');
    expect(site.requests).not.toContain('/css/deeper.css');

    const assets = Object.fromEntries(
      raw.assets.map((asset) => [asset.url.replace(site.origin, ''), asset]),
    );
    expect(assets['/icon.png']).toMatchObject({ contentType: 'image/png', width: 32, height: 32 });
    expect(assets['/bg.gif']).toMatchObject({ contentType: 'image/gif', width: 64, height: 64 });
    expect(assets['/cell.gif']).toMatchObject({ width: 1, height: 1 });
    expect(assets['/logo.png']).toMatchObject({ width: 120, height: 60 });
    expect(assets['/photo.png']).toMatchObject({ width: 1600, height: 1200 });
    expect(assets['/styled.png']).toMatchObject({ width: 10, height: 10 });
    expect(assets['/hero.gif']).toMatchObject({ width: 800, height: 200 });
    expect(assets['/paper.gif']).toMatchObject({ width: 100, height: 100 });
    expect(assets['/octet']).toMatchObject({ contentType: 'image/png', width: 7, height: 7 });
    expect(assets['/old.woff2']).toMatchObject({ contentType: 'font/woff2' });
    expect(assets['/hotlink-protected.gif']).toMatchObject({ width: 5, height: 5 });
    expect(assets['/favicon.ico']).toMatchObject({
      contentType: 'image/x-icon',
      width: 16,
      height: 16,
    });
    expect(assets[SMALL_DATA_URI]).toMatchObject({ contentType: 'image/png', width: 2, height: 3 });
    expect(site.requests.filter((path) => path === '/logo.png')).toHaveLength(1);
    expect(raw.assets.some((asset) => asset.url === HUGE_DATA_URI)).toBe(false);
    expect(
      raw.assets.every((asset) => asset.body instanceof Uint8Array && asset.body.byteLength > 0),
    ).toBe(true);

    const warnings = raw.diagnostics.filter((diagnostic) => diagnostic.level === 'warning');
    expect(warnings).toContainEqual(
      expect.objectContaining({
        code: 'ENGINE_FETCH_ASSET_SKIPPED',
        url: `${site.origin}/missing.png`,
        message: expect.stringContaining('HTTP 404'),
      }),
    );
    expect(warnings).toContainEqual(
      expect.objectContaining({
        code: 'ENGINE_FETCH_ASSET_SKIPPED',
        url: `${site.origin}/not-an-image`,
        message: expect.stringContaining('text/html'),
      }),
    );
    expect(warnings).toContainEqual(
      expect.objectContaining({
        code: 'ENGINE_FETCH_INLINE_IMAGE_TOO_LARGE',
        message: expect.stringMatching(/inline \(data:\) image of about 3 MB/),
      }),
    );
  });

  it('stops downloading past the per-site budget, with one warning', async () => {
    const logger = buildRecordingLogger();
    const raw = await fetchSite(
      `${site.origin}/`,
      { ...STATIC, maxAssetBytesTotal: 150_000 },
      { logger, clock: { now: () => Date.now() } },
    );
    expect(raw.assets.some((asset) => asset.url.endsWith('/photo.png'))).toBe(false);
    expect(raw.assets.some((asset) => asset.url.endsWith('/logo.png'))).toBe(true);
    expect(
      raw.diagnostics.filter(
        (diagnostic) => diagnostic.code === 'ENGINE_FETCH_ASSET_BUDGET_EXCEEDED',
      ),
    ).toHaveLength(1);
    expect(logger.lines).toContainEqual({
      level: 'WARNING',
      message: expect.stringContaining('Stopped downloading assets'),
    });
  });

  it('skips an asset over the per-asset limit', async () => {
    const raw = await fetchSite(`${site.origin}/`, { ...STATIC, maxAssetBytes: 100_000 }, ports());
    expect(raw.assets.some((asset) => asset.url.endsWith('/photo.png'))).toBe(false);
    expect(raw.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'ENGINE_FETCH_ASSET_SKIPPED',
        url: `${site.origin}/photo.png`,
        message: expect.stringContaining('too large'),
      }),
    );
  });
});
