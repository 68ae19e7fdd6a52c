/**
 * What the identity and "never worse" checks compare: the header (its fill, text colours, controls,
 * pictures), every visible link and button of the page (with where it sits), the pictures of the
 * first screen and of the whole page, the logo as drawn, and the texts the identity probe marked as
 * not content (overlays, hidden states, print-only).
 */
import type {
  Control,
  HeaderProbe,
  LayoutSnapshot,
  Picture,
} from '../../../measure/layout-snapshot';
import type { MarkedText } from '../../../measure/layout-snapshot';
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
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

const MENU_SELECTOR = markSelector(PROBE_MARKS.menu);
const FOOTER_SELECTOR = 'footer, [role="contentinfo"]';

/** Where a control sits: in the header or a marked main menu, in the footer, or elsewhere. */
const placeOf = (el: Element, headerEl: Element | undefined): Control['place'] => {
  if ((headerEl && headerEl.contains(el)) || el.closest(MENU_SELECTOR)) return 'header';
  return el.closest(FOOTER_SELECTOR) ? 'footer' : 'main';
};

/** A visible, labelled link or button, else undefined. */
const controlOf = (el: Element, headerEl?: Element): Control | undefined => {
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
  const control: Control = {
    label,
    kind: button ? 'button' : 'link',
    isHome: el.tagName === 'A' && isHomeHref(el as HTMLAnchorElement),
    background: s.backgroundColor,
    box: toBox(r),
    place: placeOf(el, headerEl),
  };
  if (el.tagName === 'A' && (el as HTMLAnchorElement).href)
    control.href = (el as HTMLAnchorElement).href.slice(0, 4_096);
  const lang = el.getAttribute('hreflang') || el.getAttribute('lang');
  if (lang) control.lang = lang.slice(0, 100);
  const group = el.parentElement?.closest('[aria-label]')?.getAttribute('aria-label');
  if (group) control.group = collapse(group).slice(0, 200);
  return control;
};

/** A visible picture (an <img>, an inline <svg>, a CSS background) at least 12 px square. */
const pictureOf = (el: Element): Picture | undefined => {
  const r = el.getBoundingClientRect();
  if (r.width < 12 || r.height < 12 || r.bottom + sy <= 0 || r.right + sx <= 0 || !isVisible(el))
    return undefined;
  // A link whose only content is the picture: a picture link (a menu drawn as pictures).
  const link = el.closest('a[href]') as HTMLAnchorElement | null;
  const href = link && collapse(link.textContent || '') === '' ? link.href.slice(0, 4_096) : '';
  if (el.tagName === 'IMG') {
    const img = el as HTMLImageElement;
    const picture: Picture = {
      kind: 'img',
      src: img.currentSrc || img.src || '',
      box: toBox(r),
      natural: { width: img.naturalWidth, height: img.naturalHeight },
      // Loaded (not a lazy picture still waiting) and yet no pixels: the browser shows the alt text.
      broken: img.complete && img.naturalWidth === 0 && Boolean(img.currentSrc || img.src),
    };
    if (img.alt) picture.alt = collapse(img.alt).slice(0, 2_000);
    if (href) picture.href = href;
    return picture;
  }
  if (el.tagName === 'svg' || el.tagName === 'SVG')
    return { kind: 'svg', src: '', box: toBox(r), ...(href ? { href } : {}) };
  const bg = style(el).backgroundImage;
  const m = bg && bg !== 'none' ? /url\(["']?([^"')]+)["']?\)/.exec(bg) : null;
  if (m) return { kind: 'css-background', src: m[1]!, box: toBox(r), ...(href ? { href } : {}) };
  return undefined;
};

/** The largest picture of an element and its descendants. */
const largestPictureIn = (el: Element): Picture | undefined => {
  let best: Picture | undefined;
  for (const candidate of [el, ...Array.from(el.querySelectorAll('*')).slice(0, 100)]) {
    const p = pictureOf(candidate);
    if (p && (!best || p.box.width * p.box.height > best.box.width * best.box.height)) best = p;
  }
  return best;
};

/**
 * The logo as drawn: the picture of the brand element the identity probe marked (the original),
 * else of the header's first home link holding one (the rebuild's brand link).
 */
const readLogo = (headerEl: Element | undefined): Picture | undefined => {
  const brand = document.querySelector(markSelector(PROBE_MARKS.brand));
  if (brand && isVisible(brand)) {
    const p = largestPictureIn(brand);
    if (p) return p;
  }
  if (!headerEl) return undefined;
  for (const a of Array.from(headerEl.querySelectorAll('a[href]')).slice(0, 50)) {
    if (!isHomeHref(a as HTMLAnchorElement)) continue;
    const p = largestPictureIn(a);
    if (p) return p;
  }
  return undefined;
};

const MARKS: [string, MarkedText['kind']][] = [
  [markSelector(PROBE_MARKS.overlay), 'overlay'],
  [markSelector(PROBE_MARKS.hidden), 'hidden'],
  [markSelector(PROBE_MARKS.printOnly), 'print-only'],
];

