/**
 * The header's other parts (issue 23): what the header band shows besides the brand and the main
 * menu. School, business and government themes put a thin strip across the top (phone, e-mail,
 * social links, a language link, a date) and contact lines or an address beside the logo. Read as
 * content they became the page's first words, above the slider; marked here with their place, they
 * stay in the rebuilt header. Places come from the rendered boxes, never from class names: above the
 * brand and the menu across the page (`strip`), beside the brand (`start`/`end` in the header's own
 * direction) or under it (`under`).
 */
import type { ProbedHeaderBand } from '../../../model/probed-typography';
import { PROBE_MARKS, markSelector } from '../../../measure/probe-marks';
import { isOpaque } from './color';
import { isShown, rectOf, style, text, top } from './dom';
import { fillOf, textColorOf } from './fill';
import { HEADER_SELECTOR } from './regions';
import { body, W } from './view';

/** A strip is at most this tall (px), starts this near the page's top and spans this share of it. */
const STRIP_MAX_HEIGHT = 64;
const STRIP_MAX_TOP = 8;
const STRIP_MIN_SHARE = 0.9;
/** A line under the brand is at most this tall (px): a caption, not a block of content. */
const UNDER_MAX_HEIGHT = 96;
/** Pictures smaller than this (px) on a side are decoration (a shadow's edge, a spacer). */
const MIN_PICTURE = 12;
/** Marks that already say what a part is: not the header's words. */
const OTHER_MARKS = [
  PROBE_MARKS.dock,
  PROBE_MARKS.overlay,
  PROBE_MARKS.skipLink,
  PROBE_MARKS.splash,
].map(markSelector);

type Place = 'strip' | 'start' | 'end' | 'under';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const boxOf = (e: Element): Box => {
  const r = rectOf(e);
  const t = top(r);
  return { top: t, bottom: t + r.height, left: r.left, right: r.right };
};

/** Words, or a picture big enough to be seen, shown in the element. */
function hasContent(e: Element): boolean {
  if (text(e).length > 0 && (e as HTMLElement).innerText?.trim()) return true;
  return [...e.querySelectorAll('img, svg')].some((picture) => {
    const r = rectOf(picture);
    return isShown(picture) && r.width >= MIN_PICTURE && r.height >= MIN_PICTURE;
  });
}

/** Where a part of the header stands against the brand's box, or undefined when it is no header part. */
function placeOf(
  part: Box,
  brand: Box,
  menu: Box | undefined,
  band: number,
  rtl: boolean,
): Place | undefined {
  const height = part.bottom - part.top;
  if (part.top >= band - 2 || part.bottom > band + 2) return undefined;
  // Above the brand and the menu, across the page, thin.
  if (
    part.bottom <= brand.top + 2 &&
    (!menu || part.bottom <= menu.top + 2) &&
    part.top <= STRIP_MAX_TOP &&
    height <= STRIP_MAX_HEIGHT &&
    part.right - part.left >= W * STRIP_MIN_SHARE
  )
    return 'strip';
  // Under the menu's row is the page's, not the header's.
  if (menu && part.top >= menu.bottom - 2) return undefined;
  const besideRows = part.top < brand.bottom && part.bottom > brand.top;
  // Left of the brand is where a line starts, unless the header runs right to left.
  if (besideRows && part.right <= brand.left + 2) return rtl ? 'end' : 'start';
  if (besideRows && part.left >= brand.right - 2) return rtl ? 'start' : 'end';
  if (
    part.top >= brand.bottom - 2 &&
    height <= UNDER_MAX_HEIGHT &&
    part.left < brand.right &&
    part.right > brand.left &&
    (!menu || part.bottom <= menu.top + 2)
  )
    return 'under';
  return undefined;
}

/** A picture this large (px) each way at a header's start can stand for its brand. */
const MIN_BRAND_PICTURE = 24;

/**
 * The picture a header without a brand link opens with, on the side its lines start (a table-era
 * logo bar: an unlinked logo, a title picture, a search box): it places the other parts as a
 * linked brand would. Undefined for a header marked up as one, or when the header's first picture of a
 * size does not stand in its first half.
 */
