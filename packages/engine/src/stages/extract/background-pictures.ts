/**
 * The original's background pictures (issue 23): the picture its page was drawn on (a tiled paper
 * texture, a photo), its header's and footer's own pictures (a banner), each with how it was laid,
 * and whether its footer had a fill of its own. From the identity probe's reading; a picture counts
 * only when fetch downloaded it, so the rebuild can ship it.
 */
import type { BackgroundPicture, SiteBackgrounds } from '../../model';
import { toHex } from '../../lib/color';
import { toPictureLayout } from '../../lib/picture-layout';
import type { PageProbe } from '../../types';
import { toOpaque } from '../../lib/color';
import type { AssetIndex } from './walk-content';

type Ground =
  | PageProbe['background']
  | NonNullable<PageProbe['header']>
  | { image: string; imageColor?: string; repeat?: string };

/** A page and the picture its body was drawn on (fetch's reading of a page read as served). */
export interface PageGround {
  url: string;
  ground?: { image?: string; imageColor?: string; repeat?: string };
}

const WHITE = { r: 255, g: 255, b: 255 };

/** A probed picture as the rebuild can draw it, or undefined when it was not downloaded. */
function toBackgroundPicture(ground: Ground, assets: AssetIndex): BackgroundPicture | undefined {
  if (!ground.image) return undefined;
  const asset = assets.get(ground.image);
  if (!asset) return undefined;
  // Decoration: no words of its own (alt), drawn by CSS.
  const image: BackgroundPicture['image'] = { src: ground.image, alt: '', asset: ground.image };
  if (asset.width !== undefined) image.width = asset.width;
  if (asset.height !== undefined) image.height = asset.height;
  const color = toOpaque(ground.imageColor, WHITE);
  return { image, ...toPictureLayout(ground, asset), ...(color ? { color: toHex(color) } : {}) };
}

/**
 * The pages drawn on a picture of their own (issue 23): each page whose ground is a downloaded
 * picture other than the site's (`site`, the start page's when every page shared it). A page on no
 * picture, or on the site's, is on the site's ground (the start page too, when its picture is the
 * site's).
 */
export function toPageGrounds(
  site: string | undefined,
  pages: readonly PageGround[],
  assets: AssetIndex,
): { url: string; picture: BackgroundPicture }[] {
  return pages.flatMap(({ url, ground }) => {
    if (!ground?.image || ground.image === site) return [];
    const picture = toBackgroundPicture({ ...ground, image: ground.image }, assets);
    return picture ? [{ url, picture }] : [];
  });
}

/**
 * The start page's background pictures and footer ground (see the module comment). A header's or
 * footer's picture is its own only when it is not the page's (a region without a fill shows the
 * page's), nor the hero's or the logo's (drawn already, and a picture appears once). The page's
 * picture is the site's only when every `other` probed page was drawn on it too: a site whose pages
 * each have a ground of their own (a 1998 site's per-page `<body background>`) keeps its colours.
 */
export function toBackgroundPictures(
  probe: PageProbe,
  assets: AssetIndex,
  others: readonly PageProbe[] = [],
  grounds: readonly PageGround[] = [],
): SiteBackgrounds {
  const out: SiteBackgrounds = {};
  const sitewide = others.every((other) => other.background.image === probe.background.image);
  const page = sitewide ? toBackgroundPicture(probe.background, assets) : undefined;
  if (page) out.page = page;
  const pages = toPageGrounds(page?.image.src, grounds, assets);
  if (pages.length > 0) out.pages = pages;
  const shown = new Set(
    [probe.background.image, probe.hero?.image, probe.logo?.src].filter(
      (url): url is string => url !== undefined,
    ),
  );
  for (const key of ['header', 'footer'] as const) {
    const region = probe[key];
    if (!region?.image || shown.has(region.image)) continue;
    const picture = toBackgroundPicture(region, assets);
    if (picture) out[key] = picture;
  }
  // A header or footer on the page's own ground: none was found (its words, if any, sat in the
  // page), or its fill is the page's (no colour nor picture of its own).
  const isOnPage = (region: PageProbe['header']): boolean =>
    !region ||
    (region.image === probe.background.image && region.background === probe.background.color);
  out.isHeaderOnPage = isOnPage(probe.header);
  out.isFooterOnPage = isOnPage(probe.footer);
  return out;
}
