/**
 * The header as a phone shows it (issue 23): fetch runs this after the identity probe, once the page
 * is resized to 375 px (stages/fetch/identity-probe.ts). The probe measured the header band at
 * 1440 px only, and a rebuild's phone header drawn at a fixed 64 px pushed every section under it
 * off the original's rows where the original's phone bar was shorter, taller or absent.
 *
 * It reads the band that opens the page at the phone's width: the header element, the brand (marked
 * by the probe; its logo's box when shown), the main menu (marked; shown only where it did not fold
 * away) and the button that unfolds the menu, each joining the band when it starts at its bottom or
 * just under it. Its height is 0 when nothing of these opens the page (a page whose first screen
 * is its content, a title band whose menu comes under it). The keys are in the schema's order
 * (model/probed-typography.ts).
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import type { ProbedPhoneHeader } from '../../../model/probed-typography';
import { isShown, rectOf, top } from './dom';

/** The band starts this near the page's top (px): a page's own margin, a thin top bar. */
const MAX_BAND_START = 48;
/** A part joins the band when it starts at most this far (px) under the band's bottom so far. */
const MAX_GAP = 16;
/** A band taller than this share of the phone's first screen is a hero or a title band, not a bar. */
const MAX_BAND_SHARE = 0.4;
/** A menu button: a control at most this large (px) either way, whose middle is in the first screen's top. */
const MAX_BUTTON_SIDE = 120;
const MAX_BUTTON_TOP = 240;

/** Controls that unfold a phone's menu (a hamburger, a "Menu" button or label). */
const MENU_BUTTON_SELECTOR =
  'button, [role=button], [aria-expanded], [aria-controls], [data-toggle], [data-bs-toggle], label[for], .navbar-toggle, .navbar-toggler, .menu-toggle, .nav-toggle, .hamburger, [class*=burger], [class*=menu-button], [class*=menu-btn], [class*=menu], [class*=nav], [id*=menu], [id*=nav], a[href^="#"]';
/** Words and names that say a control opens the menu or the navigation. */
const MENU_WORDS = /men[uú]|nav|burger|bars|メニュー|菜单|選單/i;

interface Part {
  e: Element;
  top: number;
  bottom: number;
}

const partOf = (e: Element | null | undefined): Part | undefined => {
  if (!e || !isShown(e)) return undefined;
  const r = rectOf(e);
  const t = top(r);
  return r.height >= 8 ? { e, top: t, bottom: t + r.height } : undefined;
};

const isButtonSized = (e: Element): boolean => {
  const r = rectOf(e);
  return r.width <= MAX_BUTTON_SIDE && r.height <= MAX_BUTTON_SIDE;
};

/** Whether a control names the menu (its words, label, class, id or what it controls). */
function isMenuButton(e: Element): boolean {
  const names = [
    e.textContent || '',
    e.getAttribute('aria-label') || '',
    e.getAttribute('title') || '',
    e.getAttribute('aria-controls') || '',
    e.getAttribute('data-target') || e.getAttribute('data-bs-target') || '',
    e.getAttribute('href') || '',
    typeof e.className === 'string' ? e.className : '',
    e.id,
  ].join(' ');
  return MENU_WORDS.test(names);
}

/** The shown control nearest the top that unfolds the menu: its box, when there is one. */
function findMenuButton(menu: Element | null): Part | undefined {
  let best: Part | undefined;
  for (const e of document.querySelectorAll(MENU_BUTTON_SELECTOR)) {
    // A control in the menu's list is one of its items or dropdowns, not the button that unfolds it.
    const item = e.closest('li, ul, ol');
    if (menu && item && menu.contains(item)) continue;
    if (e.closest('footer, [role=contentinfo]')) continue;
    const r = rectOf(e);
    if (!isButtonSized(e) || top(r) + r.height / 2 < 0) continue;
    if (top(r) + r.height / 2 > MAX_BUTTON_TOP || !isShown(e) || !isMenuButton(e)) continue;
    const part = partOf(e);
    if (part && (!best || part.top < best.top)) best = part;
  }
  return best;
}

