/**
 * The redirect map (issue 24): every old address of a rebuilt page to its new route, so that links
 * and search results that still name the original's addresses keep working. generate writes it
 * for each static host (`_redirects`, `netlify.toml`, `vercel.json`) and as `redirects.json`.
 */
import type { PlannedPage, SiteModel } from '../../model';
import { hasClientRoute, INDEX_FILE } from '../../lib/client-route';
import { normalizeUrl } from './plan-routes';

/** `/docs/` -> `/docs`, `/` stays. */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * The paths a server answered (or would answer) with the page at `url`: its path with its query,
 * and for a folder its `index.html` (for an index file, its folder). None for a client-side route,
 * which never reaches a server.
 */
export function toOldPaths(url: string): string[] {
  if (hasClientRoute(url)) return [];
  let parsed: URL;
  let path: string;
  try {
    parsed = new URL(url);
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return [];
  }
  if (parsed.search) return [path + parsed.search];
  if (path.endsWith('/')) return [path, `${path}index.html`];
  if (INDEX_FILE.test(path)) return [path, path.replace(INDEX_FILE, '/')];
  return [path];
}

/**
 * Old path (with its query) -> new route, for every address of a rebuilt page that is not its route:
 * the address read and the one asked for when it redirected there, with and without the index file;
 * a frameset's side frame (no page of its own) to its frameset's route. An old path that is a route
 * of another page stays that page's: a redirect would hide it.
 */
export function planRedirects(
  model: SiteModel,
  pages: PlannedPage[],
  routeOf: (url: string) => string | undefined,
): Record<string, string> {
  const routes = new Set(pages.map((page) => page.route));
  const requestedByUrl = new Map(
    model.pages.flatMap((page) =>
      page.requestedUrl ? [[normalizeUrl(page.url), page.requestedUrl] as const] : [],
    ),
  );
  const redirects: Record<string, string> = {};
  const add = (url: string, route: string) => {
    for (const path of toOldPaths(url)) {
      const bare = withoutTrailingSlash(path);
      if (path === route || (bare !== route && routes.has(bare))) continue;
      if (bare === route && route === '/') continue;
      redirects[path] ??= route;
    }
  };
  for (const page of pages) add(page.url, page.route);
  for (const page of pages) {
    const requested = requestedByUrl.get(normalizeUrl(page.url));
    if (requested) add(requested, page.route);
  }
  for (const page of model.pages) {
    const route = page.asideOf ? routeOf(page.url) : undefined;
    if (route) add(page.url, route);
  }
  return redirects;
}
