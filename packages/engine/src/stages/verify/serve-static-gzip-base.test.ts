import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, startStaticServer, type StaticServer } from './serve-static';

/** A raw GET (no automatic decompression, unlike fetch): status, headers and body bytes. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('startStaticServer: gzip and a base path', () => {
  let root: string;
  let server: StaticServer;
  let based: StaticServer;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sitelift-serve-gzip-'));
    await mkdir(path.join(root, 'assets'));
    await mkdir(path.join(root, 'about'));
    await writeFile(path.join(root, 'index.html'), '<p>app shell</p>');
    await writeFile(path.join(root, 'about', 'index.html'), '<p>prerendered about</p>');
    await writeFile(path.join(root, 'assets', 'app.js'), SCRIPT);
    await writeFile(path.join(root, 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    server = await startStaticServer(root, { fallback: 'spa' });
    based = await startStaticServer(root, { fallback: 'spa', base: '/preview/abc/' });
  });

  afterAll(async () => {
    await server.close();
    await based.close();
    await rm(root, { recursive: true, force: true });
  });

  it('gzips text when the client accepts it', async () => {
    const response = await get(`${server.origin}/assets/app.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(gunzipSync(response.body).toString('utf8')).toBe(SCRIPT);
  });

  it('sends text uncompressed without Accept-Encoding or with gzip;q=0', async () => {
    const variants: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip;q=0, identity' }];
    for (const headers of variants) {
      const response = await get(`${server.origin}/assets/app.js`, headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString('utf8')).toBe(SCRIPT);
    }
  });

  it('does not compress images again', async () => {
    const response = await get(`${server.origin}/photo.png`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect([...response.body]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  });

  it('reads Accept-Encoding like a real host', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('serves the folder under its base path, with the fallback to <base>index.html', async () => {
    expect((await get(`${based.origin}/preview/abc/assets/app.js`)).body.toString()).toBe(SCRIPT);
    expect((await get(`${based.origin}/preview/abc/about`)).body.toString()).toBe(
      '<p>prerendered about</p>',
    );
    expect((await get(`${based.origin}/preview/abc/`)).body.toString()).toBe('<p>app shell</p>');
    expect((await get(`${based.origin}/preview/abc/deep/route`)).body.toString()).toBe(
      '<p>app shell</p>',
    );
    expect((await get(`${based.origin}/assets/app.js`)).status).toBe(404);
    expect((await get(`${based.origin}/about`)).status).toBe(404);
  });

  it('refuses a base path without its slashes', async () => {
    await expect(startStaticServer(root, { fallback: 'spa', base: 'preview' })).rejects.toThrow(
      'must start and end with "/"',
    );
  });
});
