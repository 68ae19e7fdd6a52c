import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/** The Chromium binary verify uses: the given path, CHROME_PATH, or the system's. */
export function findVerifyChromePath(chromePath?: string): string | undefined {
  const candidates = [
    chromePath,
    process.env.CHROME_PATH,
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
  ];
  return candidates.find(
    (candidate): candidate is string =>
      candidate !== undefined && candidate !== '' && existsSync(candidate),
  );
}

/** Launches headless Chromium for rendering; undefined when no binary is found. */
export async function openVerifyBrowser(chromePath?: string): Promise<Browser | undefined> {
  const executablePath = findVerifyChromePath(chromePath);
  if (executablePath === undefined) return undefined;
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
