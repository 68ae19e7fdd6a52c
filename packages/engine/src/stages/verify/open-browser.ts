import { findChromePath } from '../../browser/chromium';

/**
 * The Chromium binary verify uses: the given path, CHROME_PATH, an installed one or the npm-shipped
 * one; undefined when none.
 */
export function findVerifyChromePath(chromePath?: string): Promise<string | undefined> {
  return findChromePath(chromePath);
}
