import { pages } from '../content/pages';
import type { PageEntry, SectionData } from '../content/types';
import { settleWithin } from './preload';

const loaded = new Map<string, SectionData[]>();
const loading = new Map<string, Promise<SectionData[]>>();

/**
 * A page's sections: at once when bundled or already loaded, else one shared promise per page
 * (React suspends on it).
 */
export function loadSections(page: PageEntry): SectionData[] | Promise<SectionData[]> {
  if ('sections' in page) return page.sections;
  const ready = loaded.get(page.route);
  if (ready) return ready;
  let pending = loading.get(page.route);
  if (!pending) {
    pending = page.load().then((module) => {
      loaded.set(page.route, module.sections);
      return module.sections;
    });
    loading.set(page.route, pending);
  }
  return pending;
}

/**
 * Loads the content of the page at `path` (a route) before the app first renders, so that the first
 * view shows the page at once instead of a placeholder. Waits at most `maxWaitMs`; never rejects.
 */
export function preloadPage(path: string, maxWaitMs = 1500): Promise<void> {
  const page = pages.find((candidate) => candidate.route === path);
  const found = page ? loadSections(page) : [];
  return Array.isArray(found) ? Promise.resolve() : settleWithin(found, maxWaitMs);
}
