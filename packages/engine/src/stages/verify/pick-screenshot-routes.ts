/**
 * Which routes verify renders in full (issue 24): screenshots of the original and the rebuild, their
 * layouts and fidelity cost about a second and a half of a 2-core machine per route, while the text
 * a route shows (coverage, snippets, overflow, console errors, broken images) costs a fraction of it.
 * Every route is rendered for its text; screenshots and fidelity go to every route up to a bound and,
 * beyond it, to a spread sample of that size.
 */

/** Routes screenshotted and measured for fidelity in full before verify samples them. */
export const SCREENSHOT_ROUTES_BOUND = 40;

/**
 * A route's URL family: its first path segment and its depth (`/blog/2009/03/a-post` and
 * `/blog/2010/11/another` are one family, `/blog/archive-2` another); every top-level route
 * (`/about`, `/contact`) is one family.
 */
export function toRouteFamily(route: string): string {
  const segments = route
    .split(/[?#]/u)[0]!
    .split('/')
    .filter((segment) => segment !== '');
  if (segments.length <= 1) return '/';
  return `/${segments[0]}/${'*/'.repeat(segments.length - 1)}`;
}

/** The routes picked, in the given order, and whether that is a sample of them. */
export interface ScreenshotRoutes {
  routes: string[];
  sampled: boolean;
}

/**
 * The routes to screenshot and measure, out of `routes` (the site's pages in crawl order, the start
 * page first). Up to `bound` routes: all of them. More: `bound` of them, deterministic (the same
 * routes give the same pick): the start page, then the first route of each URL family in order while
 * the bound allows, then routes evenly spread over the rest; returned in the given order.
 */
export function pickScreenshotRoutes(
  routes: readonly string[],
  bound = SCREENSHOT_ROUTES_BOUND,
): ScreenshotRoutes {
  const unique = [...new Set(routes)];
  const size = Math.max(1, Math.floor(bound));
  if (unique.length <= size) return { routes: unique, sampled: false };
  const picked = new Set<string>([unique[0]!]);
  const families = new Set<string>([toRouteFamily(unique[0]!)]);
  for (const route of unique) {
    if (picked.size >= size) break;
    const family = toRouteFamily(route);
    if (families.has(family)) continue;
    families.add(family);
    picked.add(route);
  }
  // Evenly spread over what is left: the i-th of n at (i + 0.5) · rest / n.
  const rest = unique.filter((route) => !picked.has(route));
  const wanted = size - picked.size;
  for (let index = 0; index < wanted; index++)
    picked.add(rest[Math.floor(((index + 0.5) * rest.length) / wanted)]!);
  return { routes: unique.filter((route) => picked.has(route)), sampled: true };
}
