import type { Browser } from 'playwright-core';
import { findChromePath, launchChromium } from '../../browser/chromium';

/**
 * The Chromium binary verify uses: the given path, CHROME_PATH, an installed one or the npm-shipped
 * one; undefined when none.
 */
export function findVerifyChromePath(chromePath?: string): Promise<string | undefined> {
  return findChromePath(chromePath);
}

/** Launches headless Chromium for rendering; undefined when no binary is found. */
export async function openVerifyBrowser(chromePath?: string): Promise<Browser | undefined> {
  const executablePath = await findChromePath(chromePath);
  if (executablePath === undefined) return undefined;
  // /dev/shm is small in containers; without this flag large screenshots can crash the renderer.
  return launchChromium({ executablePath, args: ['--disable-dev-shm-usage'] });
}
