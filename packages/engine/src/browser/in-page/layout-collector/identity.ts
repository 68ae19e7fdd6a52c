/**
 * What the identity checks compare: the header (its fill, text colours, controls, pictures), every
 * visible link and button of the page, and the pictures of the first screen.
 */
import type {
  Control,
  HeaderProbe,
  LayoutSnapshot,
  Picture,
} from '../../../measure/layout-snapshot';
import { backgroundOf, collapse, isTransparent, isVisible, selectorOf, style, toBox } from './dom';
import { body, sx, sy, vh, vw } from './view';

const CONTROL_SELECTOR =
  'a[href], button, [role="button"], input[type="submit"], input[type="button"]';

const homePath = (): string => location.pathname.replace(/(index\.[a-z]+)?$/, '') || '/';

/** A link to the site's start page (`/`, `index.html`). */
const isHomeHref = (a: HTMLAnchorElement): boolean => {
  if (!a.href) return false;
  try {
    const u = new URL(a.href, location.href);
    if (u.origin !== location.origin) return false;
    const p = u.pathname.replace(/(index\.[a-z]+)?$/, '');
    const home = homePath();
    return p === '/' || p === '' || (p === home && u.hash === '' && home === '/');
  } catch {
    return false;
  }
};

/** A visible, labelled link or button, else undefined. */
const controlOf = (el: Element): Control | undefined => {
  if (!isVisible(el)) return undefined;
  const r = el.getBoundingClientRect();
  // Off the page (a skip link parked above the top until it is focused) is not shown.
  if (r.width < 2 || r.height < 2 || r.bottom + sy <= 0 || r.right + sx <= 0) return undefined;
  const label =
    collapse(
      el.tagName === 'INPUT' ? (el as HTMLInputElement).value || '' : el.textContent || '',
    ) || collapse(el.getAttribute('aria-label') || '');
  if (label === '') return undefined;
  const s = style(el);
  const filled =
    !isTransparent(s.backgroundColor) &&
    s.backgroundColor !== backgroundOf(el.parentElement || body);
  const button =
    el.tagName === 'BUTTON' ||
    el.tagName === 'INPUT' ||
    el.getAttribute('role') === 'button' ||
    filled;
  return {
    label,
    kind: button ? 'button' : 'link',
    isHome: el.tagName === 'A' && isHomeHref(el as HTMLAnchorElement),
    background: s.backgroundColor,
    box: toBox(r),
  };
};

/** A visible picture (an <img>, an inline <svg>, a CSS background) at least 12 px square. */
const pictureOf = (el: Element): Picture | undefined => {
  const r = el.getBoundingClientRect();
  if (r.width < 12 || r.height < 12 || r.bottom + sy <= 0 || r.right + sx <= 0 || !isVisible(el))
    return undefined;
  if (el.tagName === 'IMG') {
    const img = el as HTMLImageElement;
    return { kind: 'img', src: img.currentSrc || img.src || '', box: toBox(r) };
  }
  if (el.tagName === 'svg' || el.tagName === 'SVG') return { kind: 'svg', src: '', box: toBox(r) };
  const bg = style(el).backgroundImage;
  const m = bg && bg !== 'none' ? /url\(["']?([^"')]+)["']?\)/.exec(bg) : null;
  if (m) return { kind: 'css-background', src: m[1]!, box: toBox(r) };
  return undefined;
};

/**
 * An element's colour counts when it shows text: words only a screen reader gets (a menu toggle's
 * "Toggle navigation" in .sr-only) are left out, as they are from the text blocks.
 */
const showsText = (el: Element): boolean => {
  const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode() as Text | null; node; node = texts.nextNode() as Text | null)
    if (/\S/.test(node.data) && node.parentElement && isVisible(node.parentElement)) return true;
  return false;
};

/** The first visible `header`, `[role=banner]` or `nav` of the first screen, as it is drawn. */
const readHeader = (): HeaderProbe | undefined => {
  const headerEl = Array.from(document.querySelectorAll('header, [role="banner"], nav')).find(
    (el) => {
      if (!isVisible(el)) return false;
      const r = el.getBoundingClientRect();
      return r.height >= 16 && r.width >= vw * 0.5 && r.top + sy < vh;
    },
  );
  if (!headerEl) return undefined;
  const textColors = new Set<string>();
  for (const el of Array.from(headerEl.querySelectorAll('a, h1, h2, h3, p, span, button')).slice(
    0,
    200,
  )) {
    if (isVisible(el) && showsText(el)) textColors.add(style(el).color);
  }
  const pictures: Picture[] = [];
  for (const el of [headerEl, ...Array.from(headerEl.querySelectorAll('*')).slice(0, 400)]) {
    if (el === headerEl && (el.tagName === 'HEADER' || el.tagName === 'NAV')) {
      const p = pictureOf(el);
      if (p && p.kind === 'css-background' && p.box.width < vw * 0.5) pictures.push(p);
      continue;
    }
    const p = pictureOf(el);
    if (p) pictures.push(p);
  }
  return {
    selector: selectorOf(headerEl),
    box: toBox(headerEl.getBoundingClientRect()),
    background: backgroundOf(headerEl),
    controls: Array.from(headerEl.querySelectorAll(CONTROL_SELECTOR))
      .slice(0, 200)
      .map(controlOf)
      .filter((c): c is Control => Boolean(c)),
    textColors: Array.from(textColors),
    pictures,
  };
};

/** The header, the page's controls and the first screen's pictures. */
export function collectIdentity(): NonNullable<LayoutSnapshot['identity']> {
  const controls: Control[] = [];
  for (const el of Array.from(document.querySelectorAll(CONTROL_SELECTOR)).slice(0, 600)) {
    const c = controlOf(el);
    if (c) controls.push(c);
    if (controls.length >= 300) break;
  }
  const header = readHeader();
  const firstScreenPictures: Picture[] = [];
  for (const el of Array.from(body.querySelectorAll('*')).slice(0, 4000)) {
    const r = el.getBoundingClientRect();
    if (r.top + sy >= vh || r.bottom + sy <= 0 || r.width < 12 || r.height < 12) continue;
    if (el.tagName !== 'IMG' && el.tagName !== 'svg' && style(el).backgroundImage === 'none')
      continue;
    const p = pictureOf(el);
    if (p) firstScreenPictures.push(p);
  }
  const visibleArea = (p: Picture): number =>
    Math.max(0, Math.min(p.box.x + p.box.width, vw) - Math.max(p.box.x, 0)) *
    Math.max(0, Math.min(p.box.y + p.box.height, vh) - Math.max(p.box.y, 0));
  firstScreenPictures.sort((a, b) => visibleArea(b) - visibleArea(a));
  return { header, controls, firstScreenPictures: firstScreenPictures.slice(0, 12) };
}
