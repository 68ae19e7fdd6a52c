import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, toChromeLauncherFlags } from './chromium';
import { FORBIDDEN_CHROMIUM_ARGS } from './chromium-args';
import { findBrowser, formatBrowser, listInstalledBrowserCandidates } from './find-browser';
import { unpackNpmChromium } from './npm-chromium';
import { listDescendants } from './process-tree.fixture';

const NPM_VERSION = (
  JSON.parse(
    readFileSync(
      path.join(
        path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')),
        '..',
        'package.json',
      ),
      'utf8',
    ),
  ) as { version: string }
).version;
const NPM_MAJOR = NPM_VERSION.split('.')[0]!;
const canRunNpmChromium = process.platform === 'linux' && process.arch === 'x64';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitelift-find-browser-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in browser: a script that prints `versionLine` for --version (and exits with `code`). */
async function writeFakeBrowser(name: string, versionLine: string, code = 0): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\necho "${versionLine}"\nexit ${code}\n`, { mode: 0o755 });
  return file;
}

describe('findBrowser: the order', () => {
  it('uses CHROME_PATH before any installed browser', async () => {
    const configured = await writeFakeBrowser('configured', 'Chromium 901.0.0.1');
    const installed = await writeFakeBrowser('installed-a', 'Google Chrome 902.0.0.1');
    const { browser } = await findBrowser({
      env: { CHROME_PATH: configured },
      candidates: [installed],
      npm: false,
    });
    expect(browser).toMatchObject({
      path: configured,
      name: 'Chromium 901.0.0.1',
      source: 'configured',
    });
  });

  it('an explicit chromePath (the server passes its CHROME_PATH) comes before the environment', async () => {
    const explicit = await writeFakeBrowser('explicit', 'Chromium 903.0.0.1');
    const fromEnv = await writeFakeBrowser('from-env', 'Chromium 904.0.0.1');
    const { browser } = await findBrowser({
      chromePath: explicit,
      env: { CHROME_PATH: fromEnv },
      candidates: [],
      npm: false,
    });
    expect(browser?.path).toBe(explicit);
  });

  it('a CHROME_PATH that is not an executable file means no browser and a warning, not a silent fallback', async () => {
    const installed = await writeFakeBrowser('installed-b', 'Chromium 905.0.0.1');
    const missing = path.join(dir, 'no-such-browser');
    const { browser, warnings } = await findBrowser({
      env: { CHROME_PATH: missing },
      candidates: [installed],
      npm: false,
    });
    expect(browser).toBeUndefined();
    expect(warnings[0]).toBe(
      `CHROME_PATH (${missing}) is not an executable file: no browser is used.`,
    );
    expect(warnings.at(-1)).toMatch(/^No browser: .*content inserted by JavaScript is missing/u);
  });

  it('takes the first installed browser that answers --version, skipping missing and broken ones', async () => {
    const broken = await writeFakeBrowser('broken', 'error while loading shared libraries', 127);
    const working = await writeFakeBrowser('installed-c', 'Microsoft Edge 906.0.0.1');
    const later = await writeFakeBrowser('installed-d', 'Chromium 907.0.0.1');
    const { browser, warnings } = await findBrowser({
      env: {},
      candidates: [path.join(dir, 'not-installed'), broken, dir, working, later],
      npm: false,
    });
    expect(browser).toMatchObject({
      path: working,
      name: 'Microsoft Edge 906.0.0.1',
      source: 'installed',
    });
    expect(warnings[0]).toBe(`${broken} is installed but \`--version\` fails: skipped.`);
  });

  it('without an installed browser and without the npm one, there is none, and the warning says what that costs', async () => {
    const { browser, warnings } = await findBrowser({ env: {}, candidates: [], npm: false });
    expect(browser).toBeUndefined();
    expect(warnings).toEqual([
      expect.stringMatching(/^No browser: pages are read without running their scripts/u),
    ]);
  });

  it('knows where Chrome, Chromium and Edge are installed on each platform', () => {
    expect(listInstalledBrowserCandidates('linux', {})[0]).toBe('/usr/lib/chromium/chromium');
    expect(listInstalledBrowserCandidates('linux', {})).toContain('/usr/bin/google-chrome');
    expect(listInstalledBrowserCandidates('darwin', {})).toContain(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    expect(listInstalledBrowserCandidates('win32', { PROGRAMFILES: 'C:\\Program Files' })).toEqual([
      'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe',
    ]);
  });
});

