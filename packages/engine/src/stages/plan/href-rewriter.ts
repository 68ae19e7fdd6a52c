/** Links rewritten for the rebuilt site: to routes and sections, hosted files, or left as they are. */
import type { SiteModel } from '../../model';
import type { AssetHost } from './asset-host';
import { hasClientRoute, toClientRoute, toDocumentUrl } from '../../lib/client-route';
import { normalizeUrl, toLinkedPageKey } from './plan-routes';

/** Rewrites a link of `pageUrl`; undefined when it goes nowhere. */
export type HrefRewriter = (
  href: string | undefined,
  pageUrl: string,
  sectionIds: Set<string>,
) => string | undefined;

/**
 * A link rewriter: internal links go to routes (their anchors to the sections that hold them),
 * links to downloaded files to the hosted copy, other web links stay; other schemes are dropped.
 */
export function createHrefRewriter(
  model: SiteModel,
  routeOf: (url: string) => string | undefined,
  { assetByUrl, planned, hostAsset }: AssetHost,
): HrefRewriter {
  const anchorsByUrl = new Map(model.pages.map((page) => [normalizeUrl(page.url), page.anchors]));
  const keyOf = toLinkedPageKey(new Set(anchorsByUrl.keys()));
  return (href, pageUrl, sectionIds) => {
    if (!href) return undefined;
    if (/^(?:mailto|tel):/i.test(href)) return href;
    let parsed: URL;
    try {
      parsed = new URL(href);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    // On a client-side route's page (/#/guide), an anchor of its document (#top) is on that page.
    const isOwnAnchor =
      hasClientRoute(pageUrl) &&
      !hasClientRoute(href) &&
      toDocumentUrl(href) === toDocumentUrl(pageUrl);
    const landsOn = isOwnAnchor ? normalizeUrl(pageUrl) : keyOf(href);
    const route = routeOf(isOwnAnchor ? pageUrl : href);
    const hash = decodeURIComponent(parsed.hash.slice(1));
    if (route) {
      // A client-side route read as a page of its own is that page (its hash is its address), and
      // the router's start view (#/, #!/) is the document.
      const view = toClientRoute(parsed.hash);
      if (!hash || view === '/' || (view && landsOn === normalizeUrl(href))) return route;
      // An anchor of the original (#services) points at the section that now holds it; so does a
      // hash-bang "page" of a script-switched site (#!/page_menu shows <li id="page_menu">).
      const anchors = anchorsByUrl.get(landsOn);
      const target =
        anchors?.[hash] ??
        anchors?.[hash.replace(/^!?\//, '')] ??
        (sectionIds.has(hash) ? hash : undefined);
      const isSamePage = landsOn === normalizeUrl(pageUrl);
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
    return parsed.href;
  };
}
