import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from '../src/http/spa';
import { createTestApp } from './helpers/test-app';
import type { TestApp } from './helpers/test-app';

// Issue 13 item 6: the web build prerenders `/`, `/terms` and `/privacy` into dist/prerendered/; the
// server answers those paths with them, every other page with the SPA shell, and looks the build up
// on each request (a build made while the server runs is served without a restart).
describe('prerendered public pages', () => {
  let testApp: TestApp;
  let rootDir: string;
  let distDir: string;

  const page = (name: string) =>
    `<!doctype html><title>${name}</title><div id="root"><h1>${name} page</h1></div>`;
  const inject = (url: string, headers: Record<string, string> = { accept: 'text/html' }) =>
    testApp.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'sitelift-prerender-'));
    // Not built yet when the server starts.
    distDir = path.join(rootDir, 'dist');
    testApp = await createTestApp('pglite', { webDistDir: distDir });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(rootDir, { recursive: true, force: true });
  });

  it('asks for a build until there is one, then serves it without a restart', async () => {
    const before = await inject('/');
    expect(before.statusCode).toBe(503);
    expect(before.body).toContain('npm run build');

    await mkdir(path.join(distDir, 'assets'), { recursive: true });
    await mkdir(path.join(distDir, 'prerendered'));
    await writeFile(path.join(distDir, 'index.html'), page('Shell'));
    await writeFile(path.join(distDir, 'assets', 'public-1.js'), 'console.log("public")');
    for (const name of ['index', 'terms', 'privacy']) {
      await writeFile(path.join(distDir, 'prerendered', `${name}.html`), page(name));
    }

    const home = await inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<h1>index page</h1>');
    const asset = await inject('/assets/public-1.js', { accept: '*/*' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers /, /terms and /privacy with their prerendered page and other pages with the shell', async () => {
    const expected: Record<string, string> = {
      '/': 'index page',
      '/?ref=ad': 'index page',
      '/terms': 'terms page',
      '/terms/': 'terms page',
      '/privacy?x=1': 'privacy page',
      '/dashboard': 'Shell page',
      '/login': 'Shell page',
      '/project/1/edit': 'Shell page',
    };
    for (const [url, heading] of Object.entries(expected)) {
      const response = await inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<h1>${heading}</h1>`);
    }
    const head = await testApp.app.inject({
      method: 'HEAD',
      url: '/terms',
      headers: { accept: 'text/html' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await inject('/api/unknown')).statusCode).toBe(404);
    expect((await inject('/assets/missing.js', { accept: '*/*' })).statusCode).toBe(404);
  });

  it('sends the precompressed copy of a prerendered page to clients that accept it', async () => {
    const html = page('compressed index');
    await writeFile(path.join(distDir, 'prerendered', 'index.html.br'), brotliCompressSync(html));
    const response = await inject('/', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
    await rm(path.join(distDir, 'prerendered', 'index.html.br'));
  });

  it('falls back to the shell when a build has no prerendered pages', async () => {
    await rm(path.join(distDir, 'prerendered'), { recursive: true });
    const response = await inject('/terms');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Shell page</h1>');
  });
});

// Issue 14: the landing page says "push it to GitHub" only where GitHub is configured. The build writes
// each public page twice (`<name>.html` and `<name>.no-github.html`); registerSpa serves the variant
// that matches its `githubConfigured` option, default false.
describe('prerendered public pages and the GitHub configuration', () => {
  let rootDir: string;
  let distDir: string;
  const apps: ReturnType<typeof Fastify>[] = [];

  const page = (text: string) => `<!doctype html><div id="root"><p>${text}</p></div>`;
  async function spaServer(options: { githubConfigured?: boolean }) {
    const app = Fastify();
    apps.push(app);
    await registerSpa(app, { distDir, ...options });
    return (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  }

  beforeAll(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'sitelift-prerender-github-'));
    distDir = path.join(rootDir, 'dist');
    await mkdir(path.join(distDir, 'prerendered'), { recursive: true });
    await writeFile(path.join(distDir, 'index.html'), page('Shell'));
    for (const name of ['index', 'terms', 'privacy']) {
      await writeFile(path.join(distDir, 'prerendered', `${name}.html`), page(`${name} GitHub`));
      await writeFile(
        path.join(distDir, 'prerendered', `${name}.no-github.html`),
        page(`${name} zip`),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await rm(rootDir, { recursive: true, force: true });
  });

  it('serves the GitHub variant of every public page when GitHub is configured', async () => {
    const get = await spaServer({ githubConfigured: true });
    for (const [url, name] of [
      ['/', 'index'],
      ['/terms', 'terms'],
      ['/privacy/', 'privacy'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<p>${name} GitHub</p>`);
    }
    // Without the marked shell in the build (an older build), the plain one.
    expect((await get('/dashboard')).body).toContain('<p>Shell</p>');
    await writeFile(path.join(distDir, 'prerendered', 'app.github.html'), page('Shell GitHub'));
    try {
      expect((await get('/dashboard')).body).toContain('<p>Shell GitHub</p>');
      const without = await spaServer({});
      expect((await without('/dashboard')).body).toContain('<p>Shell</p>');
    } finally {
      await rm(path.join(distDir, 'prerendered', 'app.github.html'));
    }
  });

  it('serves the zip variant when GitHub is not configured, and by default', async () => {
    for (const get of [await spaServer({ githubConfigured: false }), await spaServer({})]) {
      for (const [url, name] of [
        ['/', 'index'],
        ['/terms?x=1', 'terms'],
        ['/privacy', 'privacy'],
      ]) {
        const response = await get(url!);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain(`<p>${name} zip</p>`);
      }
    }
  });

  it('serves the one variant a build has when the other is missing', async () => {
    await rm(path.join(distDir, 'prerendered', 'terms.no-github.html'));
    await rm(path.join(distDir, 'prerendered', 'privacy.html'));
    const withoutGithub = await spaServer({});
    expect((await withoutGithub('/terms')).body).toContain('<p>terms GitHub</p>');
    const withGithub = await spaServer({ githubConfigured: true });
    expect((await withGithub('/privacy')).body).toContain('<p>privacy zip</p>');
  });
});

