/**
 * The header band (issue 23): the top of the page that holds the site's name or logo and its main
 * menu, as tall as the visitor sees it. STYLE_MODERNIZATION draws its header about as tall and lays
 * the menu where it was (beside the brand, or under a banner), so that what follows starts where it
 * started; the band's height was the largest single loss of section similarity.
 */
import type { ProbedHeaderBand } from '../../../model/probed-typography';
import { isShown, rectOf, style, text, textOf, top } from './dom';
import { doc, H, W } from './view';

/** A computed gradient the rebuild may write back as it is (colours, angles, stops; no picture). */
const PLAIN_GRADIENT = /^(?:repeating-)?(?:linear|radial)-gradient\([\w\s.,%()#-]*\)$/;
/** The band's title is at least this large (px): a name set as a headline, not a line of text. */
const MIN_TITLE_SIZE = 28;
/** Its middle this near (a share of the window's width) the window's middle: centred. */
const CENTRE_TOLERANCE = 0.04;

/** The band starts this near the page's top (px): a page's own margin, a thin top bar. */
const MAX_BAND_START = 80;
/** A part joins the band when it starts at most this far (px) under the band's bottom so far. */
const MAX_GAP = 24;
/** A band taller than this share of the first screen is a hero, not a header. */
const MAX_BAND_SHARE = 0.6;
/** A menu this far (px) or more below the brand's top, starting under its middle, lies under it. */
const MIN_STACK_OFFSET = 8;

interface Part {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const partOf = (e: Element | null | undefined): Part | undefined => {
  if (!e || !isShown(e)) return undefined;
  const r = rectOf(e);
  const t = top(r);
  return { top: t, bottom: t + r.height, left: r.left, right: r.right };
};

/**
 * The header band of the page: the header element (unless it holds the hero: a masthead is the
 * hero's), the brand (its logo's box when it has one) and the main menu, each joining the band when
 * it starts at its bottom or above; undefined when no such band opens the page or it is as tall as a
 * hero.
 */
export function measureHeaderBand(parts: {
  header: Element | null;
  heroElement: Element | undefined;
  brand: Element | null;
  menu: Element | undefined;
}): ProbedHeaderBand | undefined {
  const { header, heroElement, brand, menu } = parts;
  const headerPart =
    header && !(heroElement && (header.contains(heroElement) || heroElement.contains(header)))
      ? partOf(header)
      : undefined;
  const logo = brand?.querySelector('img, svg');
  const brandPart = partOf(logo && isShown(logo) ? logo : brand);
  // A column of links down a side is a sidebar, not the header's menu bar.
  const menuBox = partOf(menu);
  const menuPart =
    menuBox && menuBox.bottom - menuBox.top <= menuBox.right - menuBox.left ? menuBox : undefined;
  const candidates = [headerPart, brandPart, menuPart]
    .filter((part): part is Part => !!part && part.bottom - part.top >= 8)
    .sort((a, b) => a.top - b.top);
  const first = candidates[0];
  if (!first || first.top > MAX_BAND_START) return undefined;
  // The band runs from the page's top over every part that starts inside it (or just under it).
  let bottom = first.bottom;
  for (const part of candidates.slice(1))
    if (part.top <= bottom + MAX_GAP) bottom = Math.max(bottom, part.bottom);
  const height = Math.round(bottom);
  if (height > H * MAX_BAND_SHARE || height < 24) return undefined;
  const band: ProbedHeaderBand = { height };
  // The menu under the brand (a banner, then a bar of links): where the menu's row starts.
  if (
    brandPart &&
    menuPart &&
    menuPart.top <= bottom &&
    menuPart.top >= brandPart.top + MIN_STACK_OFFSET &&
    menuPart.top >= (brandPart.top + brandPart.bottom) / 2 &&
    menuPart.left < brandPart.right &&
    menuPart.right > brandPart.left
  )
    band.menuTop = Math.round(menuPart.top);
  if (brandPart) {
    const middle = (brandPart.left + brandPart.right) / 2;
    if (
      Math.abs(middle - W / 2) <= W * CENTRE_TOLERANCE &&
      brandPart.right - brandPart.left < W * 0.9
    )
      band.isBrandCentered = true;
  }
  if (headerPart && header) {
    const title = titleOf(header, menu);
    // A band of its own above the menu: the menu starts under the header (not in it).
    if (title && menuPart && !header.contains(menu!) && menuPart.top >= headerPart.bottom - 1)
      band.title = { ...title, height: Math.round(headerPart.bottom) };
    const gradient = style(header).backgroundImage;
    if (PLAIN_GRADIENT.test(gradient)) band.gradient = gradient;
  }
  return band;
}

/**
 * The header's title: its largest words (at least MIN_TITLE_SIZE), centred in the window, in a
 * header holding no menu. Their words, size and colour (computed).
 */
function titleOf(
  header: Element,
  menu: Element | undefined,
): { text: string; size: number; color: string } | undefined {
  if (menu && (header.contains(menu) || menu.contains(header))) return undefined;
  let best: { e: Element; size: number } | undefined;
  for (const e of [header, ...header.querySelectorAll('*')]) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && textOf(n).trim());
    if (!own || !isShown(e)) continue;
    const size = Number.parseFloat(style(e).fontSize);
    if (size >= MIN_TITLE_SIZE && (!best || size > best.size)) best = { e, size };
  }
  if (!best) return undefined;
  // Where its words are drawn (a block's box runs the header's width; its words may not).
  const range = doc.createRange();
  range.selectNodeContents(best.e);
  const r = range.getBoundingClientRect();
  if (r.width === 0 || Math.abs((r.left + r.right) / 2 - W / 2) > W * CENTRE_TOLERANCE)
    return undefined;
  const words = text(best.e);
  if (!words || words.length > 120) return undefined;
  return { text: words, size: Math.round(best.size * 10) / 10, color: style(best.e).color };
}