describe('launchChromium: arguments', () => {
  it.each(FORBIDDEN_CHROMIUM_ARGS)('refuses %s', async (arg) => {
    await expect(launchChromium({ executablePath: '/bin/false', args: [arg] })).rejects.toThrow(
      `Refusing to start Chromium with ${arg}`,
    );
  });

  it('gives chrome-launcher (Lighthouse) --no-sandbox only when the sandbox cannot be used', () => {
    expect(toChromeLauncherFlags(true, ['--mute-audio'])).not.toContain('--no-sandbox');
    expect(toChromeLauncherFlags(true, ['--mute-audio'])).toContain('--mute-audio');
    expect(toChromeLauncherFlags(false)).toContain('--no-sandbox');
    expect(() => toChromeLauncherFlags(false, ['--disable-web-security'])).toThrow('Refusing');
  });
});

describe.skipIf(!canRunNpmChromium)('the npm-shipped Chromium (@sparticuz/chromium)', () => {
  let cacheDir: string;
  let binary: string;
  let server: Server;
  let origin: string;
  let otherOrigin: string;
  let other: Server;

  beforeAll(async () => {
    cacheDir = path.join(dir, 'npm-cache');
    binary = path.join(cacheDir, `chromium-${NPM_VERSION}`, 'chromium');
    // Something already sits where the binary goes: an older Chromium (or anything else).
    await mkdir(path.dirname(binary), { recursive: true, mode: 0o700 });
    await writeFile(binary, '#!/bin/sh\necho "Chromium 140.0.7339.0"\n', { mode: 0o755 });
    await chmod(path.dirname(binary), 0o700);

    server = createServer((request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><title>js</title><div id="out"></div><script>
          document.getElementById('out').textContent = 'Inserted by a script';
          fetch(${JSON.stringify('__OTHER__')}).then((r) => r.text()).then(
            (text) => { document.title = 'read: ' + text; },
            () => { document.title = 'blocked'; },
          );
        </script>`.replace('__OTHER__', `${otherOrigin}/secret`),
      );
    });
    other = createServer((_request, response) => response.end('cross-origin secret'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await new Promise((resolve) => other?.close(resolve));
  });

  it('does not reuse a file of another version at the unpack path: it unpacks its own over it', async () => {
    const unpacked = await unpackNpmChromium({ cacheDir });
    expect(unpacked).toEqual({
      path: binary,
      name: expect.stringMatching(new RegExp(`^Chromium ${NPM_MAJOR}\\.`, 'u')),
      reused: false,
    });
    expect((await stat(binary)).size).toBeGreaterThan(50_000_000);
  });

  it('reuses its own unpacked binary once --version matches', async () => {
    const unpacked = await unpackNpmChromium({ cacheDir });
    expect(unpacked).toMatchObject({ path: binary, reused: true });
  });

  it('is the browser when none is installed, and renders a page whose text a script inserts', async () => {
    const { browser } = await findBrowser({ env: {}, candidates: [], npm: { cacheDir } });
    expect(browser).toMatchObject({ path: binary, source: 'npm' });
    expect(formatBrowser(browser!)).toContain(`@sparticuz/chromium: ${binary}`);

    const chrome = await launchChromium({ executablePath: browser!.path });
    try {
      // Two contexts in one browser (--single-process would break the second).
      for (const _round of [1, 2]) {
        const context = await chrome.newContext();
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        await expect.poll(() => page.title()).not.toBe('js');
        expect(await page.textContent('#out')).toBe('Inserted by a script');
        // Without --disable-web-security a page cannot read another origin's response.
        expect(await page.title()).toBe('blocked');
        await context.close();
      }
      const main = listDescendants().find(
        (entry) => entry.exe === binary && !entry.commandLine.includes('--type='),
      );
      expect(main).toBeDefined();
      for (const arg of FORBIDDEN_CHROMIUM_ARGS.filter((flag) => flag !== '--no-sandbox'))
        expect(main!.commandLine).not.toContain(arg);
    } finally {
      await chrome.close();
    }
  });
});