// Issue 25: "AI code generation" only where a default model reviews every rebuild. The build writes
// each GitHub variant again as `.ai.html`; registerSpa serves it when `aiConfigured` is set.
describe('prerendered public pages and the default model', () => {
  let rootDir: string;
  let distDir: string;
  const apps: ReturnType<typeof Fastify>[] = [];

  const page = (text: string) => `<!doctype html><div id="root"><p>${text}</p></div>`;
  async function spaServer(options: { githubConfigured?: boolean; aiConfigured?: boolean }) {
    const app = Fastify();
    apps.push(app);
    await registerSpa(app, { distDir, ...options });
    return (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  }

  beforeAll(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'sitelift-prerender-ai-'));
    distDir = path.join(rootDir, 'dist');
    await mkdir(path.join(distDir, 'prerendered'), { recursive: true });
    await writeFile(path.join(distDir, 'index.html'), page('Shell'));
    for (const [file, text] of [
      ['index.html', 'GitHub rules'],
      ['index.ai.html', 'GitHub AI'],
      ['index.no-github.html', 'zip rules'],
      ['index.no-github.ai.html', 'zip AI'],
      ['terms.html', 'terms GitHub rules'],
      ['app.ai.html', 'Shell AI'],
      ['app.github.html', 'Shell GitHub'],
    ]) {
      await writeFile(path.join(distDir, 'prerendered', file!), page(text!));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await rm(rootDir, { recursive: true, force: true });
  });

  it('serves the AI variant that matches the GitHub claim when a default model is configured', async () => {
    expect((await (await spaServer({ aiConfigured: true }))('/')).body).toContain('<p>zip AI</p>');
    const both = await spaServer({ aiConfigured: true, githubConfigured: true });
    expect((await both('/')).body).toContain('<p>GitHub AI</p>');
    // A build without the AI variant of a page: the page as it is.
    expect((await both('/terms')).body).toContain('<p>terms GitHub rules</p>');
    // The app's shell marked for the model; with GitHub too and no such copy, the GitHub one.
    expect((await (await spaServer({ aiConfigured: true }))('/dashboard')).body).toContain(
      '<p>Shell AI</p>',
    );
    expect((await both('/dashboard')).body).toContain('<p>Shell GitHub</p>');
  });

  it('never claims AI without a default model', async () => {
    const none = await spaServer({});
    expect((await none('/')).body).toContain('<p>zip rules</p>');
    expect((await none('/dashboard')).body).toContain('<p>Shell</p>');
    const github = await spaServer({ githubConfigured: true });
    expect((await github('/')).body).toContain('<p>GitHub rules</p>');
  });
});

// Issue 27: "One-click deployment" live only where a static host is offered. The build writes each
// variant again as `.hosting.html`; registerSpa serves it when `hostingConfigured` is set.
describe('prerendered public pages and one-click deploy', () => {
  let rootDir: string;
  let distDir: string;
  const apps: ReturnType<typeof Fastify>[] = [];

  const page = (text: string) => `<!doctype html><div id="root"><p>${text}</p></div>`;
  async function spaServer(options: { githubConfigured?: boolean; hostingConfigured?: boolean }) {
    const app = Fastify();
    apps.push(app);
    await registerSpa(app, { distDir, ...options });
    return (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  }

  beforeAll(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'sitelift-prerender-hosting-'));
    distDir = path.join(rootDir, 'dist');
    await mkdir(path.join(distDir, 'prerendered'), { recursive: true });
    await writeFile(path.join(distDir, 'index.html'), page('Shell'));
    for (const [file, text] of [
      ['index.html', 'GitHub'],
      ['index.hosting.html', 'GitHub hosting'],
      ['index.no-github.html', 'zip'],
      ['index.no-github.hosting.html', 'zip hosting'],
      ['terms.html', 'terms GitHub'],
      ['app.github.html', 'Shell GitHub'],
      ['app.github.hosting.html', 'Shell GitHub hosting'],
      ['app.hosting.html', 'Shell hosting'],
    ]) {
      await writeFile(path.join(distDir, 'prerendered', file!), page(text!));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await rm(rootDir, { recursive: true, force: true });
  });

  it('serves the hosting variant only when a host is offered', async () => {
    const hosting = await spaServer({ hostingConfigured: true });
    expect((await hosting('/')).body).toContain('<p>zip hosting</p>');
    expect((await hosting('/dashboard')).body).toContain('<p>Shell hosting</p>');
    const both = await spaServer({ hostingConfigured: true, githubConfigured: true });
    expect((await both('/')).body).toContain('<p>GitHub hosting</p>');
    // A build without the hosting variant of a page: the page as it is.
    expect((await both('/terms')).body).toContain('<p>terms GitHub</p>');
    expect((await both('/dashboard')).body).toContain('<p>Shell GitHub hosting</p>');
    const none = await spaServer({ githubConfigured: true });
    expect((await none('/')).body).toContain('<p>GitHub</p>');
    expect((await none('/dashboard')).body).toContain('<p>Shell GitHub</p>');
  });
});
