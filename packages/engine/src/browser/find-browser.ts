import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import {
  NPM_CHROMIUM_PACKAGE,
  readBrowserVersion,
  unpackNpmChromium,
  type NpmChromiumOptions,
} from './npm-chromium';
import { checkSandbox, toSandboxWarning } from './sandbox';

/** Where the browser came from: CHROME_PATH (or an explicit path), an installed one, or npm. */
export type BrowserSource = 'configured' | 'installed' | 'npm';

/** The browser Sitelift uses. */
export interface BrowserInfo {
  /** The binary. */
  path: string;
  /** What it reports with --version, e.g. "Chromium 153.0.8010.0". */
  name: string;
  source: BrowserSource;
  /** Whether pages run inside Chromium's sandbox (see sandbox.ts). */
  sandbox: boolean;
}

/** The outcome of browser discovery: the browser (if any) and what an operator should know. */
export interface BrowserDiscovery {
  browser: BrowserInfo | undefined;
  /** Problems for the log and /api/health: no sandbox, a CHROME_PATH that is not a binary, no browser. */
  warnings: string[];
}

/** Options of {@link findBrowser}. */
export interface FindBrowserOptions {
  /** A binary to use and nothing else (the server's CHROME_PATH); default `env.CHROME_PATH`. */
  chromePath?: string;
  /** Where CHROME_PATH and the Windows program folders are read (default process.env). */
  env?: Record<string, string | undefined>;
  /** Installed browsers to look for, in order (default {@link listInstalledBrowserCandidates}). */
  candidates?: readonly string[];
  /** The npm-shipped Chromium: where to unpack it, or false to skip it. */
  npm?: false | NpmChromiumOptions;
}

/**
 * Where installed Chrome, Chromium and Edge live on this platform. Debian's /usr/bin/chromium is a
 * wrapper script; the binary behind it (/usr/lib/chromium/chromium) starts faster, so it comes first.
 */
export function listInstalledBrowserCandidates(
  platform: NodeJS.Platform = process.platform,
  env: Record<string, string | undefined> = process.env,
): string[] {
  if (platform === 'darwin') {
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
  }
  if (platform === 'win32') {
    const roots = [env['PROGRAMFILES'], env['PROGRAMFILES(X86)'], env['LOCALAPPDATA']].filter(
      (root): root is string => Boolean(root),
    );
    return [
      ...roots.map((root) =>
        path.win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      ),
      ...roots.map((root) =>
        path.win32.join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
      ),
    ];
  }
  return [
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/microsoft-edge',
    '/usr/bin/microsoft-edge-stable',
    '/snap/bin/chromium',
  ];
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The browser before the sandbox decision. */
type FoundBinary = Omit<BrowserInfo, 'sandbox'>;

async function findBinary(
  options: FindBrowserOptions,
  warnings: string[],
): Promise<FoundBinary | undefined> {
  const env = options.env ?? process.env;
  const configured = options.chromePath || env['CHROME_PATH'] || undefined;
  if (configured !== undefined) {
    // A configured browser is the operator's choice: used alone, never silently replaced.
    if (!isExecutableFile(configured)) {
      warnings.push(`CHROME_PATH (${configured}) is not an executable file: no browser is used.`);
      return undefined;
    }
    const name = await readBrowserVersion(configured);
    if (name === undefined) warnings.push(`\`${configured} --version\` failed; using it anyway.`);
    return { path: configured, name: name ?? path.basename(configured), source: 'configured' };
  }
  for (const candidate of options.candidates ??
    listInstalledBrowserCandidates(process.platform, env)) {
    if (!isExecutableFile(candidate)) continue;
    const name = await readBrowserVersion(candidate);
    if (name === undefined) {
      warnings.push(`${candidate} is installed but \`--version\` fails: skipped.`);
      continue;
    }
    return { path: candidate, name, source: 'installed' };
  }
  if (options.npm === false) return undefined;
  try {
    const unpacked = await unpackNpmChromium(options.npm ?? {});
    return { path: unpacked.path, name: unpacked.name, source: 'npm' };
  } catch (error) {
    warnings.push(
      `No installed Chrome/Chromium, and the npm-shipped one (${NPM_CHROMIUM_PACKAGE}) is not usable: ${(error as Error).message}.`,
    );
    return undefined;
  }
}

async function discover(options: FindBrowserOptions): Promise<BrowserDiscovery> {
  const warnings: string[] = [];
  const found = await findBinary(options, warnings);
  if (found === undefined) {
    warnings.push(
      'No browser: pages are read without running their scripts, so content inserted by JavaScript is missing, and rebuilds are not rendered. Set CHROME_PATH or install Chromium.',
    );
    return { browser: undefined, warnings };
  }
  const sandbox = await checkSandbox(found.path);
  const warning = toSandboxWarning(sandbox);
  if (warning !== undefined) warnings.push(warning);
  return { browser: { ...found, sandbox: sandbox.sandbox }, warnings };
}

const discoveries = new Map<string, Promise<BrowserDiscovery>>();

/**
 * Finds the browser to use, in this order: `chromePath` or CHROME_PATH (alone: if it is not an
 * executable file there is no browser), an installed Chrome/Chromium/Edge, then the Chromium shipped
 * in the `@sparticuz/chromium` npm package (unpacked on first use), and decides whether it runs
 * sandboxed. Remembered for the life of the process (per set of options): restart after installing
 * or removing a browser.
 */
export function findBrowser(options: FindBrowserOptions = {}): Promise<BrowserDiscovery> {
  const env = options.env ?? process.env;
  const key = JSON.stringify([
    options.chromePath || env['CHROME_PATH'] || null,
    options.candidates ?? null,
    options.npm ?? null,
  ]);
  let discovery = discoveries.get(key);
  if (discovery === undefined) {
    discovery = discover(options);
    discoveries.set(key, discovery);
  }
  return discovery;
}

/** One line naming a browser for logs and the CLI, e.g. "Chromium 153.0.8010.0 (npm, /path), sandboxed". */
export function formatBrowser(browser: BrowserInfo): string {
  const source = { configured: 'CHROME_PATH', installed: 'installed', npm: NPM_CHROMIUM_PACKAGE }[
    browser.source
  ];
  return `${browser.name} (${source}: ${browser.path}), ${browser.sandbox ? 'sandboxed' : 'NOT sandboxed'}`;
}
