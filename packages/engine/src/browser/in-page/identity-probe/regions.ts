/** The header and the footer of the page, and how each is drawn. */
import type { PageProbe } from '../../../measure/page-probe';
import { imageUrl, isOpaque } from './color';
import { isShown, rectOf, style, top } from './dom';
import { fillOf, isInCover, pictureLayoutOf, textColorOf } from './fill';
import { doc, H, W } from './view';

type Region = NonNullable<PageProbe['header']>;

/** Elements that say they are the page's header (else the header is a bar found by its fill). */
export const HEADER_SELECTOR = 'header, [role=banner], #header, .header, .navbar, nav, #top, .top';

/**
 * The page's header: a header element of the first view. Without one, the bar at the top of the
 * first view with a fill of its own and a picture or link in it (ant-site-2004's navy logo bar, a
 * table-era banner): a bar, not a hero.
 */
export function findHeader(background: PageProbe['background']): Element | null {
  const topBar = (): Element | null =>
    [...doc.body.querySelectorAll('div, table, tr, td, section, center')]
      .slice(0, 3000)
      .find((e) => {
        const r = rectOf(e);
        if (top(r) > H * 0.25 || r.width < W * 0.9 || r.height < 40 || r.height > 160) return false;
        if (!isShown(e) || isInCover(e) || !e.querySelector('img, svg, a[href]')) return false;
        const s = style(e);
        return (
          !!imageUrl(s.backgroundImage) ||
          (isOpaque(s.backgroundColor) && s.backgroundColor !== background.color)
        );
      }) || null;
  return (
    [...doc.querySelectorAll(HEADER_SELECTOR)].find(
      (e) => isShown(e) && top(rectOf(e)) < H * 0.6,
    ) || topBar()
  );
}

/** The page's footer: the last shown footer element. */
export function findFooter(): Element | undefined {
  return [...doc.querySelectorAll('footer, [role=contentinfo], #footer, .footer')]
    .filter(isShown)
    .pop();
}

/** How a region is drawn: its fill, its words' colour and its picture (with how it is laid). */
export const regionOf = (e: Element | null | undefined): Region | undefined => {
  if (!e) return undefined;
  const f = fillOf(e);
  const out: Region = { background: f.color, text: textColorOf(e) };
  if (f.image) Object.assign(out, { image: f.image }, pictureLayoutOf(f.element));
  return out;
};
