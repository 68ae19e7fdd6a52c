/**
 * Links whose anchor lands nowhere (issue 24's dead-link check): the original's anchor pointed at a
 * part of a page that planning dropped or merged (a heading-less first section, `#top`). Such a link
 * goes to its page's top instead of to an id the rebuilt page does not have.
 */
import type { SitePlan } from '../../model';

/** Anchors every page has: the browser scrolls to the top for them. */
const TOP_ANCHORS = new Set(['', 'top']);

/** Every `id` a plan value holds (sections, headings, blocks), whatever its depth. */
function collectIds(value: unknown, ids: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) collectIds(item, ids);
  else if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'id' && typeof item === 'string') ids.add(item);
      else collectIds(item, ids);
    }
  }
  return ids;
}

/** `href` (or a nav item's `route`) with its anchor dropped when the page it names lacks that id. */
function toLandingHref(
  href: string,
  pageRoute: string | undefined,
  idsByRoute: Map<string, Set<string>>,
): string {
  const hashAt = href.indexOf('#');
  if (hashAt < 0 || href.includes('://')) return href;
  const route = hashAt === 0 ? pageRoute : href.slice(0, hashAt) || pageRoute;
  const hash = decodeURIComponent(href.slice(hashAt + 1));
  const ids = route === undefined ? undefined : idsByRoute.get(route);
  if (ids === undefined || TOP_ANCHORS.has(hash) || ids.has(hash)) return href;
  return route ?? href;
}

/** Copies `value`, rewriting each `href` and `route#anchor` string with toLandingHref. */
function rewrite<T>(
  value: T,
  pageRoute: string | undefined,
  idsByRoute: Map<string, Set<string>>,
): T {
  if (Array.isArray(value))
    return value.map((item: unknown) => rewrite(item, pageRoute, idsByRoute)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      (key === 'href' || key === 'route') && typeof item === 'string'
        ? toLandingHref(item, pageRoute, idsByRoute)
        : rewrite(item, pageRoute, idsByRoute);
  }
  return out as T;
}

/** The plan with every internal link's anchor landing on an id its page has, else on the page. */
export function withLandingAnchors(plan: SitePlan): SitePlan {
  const idsByRoute = new Map(
    plan.pages.map((page) => [page.route, collectIds(page.sections, new Set<string>())]),
  );
  return {
    ...plan,
    navigation: rewrite(plan.navigation, undefined, idsByRoute),
    footerLinks: rewrite(plan.footerLinks, undefined, idsByRoute),
    ...(plan.menu ? { menu: rewrite(plan.menu, undefined, idsByRoute) } : {}),
    ...(plan.footer ? { footer: rewrite(plan.footer, undefined, idsByRoute) } : {}),
    pages: plan.pages.map((page) => ({
      ...page,
      sections: rewrite(page.sections, page.route, idsByRoute),
    })),
  };
}
