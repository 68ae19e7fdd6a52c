/**
 * The menus: the main menu and the other bars of the first view (marked PROBE_MARKS.menu), and how
 * their items are drawn (boxes, pills, a plate of their own).
 */
import type { PageProbe } from '../../../measure/page-probe';
import { isLanguageGroup, toLinkLanguage } from '../../../measure/language-links';
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import type { ProbedMenuBar, ProbedMenuRow } from '../../../model/probed-typography';
import { alphaOf, gradientColor, imageUrl, isOpaque } from './color';
import { add, isShown, ranked, rectOf, style, text, top } from './dom';
import { fillOf } from './fill';
import { body, doc, H, W } from './view';

/** A nav-like list of the page: how many links it holds, where it sits, whether it shows. */
export interface Menu {
  e: Element;
  links: number;
  y: number;
  shown: boolean;
  dropdown: boolean;
}

const MENU = markSelector(PROBE_MARKS.menu);

/**
 * A menu's links: its anchors with an address. A <nav> (or role=navigation) holding none shows
 * its anchors without one all the same: HTML's placeholder links, a page builder's menu left
 * unwired or wired by script. Drawn as a menu, they are the menu the page shows (issue 23).
 */
function linksIn(e: Element): Element[] {
  const linked = [...e.querySelectorAll('a[href]')];
  if (linked.length > 0 || !(e.tagName === 'NAV' || e.getAttribute('role') === 'navigation'))
    return linked;
  return [...e.querySelectorAll('a')].filter((a) => text(a));
}

/**
 * Marks the main menu: the nav-like list nearest the top with the most links, dropdowns included;
 * and another bar of the first view (a <nav> of its own, a quick-links bar with dropdowns).
 */
export function markMenus(): Menu | undefined {
  const dropdownBars = [
    ...doc.querySelectorAll('.dropdown-toggle, [aria-haspopup=true], [aria-haspopup=menu]'),
  ]
    .map((toggle) => {
      // From the dropdown's own wrapper up to the bar that holds other links beside it.
      const wrapper = toggle.parentElement;
      const own = wrapper ? wrapper.querySelectorAll('a[href]').length : 0;
      let e = wrapper && wrapper.parentElement;
      while (e && e !== body && e.querySelectorAll('a[href]').length <= own) e = e.parentElement;
      return e;
    })
    .filter((e): e is HTMLElement => !!e && e !== body);
  const menus: Menu[] = [
    ...new Set([
      ...doc.querySelectorAll(
        'nav, [role=navigation], ul.nav, ul.navbar-nav, #menu, .menu, #nav, .nav, ul[class*=menu], #navigation, .navigation',
      ),
      ...dropdownBars,
    ]),
  ]
    .filter((e) => !e.closest('footer, [role=contentinfo], #footer, .footer'))
    .map((e) => ({
      e,
      links: linksIn(e).length,
      y: top(rectOf(e)),
      shown: isShown(e),
      dropdown: !!e.querySelector(
        '.dropdown-toggle, [aria-haspopup], .dropdown-menu, .sub-menu, .submenu, ul ul',
      ),
    }))
    .filter((m) => m.links >= 2 && m.y < H * 1.5)
    // A bar of language versions only ("EN | DE", flags) is the site's languages, never its menu
    // (issue 23): marked so, it is left to the language switcher.
    .filter((m) => {
      if (!isLanguageBar(m.e)) return true;
      m.e.setAttribute(PROBE_MARKS.language, '');
      return false;
    });
  // Shown menus first, then the one with most links (dropdown entries count: they are hidden, not gone).
  menus.sort((a, b) => Number(b.shown) - Number(a.shown) || b.links - a.links || a.y - b.y);
  const menu = menus[0];
  if (menu) menu.e.setAttribute(PROBE_MARKS.menu, '');
  for (const other of menus.slice(1)) {
    if (!other.shown || other.y > H * 0.8) continue;
    if (!(
      other.dropdown ||
      other.e.tagName === 'NAV' ||
      other.e.getAttribute('role') === 'navigation'
    ))
      continue;
    if (
      doc.querySelector(MENU) &&
      [...doc.querySelectorAll(MENU)].some((m) => m.contains(other.e) || other.e.contains(m))
    )
      continue;
    other.e.setAttribute(PROBE_MARKS.menu, '');
  }
  return menu;
}

