/**
 * Links rewritten for the rebuilt site: to routes and sections, hosted files, other sites as they
 * are; a link to a page of the site that was not rebuilt goes to the original page or is removed
 * (issue 24). No link to the site itself stays relative without a route: it would lead nowhere.
 */
import type { UnbuiltLinks } from '@sitelift/shared/validation/create-project';
import type { SiteModel } from '../../model';
import type { AssetHost } from './asset-host';
import { hasClientRoute, toClientRoute, toDocumentUrl } from '../../lib/client-route';
import { toSiteScheme } from '../../lib/site-scheme';
import { normalizeUrl, toLinkedPageKey, toSiteOrigins } from './plan-routes';

/** Rewrites a link of `pageUrl`; undefined when it goes nowhere. */
export type HrefRewriter = (
  href: string | undefined,
  pageUrl: string,
  sectionIds: Set<string>,
) => string | undefined;

/** A link kept pointing at a page of the original that was not rebuilt, and the route showing it. */
export interface LinkToOriginal {
  route: string;
  url: string;
}

/** The rewriter of a site's links, and what it did with links to pages not rebuilt. */
export interface HrefRewriting {
  rewriteHref: HrefRewriter;
  /** True for a link the rewriter removed: to the site, but to no page of the rebuild. */
  isRemovedLink(href: string): boolean;
  /** The links kept pointing at the original so far, each route and address once, in order. */
  linksToOriginal(): LinkToOriginal[];
}

/**
 * A link rewriter: internal links go to routes (their anchors to the sections that hold them),
 * links to downloaded files to the hosted copy, other web links stay; other schemes are dropped. A
 * link to the site with no route, no hosted file (a page not read, over the limit, excluded, or
 * failed) is, with `unbuiltLinks: 'keep'`, the original page's absolute address, recorded with the
 * route of the page holding it (`routeOf(pageUrl)`, `/` for the site-wide parts, `pageUrl` ''); with
 * `'remove'`, no link (its words stay).
 */
export function createHrefRewriter(
  model: SiteModel,
  routeOf: (url: string) => string | undefined,
  { assetByUrl, planned, hostAsset }: AssetHost,
  { unbuiltLinks }: { unbuiltLinks: UnbuiltLinks },
): HrefRewriting {
  const anchorsByUrl = new Map(
    model.pages.flatMap((page) =>
      [page.url, ...(page.requestedUrl ? [page.requestedUrl] : [])].map(
        (url) => [normalizeUrl(url), page.anchors] as const,
      ),
    ),
  );
  const keyOf = toLinkedPageKey(new Set(anchorsByUrl.keys()));
  /** `route#section` of the client-side view of `href`'s document holding the anchor `hash`. */
  const findInView = (href: string, hash: string): string | undefined => {
    const document = toDocumentUrl(href);
    for (const page of model.pages) {
      if (!hasClientRoute(page.url) || toDocumentUrl(page.url) !== document) continue;
      const target = page.anchors[hash];
      const route = target === undefined ? undefined : routeOf(page.url);
      if (route) return `${route}#${target}`;
    }
    return undefined;
  };
  const origins = toSiteOrigins(model);
  const kept = new Map<string, LinkToOriginal>();
  const removed = new Set<string>();
  const rewriteHref: HrefRewriter = (href, pageUrl, sectionIds) => {
    if (!href) return undefined;
    if (/^(?:mailto|tel):/i.test(href)) return href;
    let parsed: URL;
    try {
      parsed = new URL(href);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    // A link to the site at its other scheme (http:// on an https site) is a link to the site.
    const siteHref = toSiteScheme(href, origins);
    // On a client-side route's page (/#/guide), an anchor of its document (#top) is on that page.
    const isOwnAnchor =
      hasClientRoute(pageUrl) &&
      !hasClientRoute(href) &&
      toDocumentUrl(siteHref) === toDocumentUrl(pageUrl);
    const landsOn = isOwnAnchor ? normalizeUrl(pageUrl) : keyOf(siteHref);
    const route = routeOf(isOwnAnchor ? pageUrl : siteHref);
    const hash = decodeURIComponent(parsed.hash.slice(1));
    if (route) {
      // A client-side route read as a page of its own is that page (its hash is its address), and
      // the router's start view (#/, #!/) is the document.
      const view = toClientRoute(parsed.hash);
      if (!hash || view === '/' || (view && landsOn === normalizeUrl(siteHref))) return route;
      // An anchor of the original (#services) points at the section that now holds it; so does a
      // hash-bang "page" of a script-switched site (#!/page_menu shows <li id="page_menu">).
      const anchors = anchorsByUrl.get(landsOn);
      const target =
        anchors?.[hash] ??
        anchors?.[hash.replace(/^!?\//, '')] ??
        (sectionIds.has(hash) ? hash : undefined);
      const isSamePage = landsOn === normalizeUrl(pageUrl);
      // An anchor in a part of the document that is a page of its own now (a script-switched
      // part, a client-side route's view): that page, at the section holding it.
      if (!target) {
        const view = findInView(siteHref, hash);
        if (view) return view;
      }
      // A same-page anchor with no target left (a Bootstrap modal, say) goes nowhere: drop the link.
      if (!target) return isSamePage ? undefined : route;
      return isSamePage ? `#${target}` : `${route}#${target}`;
    }
    const image =
      planned.get(href) ??
      (assetByUrl.has(href)
        ? hostAsset(
            href,
            assetByUrl.get(href)!.contentType.startsWith('image/') ? 'images' : 'files',
          )
        : undefined);
    if (image) return `/${image.path}`;
    // A page (or file) of the site that is not in the rebuild: once the rebuild replaces the
    // original, the only copy left is the original's (or none).
    const site = new URL(siteHref);
    if (origins.has(site.origin)) {
      if (unbuiltLinks === 'remove') {
        removed.add(href);
        return undefined;
      }
      const linkRoute = pageUrl ? (routeOf(pageUrl) ?? '/') : '/';
      const key = `${linkRoute}\n${site.href}`;
      if (!kept.has(key)) kept.set(key, { route: linkRoute, url: site.href });
      return site.href;
    }
    return parsed.href;
  };
  return {
    rewriteHref,
    isRemovedLink: (href) => removed.has(href),
    linksToOriginal: () => [...kept.values()],
  };
}
