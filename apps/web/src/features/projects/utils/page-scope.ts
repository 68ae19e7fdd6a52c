import { hasPathFilter, matchesPathFilter, type PathFilter } from '@sitelift/shared/path-filter';
import type { SiteCheckResult } from '@sitelift/shared/schemas/site-check';

/** What a run of the checked site will rebuild, with the user's path filter (issue 24). */
export interface PageScope {
  /** Pages found (links and sitemaps). */
  found: number;
  /** Of those, the pages robots.txt lets Sitelift read. */
  readable: number;
  /** Of those, the pages the filter keeps (the start page always counts). */
  selected: number;
  /** Of those, the pages the plan's limit covers: what the run rebuilds. */
  rebuilt: number;
  /** True when the check saw more pages than it lists: the counts are estimates. */
  isEstimate: boolean;
}

/**
 * The scope of a run: the check's pages, less those robots.txt disallows, through the path filter,
 * up to the plan's limit. Counts the listed paths with the job's own matcher; when the check listed
 * fewer paths than it found, the share of the listed ones is carried over to the rest.
 */
export function toPageScope(check: SiteCheckResult, filter: PathFilter): PageScope {
  const robots = new Set(check.robots_excluded);
  const readablePaths = check.paths.filter((path) => !robots.has(path));
  const selectedPaths = hasPathFilter(filter)
    ? readablePaths.filter((path, index) => index === 0 || matchesPathFilter(path, filter))
    : readablePaths;
  const found = Math.max(check.pages_found, check.paths.length, 1);
  const isEstimate = check.pages_capped || found > check.paths.length;
  const scale = check.paths.length > 0 ? found / check.paths.length : 1;
  const readable = Math.max(1, Math.round(readablePaths.length * scale));
  const selected = Math.max(1, Math.round(selectedPaths.length * scale));
  return {
    found,
    readable,
    selected,
    rebuilt: Math.min(selected, check.page_limit),
    isEstimate,
  };
}

/** "1 page", "52 pages" (with "about" for an estimate). */
export function toPagesLabel(count: number, isEstimate = false): string {
  const noun = count === 1 ? 'page' : 'pages';
  return `${isEstimate ? 'about ' : ''}${count.toLocaleString('en-US')} ${noun}`;
}

/** Path patterns typed one per line → the list the form sends (blank lines dropped). */
export function toPathPatterns(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
