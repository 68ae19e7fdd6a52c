/**
 * Dead links (issue 24 item 3): a link of the rendered rebuild to its own site that resolves to no
 * route of the project, no file of its build, or (on a rendered route) no element its fragment
 * names. Every such link is one a visitor follows to nothing; the count must be zero.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { VerifyReport } from '../../types';
import type { RenderedRoute } from './render-routes';

/** Dead links listed in the report at most (the count is of all). */
export const MAX_LISTED_DEAD_LINKS = 200;

/** What a link may lead to: the project's routes and the files of its build. */
export interface LinkTargets {
  routes: readonly string[];
  /** Files of the built dist/, POSIX paths relative to it (`images/logo.webp`, `about/index.html`). */
  files: ReadonlySet<string>;
}

/** Fragments that are no element's id yet lead somewhere: `#` and `#top` scroll to the top. */
const TOP_FRAGMENTS = new Set(['', 'top']);

/** `/about/` -> `/about`; `/` stays. */
function withoutTrailingSlash(route: string): string {
  return route.length > 1 ? route.replace(/\/+$/, '') : route;
}

function decodePath(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The dead links of the rendered routes: each route and href once, counted, the first
 * MAX_LISTED_DEAD_LINKS listed. A fragment is checked only on a page that was rendered (the ids of
 * another are unknown) and never on a file.
 */
export function findDeadLinks(
  rendered: readonly RenderedRoute[],
  targets: LinkTargets,
): NonNullable<VerifyReport['deadLinks']> {
  const routes = new Set(targets.routes.map(withoutTrailingSlash));
  const idsByRoute = new Map(
    rendered.flatMap((result) =>
      result.ids === undefined ? [] : [[withoutTrailingSlash(result.route), new Set(result.ids)]],
    ),
  );
  const leadsNowhere = (target: string): boolean => {
    const url = new URL(target, 'http://rebuild.invalid/');
    const pathname = decodePath(url.pathname);
    const route = withoutTrailingSlash(pathname);
    const fragment = decodePath(url.hash.slice(1));
    if (routes.has(route)) {
      const ids = idsByRoute.get(route);
      return ids !== undefined && !TOP_FRAGMENTS.has(fragment) && !ids.has(fragment);
    }
    const file = pathname.replace(/^\/+/, '');
    // The site's root is a route or nothing: every build has an index.html, which shows "not found".
    return (
      file === '' ||
      !(targets.files.has(file) || targets.files.has(path.posix.join(file, 'index.html')))
    );
  };
  const links: { route: string; href: string }[] = [];
  let count = 0;
  for (const result of rendered) {
    for (const link of result.links ?? []) {
      if (!leadsNowhere(link.path)) continue;
      count += 1;
      if (links.length < MAX_LISTED_DEAD_LINKS)
        links.push({ route: result.route, href: link.href });
    }
  }
  return { count, links };
}

/** Every file under `dir`, as POSIX paths relative to it. */
export async function listFiles(dir: string): Promise<Set<string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      ),
  );
}
