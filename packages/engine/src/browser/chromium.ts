import { accessSync, constants } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Where system Chromium may live. Debian's /usr/bin/chromium is a wrapper script; the binary behind
 * it (/usr/lib/chromium/chromium) starts faster, so it is tried first.
 */
const CHROME_CANDIDATES = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

/** Arguments for a headless Chromium on a small shared server: no GPU, no background traffic, no QUIC. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium binary to use: `explicitPath` when given (undefined if it is not executable), else
 * CHROME_PATH, else the first system Chromium found; undefined when there is none.
 */
export function findChromePath(explicitPath?: string): string | undefined {
  if (explicitPath) return isExecutable(explicitPath) ? explicitPath : undefined;
  const candidates = [process.env['CHROME_PATH'], ...CHROME_CANDIDATES].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  return candidates.find(isExecutable);
}

/** Options of launchChromium. */
export interface LaunchChromiumOptions {
  /** The binary; default findChromePath(). */
  executablePath?: string;
  /** Extra arguments after CHROMIUM_ARGS. */
  args?: string[];
  /** Launch timeout in milliseconds (default 30 s). */
  timeoutMs?: number;
}

/** Launches headless system Chromium through playwright-core (never downloads a browser). */
export async function launchChromium(options: LaunchChromiumOptions = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? findChromePath();
  if (!executablePath) {
    throw new Error('No Chromium found: set CHROME_PATH or install chromium (/usr/bin/chromium).');
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    timeout: options.timeoutMs ?? 30_000,
  });
}