/** True when every link of the bar leads to the same site in another language (measure/language-links.ts). */
function isLanguageBar(bar: Element): boolean {
  const pageUrl = doc.location.href;
  const languages = [...bar.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) =>
    toLinkLanguage(
      {
        label: text(a),
        href: a.href,
        hreflang: a.getAttribute('hreflang') ?? undefined,
        lang: a.getAttribute('lang') ?? undefined,
        pictures: [...a.querySelectorAll('img')]
          .flatMap((img) => [
            img.alt,
            img.title,
            img.getAttribute('src')?.split(/[?#]/)[0]?.split('/').pop() ?? '',
          ])
          .filter(Boolean),
      },
      pageUrl,
    ),
  );
  return isLanguageGroup(languages);
}

/** A link of a list nested in a menu's item (a dropdown), or parked left of the page until hovered. */
function isInDropdown(a: Element): boolean {
  const outer = a.closest('li')?.parentElement?.closest('li');
  return (!!outer && !!outer.closest(MENU)) || rectOf(a).right <= 0;
}

/** The menu's top-level links in sight (a dropdown's are not on its row). */
function topLinksOf(menu: Menu): Element[] {
  return linksIn(menu.e).filter((a) => {
    const r = rectOf(a);
    return isShown(a) && text(a) && top(r) < H && r.left >= 0 && r.right <= W && !isInDropdown(a);
  });
}

/**
 * A menu link drawn as a box or pill of its own: padded words with a fill unlike what lies under
 * it, or a border (even a faint one) around them; what it is drawn with, else undefined.
 */
function boxOfLink(a: Element): { filled: boolean; outlined: boolean } | undefined {
  const s = style(a);
  const faint = (c: string): boolean => alphaOf(c) >= 0.04;
  const filled = faint(s.backgroundColor) && s.backgroundColor !== fillOf(a.parentElement).color;
  const outlined =
    Number.parseFloat(s.borderTopWidth) >= 1 &&
    s.borderTopStyle !== 'none' &&
    Number.parseFloat(s.borderBottomWidth) >= 1 &&
    faint(s.borderTopColor);
  const padded = Number.parseFloat(s.paddingLeft) >= 8 && Number.parseFloat(s.paddingTop) >= 4;
  if (!(padded && /inline-block|block|flex|grid/.test(s.display) && (filled || outlined)))
    return undefined;
  return { filled, outlined };
}

/** The lines a link's words take (their boxes' distinct tops; an icon beside them shares a line). */
function linesOf(a: Element): number {
  const range = doc.createRange();
  range.selectNodeContents(a);
  const tops: number[] = [];
  for (const r of range.getClientRects()) {
    if (r.width === 0 || r.height === 0) continue;
    // A box on a line already counted: it starts above that line's bottom.
    if (!tops.some((t) => Math.abs(t - r.top) < r.height * 0.6)) tops.push(r.top);
  }
  return tops.length;
}

/** Rows of links this much (px) or less apart at the top are one row. */
const ROW_TOLERANCE = 8;

/**
 * How the main menu's top-level links lay (issue 23): gathered in the middle of the widest box
 * around them (each row as much room left as right, and some room; a menu beside the brand is
 * never centred so), each label on one line, and the radius (px) of their boxes or pills where most
 * of them were drawn so. From their rendered boxes and computed styles; undefined for no row.
 */
export function measureMenuRow(menu: Menu | undefined): ProbedMenuRow | undefined {
  if (!menu || !menu.shown) return undefined;
  const links = topLinksOf(menu);
  if (links.length < 2) return undefined;
  const boxes = links.map(rectOf);
  const left = Math.min(...boxes.map((r) => r.left));
  const right = Math.max(...boxes.map((r) => r.right));
  const upper = Math.min(...boxes.map((r) => r.top));
  const lower = Math.max(...boxes.map((r) => r.bottom));
  if (right - left < lower - upper) return undefined;
  const row: ProbedMenuRow = {};
  // The box the row is centred in: the nearest ancestor most of the page wide.
  let frame: Element | null = menu.e;
  while (frame && frame !== body && rectOf(frame).width < W * 0.6) frame = frame.parentElement;
  if (frame) {
    const f = frame === body ? { left: 0, right: W, width: W } : rectOf(frame);
    const rows = new Map<number, { left: number; right: number }>();
    for (const r of boxes) {
      const key = [...rows.keys()].find((t) => Math.abs(t - r.top) <= ROW_TOLERANCE) ?? r.top;
      const seen = rows.get(key);
      rows.set(key, {
        left: Math.min(seen?.left ?? r.left, r.left),
        right: Math.max(seen?.right ?? r.right, r.right),
      });
    }
    const spans = [...rows.values()];
    const tolerance = Math.max(24, f.width * 0.03);
    if (
      spans.every((s) => Math.abs(s.left - f.left - (f.right - s.right)) <= tolerance) &&
      spans.some((s) => s.left - f.left > f.width * 0.1)
    )
      row.isCentered = true;
  }
  if (links.every((a) => linesOf(a) <= 1)) row.isOneLine = true;
  // Pills or boxes: the corner most of the boxed links share.
  const radii = new Map<string, number>();
  let boxed = 0;
  for (const a of links) {
    if (!boxOfLink(a)) continue;
    boxed++;
    add(radii, style(a).borderTopLeftRadius, 1);
  }
  const radius = ranked(radii)[0];
  if (radius && boxed >= links.length * 0.6) {
    const px = Number.parseFloat(radius.color);
    if (Number.isFinite(px)) row.radius = Math.round(px);
  }
  // Set last: the schema's key order, which the answer keeps.
  const heights = boxes.map((r) => r.height).sort((a, b) => a - b);
  row.linkHeight = Math.round(heights[Math.floor(heights.length / 2)]!);
  return row;
}

/** A band this much (px) taller than the menu's links is a region (a header), not the menu's bar. */
const BAR_SLACK = 48;
/** A bar stacked under the menu's bar is at most this tall (px): a row of links, not a section. */
const MAX_UNDER_BAR = 120;

/**
 * How tall the bars stacked right under the menu's bar run (px): its next siblings that start where
 * it (or the bar above) ends, about as wide, a row high, each holding a marked menu (a page's own
 * links in a row of their own under the site's); 0 when none.
 */
function barsUnder(bar: Element): number {
  const first = rectOf(bar);
  let bottom = first.bottom;
  for (let next = bar.nextElementSibling; next; next = next.nextElementSibling) {
    if (!isShown(next)) continue;
    const r = rectOf(next);
    if (Math.abs(r.top - bottom) > 2 || r.width < first.width * 0.9) break;
    if (r.height > MAX_UNDER_BAR || imageUrl(style(next).backgroundImage)) break;
    if (!next.matches(MENU) && !next.querySelector(MENU)) break;
    bottom = r.bottom;
  }
  return bottom - first.bottom;
}

/** A computed gradient the rebuild may write back as it is (colours, angles, stops; no picture). */
const PLAIN_GRADIENT = /^(?:repeating-)?(?:linear|radial)-gradient\([\w\s.,%()#-]*\)$/;

/**
 * The band the main menu's row is drawn on (issue 23): the nearest ancestor of its links with a fill
 * of its own (a colour or a gradient, unlike what lies behind it) that holds every link shown in the
 * first view and is not much taller than their rows. A fill around one item only is that item's
 * own box (readMenuItems), and a header's fill is the header's. Its colour, height and whether it
 * spans the header's (else the page's) width, the links' colour, weight and size there, and whether
 * they sit in its middle.
 */
export function measureMenuBar(
  menu: Menu | undefined,
  header: Element | null,
): ProbedMenuBar | undefined {
  if (!menu || !menu.shown) return undefined;
  const links = topLinksOf(menu);
  if (links.length < 2) return undefined;
  const boxes = links.map(rectOf);
  const left = Math.min(...boxes.map((r) => r.left));
  const right = Math.max(...boxes.map((r) => r.right));
  const upper = Math.min(...boxes.map((r) => r.top));
  const lower = Math.max(...boxes.map((r) => r.bottom));
  // A row (or two) of links, not a column.
  if (right - left < lower - upper) return undefined;
  const headerFill = header ? fillOf(header).element : undefined;
  for (let e = links[0]!.parentElement; e && e !== body && e !== doc.documentElement;) {
    const r = rectOf(e);
    const holdsAll =
      r.left <= left + 1 && r.right >= right - 1 && r.top <= upper + 1 && r.bottom >= lower - 1;
    if (holdsAll && r.height > lower - upper + BAR_SLACK) return undefined;
    if (e === headerFill || (header && e.contains(header))) return undefined;
    const s = style(e);
    const gradient = gradientColor(s.backgroundImage);
    const color = isOpaque(s.backgroundColor) ? s.backgroundColor : gradient;
    if (imageUrl(s.backgroundImage)) return undefined;
    // A box painted the colour of the one around it (a theme's inner container repeating its bar's
    // navy) draws no band of its own: the band, if any, is further out.
    if (color && holdsAll && color !== fillOf(e.parentElement).color) {
      const weights = new Map<string, number>();
      const sizes = new Map<string, number>();
      const colors = new Map<string, number>();
      for (const a of links) {
        add(weights, style(a).fontWeight, 1);
        add(sizes, style(a).fontSize, 1);
        add(colors, style(a).color, 1);
      }
      const width = header ? Math.max(rectOf(header).width, r.width) : W;
      const under = Math.round(barsUnder(e));
      return {
        color,
        ...(gradient && PLAIN_GRADIENT.test(s.backgroundImage)
          ? { gradient: s.backgroundImage }
          : {}),
        text: ranked(colors)[0]!.color,
        weight: Number(ranked(weights)[0]!.color) || 400,
        size: Number.parseFloat(ranked(sizes)[0]!.color) || 16,
        height: Math.round(r.height),
        isFullWidth: r.width >= Math.min(W, width) * 0.9,
        // The links gathered in the middle of a wide bar (room on both sides, about as much).
        ...(left - r.left > r.width * 0.1 &&
        Math.abs(left - r.left - (r.right - right)) <= r.width * 0.05
          ? { isCentered: true as const }
          : {}),
        ...(under > 0 ? { under } : {}),
      };
    }
    e = e.parentElement;
  }
  return undefined;
}

/**
 * The menus' items drawn as boxes or pills (a fill or a border, even a faint one, around padded
 * words): the rebuild draws its menu items so too. The most common look wins (not the active one).
 * Else a menu drawn on a plate of its own (restaurant-jq's red board), not on a bar across its row:
 * its items take the plate's fill.
 */
export function readMenuItems(
  menu: Menu | undefined,
  header: Element | null,
  background: PageProbe['background'],
  onBar = false,
): PageProbe['menuItems'] {
  const menuLooks = new Map<string, number>();
  let menuLinks = 0;
  for (const a of [...doc.querySelectorAll(MENU)].flatMap(linksIn)) {
    // A dropdown's links (parked off-screen or clipped until hovered) are not what the menu shows.
    if (!isShown(a) || !text(a) || top(rectOf(a)) > H || isInDropdown(a)) continue;
    menuLinks++;
    const box = boxOfLink(a);
    if (!box) continue;
    const { filled, outlined } = box;
    const s = style(a);
    const key = [
      filled ? s.backgroundColor : 'transparent',
      outlined ? s.borderTopColor : 'transparent',
      s.color,
      s.borderTopLeftRadius,
    ].join('|');
    add(menuLooks, key, 1);
  }
  let menuItems: PageProbe['menuItems'];
  const look = ranked(menuLooks)[0];
  if (
    look &&
    menuLinks >= 2 &&
    [...menuLooks.values()].reduce((x, y) => x + y, 0) >= menuLinks * 0.6
  ) {
    const [itemBackground = '', border = '', color = '', radius = ''] = look.color.split('|');
    menuItems = { background: itemBackground, border, text: color, radius };
  }

  // A menu on a bar of its own (measureMenuBar) is drawn so: its items take no plate of their own.
  if (!menuItems && menu && !onBar) {
    const count = menu.links;
    const plate = [menu.e, ...menu.e.querySelectorAll('ul, ol, div')].find((e) => {
      if (e.querySelectorAll('a[href]').length < count || (header && e.contains(header)))
        return false;
      const s = style(e);
      if (imageUrl(s.backgroundImage)) return true;
      // A colour of its own: not the header's nor the page's (a white list on a white bar is no plate).
      return (
        isOpaque(s.backgroundColor) &&
        s.backgroundColor !== (header ? fillOf(header).color : '') &&
        s.backgroundColor !== background.color
      );
    });
    const headerFill = header ? fillOf(header) : undefined;
    if (plate && !(headerFill && headerFill.element === plate)) {
      const s = style(plate);
      const link = [...plate.querySelectorAll('a[href]')].find((a) => text(a));
      menuItems = {
        background: s.backgroundColor,
        border: 'transparent',
        text: link ? style(link).color : s.color,
        radius: s.borderTopLeftRadius,
      };
      const image = imageUrl(s.backgroundImage);
      if (image) menuItems.image = image;
    }
  }
  return menuItems;
}
