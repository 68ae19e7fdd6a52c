import type { Browser } from 'playwright-core';
import { findChromePath, launchChromium } from '../../browser/chromium';

/** The Chromium binary verify uses: the given path, CHROME_PATH, or the system's; undefined when none. */
export function findVerifyChromePath(chromePath?: string): string | undefined {
  return findChromePath(chromePath);
}

/** Launches headless Chromium for rendering; undefined when no binary is found. */
export async function openVerifyBrowser(chromePath?: string): Promise<Browser | undefined> {
  const executablePath = findChromePath(chromePath);
  if (executablePath === undefined) return undefined;
  // /dev/shm is small in containers; without this flag large screenshots can crash the renderer.
  return launchChromium({ executablePath, args: ['--disable-dev-shm-usage'] });
}
