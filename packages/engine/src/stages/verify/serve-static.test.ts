import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from './serve-static';

describe('startStaticServer', () => {
  let root: string;
  let server: StaticServer;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sitelift-serve-test-'));
    await mkdir(path.join(root, 'about'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'index.html'), '<p>app shell</p>');
    await writeFile(path.join(root, 'about', 'index.html'), '<p>prerendered about</p>');
    await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    server = await startStaticServer(root, { fallback: 'spa', immutable: /^\/assets\// });
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('listens on loopback on a random port', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves files with their content type', async () => {
    const response = await fetch(`${server.origin}/assets/app.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('serves the hashed files of assets/ immutable, everything else revalidated', async () => {
    const asset = await fetch(`${server.origin}/assets/app.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/about', '/contact/us']) {
      const page = await fetch(`${server.origin}${path}`);
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('serves a prerendered route from its folder', async () => {
    expect(await (await fetch(`${server.origin}/about`)).text()).toBe('<p>prerendered about</p>');
    expect(await (await fetch(`${server.origin}/about/`)).text()).toBe('<p>prerendered about</p>');
  });

  it('falls back to index.html for other routes (history routing)', async () => {
    const response = await fetch(`${server.origin}/contact/us`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>app shell</p>');
  });

  it('answers 404 for a missing file with an extension, so broken assets show', async () => {
    expect((await fetch(`${server.origin}/images/missing.png`)).status).toBe(404);
  });

  it('never serves files outside its folder', async () => {
    const response = await fetch(`${server.origin}/..%2f..%2fetc%2fpasswd`);
    expect([403, 404]).toContain(response.status);
  });
});