/** The page's header element as a phone shows it: a header landmark near the top. */
function findHeaderElement(viewHeight: number): Element | undefined {
  return [...document.querySelectorAll('header, [role=banner], #header, .header, .navbar')].find(
    (e) => isShown(e) && top(rectOf(e)) < MAX_BAND_START && rectOf(e).height < viewHeight * 0.6,
  );
}

/** The source a picture shows (the file its `src` resolves to). */
const sourceOf = (img: Element): string =>
  img instanceof HTMLImageElement ? img.currentSrc || img.src : img.getAttribute('src') || '';

/**
 * A copy of the brand's logo shown near the top where the brand itself is hidden: a theme that hides
 * its header on phones and opens the page with a bar of its own holding the same picture and the
 * menu's button.
 */
function findLogoCopy(logo: Element): Part | undefined {
  const source = sourceOf(logo);
  if (!source) return undefined;
  for (const img of document.querySelectorAll('img')) {
    if (img === logo || sourceOf(img) !== source) continue;
    const part = partOf(img);
    if (part && part.top <= MAX_BAND_START && part.bottom > 0) return part;
  }
  return undefined;
}

/**
 * The bar that opens the page at a phone's width (view: the window's size as the script starts), or
 * undefined when the page has no body. The bar is what the rebuild's phone header holds, the brand
 * and the menu's button, with the header element around either; the menu's links join it when they
 * show beside the brand. Words or a picture at the top without either (a title band, a hero whose
 * menu comes under it, the content itself) are no bar: its height is 0.
 */
export function measurePhoneHeader(view: { height: number }): ProbedPhoneHeader | undefined {
  if (!document.body) return undefined;
  const brand = document.querySelector(markSelector(PROBE_MARKS.brand));
  const logo = brand?.querySelector('img, svg');
  const menu = document.querySelector(markSelector(PROBE_MARKS.menu));
  const brandPart =
    partOf(logo && isShown(logo) ? logo : brand) ??
    (logo?.tagName.toLowerCase() === 'img' ? findLogoCopy(logo) : undefined);
  const button = findMenuButton(menu);
  const held = [brandPart, button].filter((part): part is Part => part !== undefined);
  const none: ProbedPhoneHeader = { height: 0 };
  if (held.length === 0) return none;
  // The header element that holds the brand or the button sets the bar's bounds (its padding).
  const header = findHeaderElement(view.height);
  const holds =
    header && ((brand && header.contains(brand)) || (button && header.contains(button.e)));
  const menuPart = partOf(menu);
  const parts = [
    ...held,
    ...(holds ? [partOf(header)] : []),
    // Links shown beside the brand, in its rows (a short menu that never folds).
    ...(menuPart &&
    brandPart &&
    menuPart.top >= brandPart.top - MAX_GAP &&
    menuPart.top < brandPart.bottom
      ? [menuPart]
      : []),
  ]
    .filter((part): part is Part => part !== undefined)
    .sort((a, b) => a.top - b.top);
  const first = parts[0]!;
  if (first.top > MAX_BAND_START || first.top < -MAX_GAP) return none;
  let bottom = first.bottom;
  for (const part of parts.slice(1))
    if (part.top <= bottom + MAX_GAP) bottom = Math.max(bottom, part.bottom);
  const height = Math.round(bottom);
  if (height > view.height * MAX_BAND_SHARE) return none;
  const band: ProbedPhoneHeader = { height };
  // The menu's button beside the brand, in its rows (a bar), rather than in a row under it.
  if (brandPart && button && button.top < brandPart.bottom && button.bottom > brandPart.top)
    band.isOneRow = true;
  return band;
}

/** The in-page entry: the band at the window's size. */
export function run(): ProbedPhoneHeader | undefined {
  return measurePhoneHeader({ height: window.innerHeight || 812 });
}
