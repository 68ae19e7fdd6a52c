/** Links rewritten for the rebuilt site: to routes and sections, hosted files, or left as they are. */
import type { SiteModel } from '../../model';
import type { AssetHost } from './asset-host';
import { normalizeUrl } from './plan-routes';

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
    const route = routeOf(href);
    const hash = decodeURIComponent(parsed.hash.slice(1));
    if (route) {
      if (!hash) return route;
      // An anchor of the original (#services) points at the section that now holds it; so does a
      // hash-bang "page" of a script-switched site (#!/page_menu shows <li id="page_menu">).
      const anchors = anchorsByUrl.get(normalizeUrl(href));
      const target =
        anchors?.[hash] ??
        anchors?.[hash.replace(/^!?\//, '')] ??
        (sectionIds.has(hash) ? hash : undefined);
      // A same-page anchor with no target left (a Bootstrap modal, say) goes nowhere: drop the link.
      if (!target) return normalizeUrl(href) === normalizeUrl(pageUrl) ? undefined : route;
      return normalizeUrl(href) === normalizeUrl(pageUrl) ? `#${target}` : `${route}#${target}`;
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