export function findPictureBrand(header: Element): Element | undefined {
  // A header marked up as one is a theme's: one whose brand has no link may draw its menu as
  // pictures the probe does not read as a menu (rollover images), which would be taken for parts.
  if (header.matches(HEADER_SELECTOR)) return undefined;
  const rtl = style(header).direction === 'rtl';
  const box = rectOf(header);
  const picture = [...header.querySelectorAll('img, svg')].find((e) => {
    const r = rectOf(e);
    return isShown(e) && r.width >= MIN_BRAND_PICTURE && r.height >= MIN_BRAND_PICTURE;
  });
  if (!picture) return undefined;
  const r = rectOf(picture);
  const middle = box.left + box.width / 2;
  return (rtl ? r.left >= middle : r.right <= middle) ? picture : undefined;
}

/**
 * Marks the header's parts besides the brand and the menu with PROBE_MARKS.headerPart, each the
 * largest element holding neither; a part that stands nowhere one place says is looked into. Returns
 * the strip's look when there is one. Nothing is marked without a band, or a brand in the header
 * (a header without a brand link: the picture it opens with, {@link findPictureBrand}).
 */
export function markHeaderParts(parts: {
  header: Element | null;
  brand: Element | null;
  menu: Element | undefined;
  band: ProbedHeaderBand | undefined;
}): ProbedHeaderBand['strip'] {
  const { header, menu, band } = parts;
  if (!header || !band || header === body) return undefined;
  const brand = parts.brand ?? findPictureBrand(header);
  if (!brand || !header.contains(brand)) return undefined;
  const logo = brand.matches('img, svg') ? brand : brand.querySelector('img, svg');
  const brandBox = boxOf(logo && isShown(logo) ? logo : brand);
  const menuBox = menu && isShown(menu) && header.contains(menu) ? boxOf(menu) : undefined;
  // The header's lines start on its own side: the strip's and the sides' places follow it.
  const rtl = style(header).direction === 'rtl';
  const marked: { element: Element; place: Place }[] = [];
  const visit = (e: Element, depth: number): void => {
    for (const child of e.children) {
      // Nothing inside the menu's element is a part of its own (the menu found may be the whole bar).
      if (child === brand || (menu && menu.contains(child)) || !isShown(child)) continue;
      if (OTHER_MARKS.some((selector) => child.matches(selector))) continue;
      if (child.contains(brand) || (menu && child.contains(menu))) {
        visit(child, depth + 1);
        continue;
      }
      if (!hasContent(child)) continue;
      const place = placeOf(boxOf(child), brandBox, menuBox, band.height, rtl);
      if (place) marked.push({ element: child, place });
      // A row holding parts on both sides of the brand's column, without it (rare): its columns.
      else if (depth < 6 && child.children.length > 1) visit(child, depth + 1);
    }
  };
  visit(header, 0);
  // A strip drawn before the header element (its own bar above it in the markup).
  for (let e: Element | null = header; e && e !== body; e = e.parentElement) {
    for (let s = e.previousElementSibling; s; s = s.previousElementSibling) {
      if (!isShown(s) || !hasContent(s) || OTHER_MARKS.some((selector) => s!.matches(selector)))
        continue;
      if (placeOf(boxOf(s), brandBox, menuBox, band.height, rtl) === 'strip')
        marked.push({ element: s, place: 'strip' });
    }
  }
  let strip: ProbedHeaderBand['strip'];
  for (const { element, place } of marked) {
    element.setAttribute(PROBE_MARKS.headerPart, place);
    if (place !== 'strip' || strip) continue;
    const fill = fillOf(element);
    // A strip is a bar of its own colour; one on the header's own ground is drawn on the header.
    if (!isOpaque(fill.color) || fill.element.contains(brand)) continue;
    const r = rectOf(element);
    strip = { height: Math.round(r.height), color: fill.color, text: textColorOf(element) };
  }
  return strip;
}