/**
 * A hidden text that is a form's state (a sent or error message a script reveals), as extract
 * tells them (stages/extract/walk/form-state.ts): in a form, beside one, or an alert or status; no
 * heading (a hidden heading is content waiting for an animation or a slide), a message's length.
 */
const isFormState = (el: Element, text: string): boolean => {
  if (
    text.length > 300 ||
    el.matches('h1, h2, h3, h4, h5, h6') ||
    el.querySelector('h1, h2, h3, h4, h5, h6')
  )
    return false;
  if (el.closest('form, [role="alert"], [role="status"], [aria-live]')) return true;
  const parent = el.parentElement;
  return Boolean(
    parent &&
    Array.from(parent.children).some(
      (sibling) => sibling !== el && (sibling.tagName === 'FORM' || sibling.querySelector('form')),
    ),
  );
};

/** The words of the elements the identity probe marked as not content (none in a rebuild). */
const readMarked = (): MarkedText[] => {
  const marked: MarkedText[] = [];
  for (const [selector, kind] of MARKS)
    for (const el of Array.from(document.querySelectorAll(selector)).slice(0, 40)) {
      const text = collapse(el.textContent || '').slice(0, 500);
      if (text === '' || (kind === 'hidden' && !isFormState(el, text))) continue;
      marked.push({ kind, text });
    }
  return marked.slice(0, 60);
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

/** The first visible `header`, `[role=banner]` or `nav` of the first screen. */
const findHeader = (): Element | undefined =>
  Array.from(document.querySelectorAll('header, [role="banner"], nav')).find((el) => {
    if (!isVisible(el)) return false;
    const r = el.getBoundingClientRect();
    return r.height >= 16 && r.width >= vw * 0.5 && r.top + sy < vh;
  });

/** The header as it is drawn. */
const readHeader = (headerEl: Element | undefined): HeaderProbe | undefined => {
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
      .map((el) => controlOf(el, headerEl))
      .filter((c): c is Control => Boolean(c)),
    textColors: Array.from(textColors),
    pictures,
  };
};

/** Most pictures of filtered items read, and the items of a list at least (a gallery, not a pair). */
const MAX_FILTERED = 100;
const MIN_FILTERED_ITEMS = 3;

/**
 * The pictures of items a filter hid at load (a filterable gallery showing one category): an item is
 * the nearest ancestor of an <img> among at least three siblings of its tag; it counts when it is
 * hidden itself (`display: none`) while at least two of those siblings show. A slider, which shows
 * one slide, does not count.
 */
const readFilteredPictures = (): string[] => {
  const filtered: string[] = [];
  for (const img of Array.from(body.querySelectorAll('img')).slice(0, 3000)) {
    const src = img.currentSrc || img.src;
    if (!src || src.startsWith('data:')) continue;
    for (let item: Element = img; item.parentElement && item.parentElement !== body;) {
      const parent: Element = item.parentElement;
      const tag = item.tagName;
      const siblings = Array.from(parent.children).filter((child) => child.tagName === tag);
      if (siblings.length >= MIN_FILTERED_ITEMS) {
        const shown = siblings.filter((child) => isVisible(child)).length;
        if (shown >= 2 && style(item).display === 'none') filtered.push(src.slice(0, 4_096));
        break;
      }
      item = parent;
    }
    if (filtered.length >= MAX_FILTERED) break;
  }
  return filtered;
};

/** The header, the page's controls and the first screen's pictures. */
export function collectIdentity(): NonNullable<LayoutSnapshot['identity']> {
  const headerEl = findHeader();
  const controls: Control[] = [];
  for (const el of Array.from(document.querySelectorAll(CONTROL_SELECTOR)).slice(0, 600)) {
    const c = controlOf(el, headerEl);
    if (c) controls.push(c);
    if (controls.length >= 300) break;
  }
  const header = readHeader(headerEl);
  const firstScreenPictures: Picture[] = [];
  const pictures: Picture[] = [];
  for (const el of Array.from(body.querySelectorAll('*')).slice(0, 8000)) {
    if (el.tagName !== 'IMG' && el.tagName !== 'svg' && style(el).backgroundImage === 'none')
      continue;
    const r = el.getBoundingClientRect();
    if (r.width < 12 || r.height < 12) continue;
    const p = pictureOf(el);
    if (!p) continue;
    if (r.top + sy < vh && r.bottom + sy > 0) firstScreenPictures.push(p);
    if (r.width >= 24 && r.height >= 24 && pictures.length < 300) pictures.push(p);
  }
  const visibleArea = (p: Picture): number =>
    Math.max(0, Math.min(p.box.x + p.box.width, vw) - Math.max(p.box.x, 0)) *
    Math.max(0, Math.min(p.box.y + p.box.height, vh) - Math.max(p.box.y, 0));
  firstScreenPictures.sort((a, b) => visibleArea(b) - visibleArea(a));
  const logo = readLogo(headerEl);
  const marked = readMarked();
  const filtered = readFilteredPictures();
  return {
    header,
    controls,
    firstScreenPictures: firstScreenPictures.slice(0, 12),
    pictures,
    ...(logo ? { logo } : {}),
    ...(marked.length > 0 ? { marked } : {}),
    ...(filtered.length > 0 ? { filtered } : {}),
  };
}
