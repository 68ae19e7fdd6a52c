/**
 * Navigation: the header gets the original's menu (issue 12) — every top-level item, dropdowns with
 * all their children — or, when extract found no menu tree, the first few distinct routes (not for
 * a rebuild that keeps the original's layout: those go to the footer only); the footer
 * lists every label (its text counts), external and mailto: links included. The site's name is never
 * a menu item (the brand in the header already links home) and an error page is never linked.
 */
import type {
  Block,
  InlineRun,
  MenuItem,
  PlannedMenuItem,
  PlannedPage,
  SiteModel,
} from '../../model';
import type { HrefRewriter } from './href-rewriter';
import { normalizeUrl } from './plan-routes';

/** A link of the header or footer. */
export interface NavItem {
  label: string;
  route: string;
}

/** Header links before the rest move to the footer only (a flat menu without a tree). */
const MAX_HEADER_LINKS = 6;
/**
 * Header links a rebuild that keeps the original's layout keeps of its flat menu (issue 23): every
 * link the original showed in its row (a FrontPage bar of twenty pages), wrapping as it wrapped.
 */
const MAX_KEPT_LINKS = 30;

/** An error page of the original ("404 Page Not Found"), crawled like any page: never linked. */
const ERROR_PAGE =
  /\b404\b|page not found|seite nicht gefunden|pagina niet gevonden|page introuvable/i;

/**
 * The page's first heading: its first section's, or the first heading block in that section (a lead-in
 * above the h1 keeps the h1 as a block of the first section).
 */
function firstHeadingText(page: PlannedPage): string {
  const first = page.sections[0];
  const heading =
    first?.heading ?? first?.blocks.find((block) => block.kind === 'heading') ?? undefined;
  return heading?.inlines.map((run) => run.text).join('') ?? '';
}

/** True for a page the original shows for a missing address (its title or first heading says so). */
export function isErrorPage(page: PlannedPage): boolean {
  return ERROR_PAGE.test(page.title) || ERROR_PAGE.test(firstHeadingText(page));
}

/** The header's menu, its flat links and the footer's, from the original's menus (or the pages). */
export function planNavigation(
  model: SiteModel,
  pages: PlannedPage[],
  routeOf: (url: string) => string | undefined,
  rewriteHref: HrefRewriter,
  options: { keepsOriginalLayout?: boolean } = {},
): { navigation: NavItem[]; footerLinks: NavItem[]; menu: PlannedMenuItem[] } {
  const errorUrls = new Set(pages.filter(isErrorPage).map((page) => normalizeUrl(page.url)));
  const name = model.identity.name.trim().toLowerCase();
  const isBrand = (label: string) => label.trim().toLowerCase() === name;
  const toRoute = (href: string): string | undefined => {
    if (errorUrls.has(normalizeUrl(href))) return undefined;
    // A page of the site that was not rebuilt goes as the rewriter says (issue 24: the original's
    // page, or no item); another site's stays.
    return routeOf(href) || isHttp(href)
      ? rewriteHref(href, '', new Set())
      : /^mailto:[^@\s]+@/i.test(href)
        ? href
        : undefined;
  };
  const navItems: NavItem[] = [];
  for (const { href, label: raw } of model.navigation) {
    const link = { href, label: raw.replace(/[\uE000-\uF8FF]/g, '').trim() };
    if (!link.label) continue;
    const route = toRoute(link.href);
    if (
      route &&
      !isBrand(link.label) &&
      !navItems.some((item) => item.label === link.label && item.route === route)
    )
      navItems.push({ label: link.label, route });
  }
  const menu = planMenu(model.identity.menu ?? [], toRoute, isBrand);
  // Every menu item is in the footer too (the footer's text is the original's menu text).
  for (const item of flatten(menu))
    if (!navItems.some((n) => n.label === item.label && n.route === item.route))
      navItems.push(item);
  // A menu column beside the pages (a documentation site's table of contents) is the site's menu:
  // it stays a sidebar (issue 23), and the header gets no made-up copy of it.
  const sideMenu = pages.some((page) => page.aside?.isNavigation);
  const maxLinks =
    options.keepsOriginalLayout && navItems.length > 0 ? MAX_KEPT_LINKS : MAX_HEADER_LINKS;
  // No menu on the original: link the pages (the brand in the header already links home). A
  // rebuild that keeps the original's layout lists them in the footer only: the header makes up no
  // menu the original never showed, so a header with nothing else to show draws no band (issue 23).
  const madeUp = navItems.length === 0 && !sideMenu;
  if (madeUp) {
    // Where the look is kept, the footer lists only the pages the original's own links do not reach
    // from its start page: a documentation site whose index links every page shows no list the
    // original never had (issue 23), and no page is left unreachable.
    const reached = options.keepsOriginalLayout ? reachedPages(pages) : new Set<string>();
    for (const page of pages
      .filter((p) => p.route !== '/' && !isErrorPage(p) && !reached.has(p.route))
      .slice(0, MAX_HEADER_LINKS))
      navItems.push({ label: shortTitle(page.title, model.identity.name), route: page.route });
  }
  const navigation: NavItem[] = [];
  for (const item of madeUp && options.keepsOriginalLayout ? [] : navItems) {
    if (navigation.length >= maxLinks) break;
    if (!item.route.startsWith('/')) continue;
    // Two labels of one page are one item; a one-page menu's items keep their own parts, even
    // where two of them lead to one (issue 23).
    const isPart = item.route.includes('#');
    if (!navigation.some((n) => n.route === item.route && (!isPart || n.label === item.label)))
      navigation.push(item);
  }
  return {
    navigation,
    footerLinks: navItems,
    menu: menu.length > 0 ? menu : navigation.map((item) => ({ ...item, children: [] })),
  };
}

/**
 * The original's menu tree with links rewritten: an item whose link goes nowhere in the rebuild (an
 * error page, a script link) stays as a dropdown toggle when it has children, else it goes.
 */
function planMenu(
  items: MenuItem[],
  toRoute: (href: string) => string | undefined,
  isBrand: (label: string) => boolean,
): PlannedMenuItem[] {
  return items.flatMap((item): PlannedMenuItem[] => {
    // Without its dropdown arrow and icon-font glyphs (empty boxes without the font).
    const label = item.label
      .replace(/[\uE000-\uF8FF]/g, '')
      .replace(/\s*[▼▾▿⌄↓]\s*$/u, '')
      .trim();
    if (!label || isBrand(label)) return [];
    const children = planMenu(item.children, toRoute, isBrand);
    const route = item.href ? toRoute(item.href) : undefined;
    if (!route && children.length === 0) return [];
    return [route ? { label, route, children } : { label, children }];
  });
}

function flatten(items: PlannedMenuItem[]): NavItem[] {
  return items.flatMap((item) => [
    ...(item.route ? [{ label: item.label, route: item.route }] : []),
    ...flatten(item.children),
  ]);
}

/**
 * Routes the rebuilt pages' own links reach from the start page (`/`), following links from page to
 * page: every `href` in a page's sections and side column counts, without its `#part`.
 */
function reachedPages(pages: PlannedPage[]): Set<string> {
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  const reached = new Set<string>();
  const queue = byRoute.has('/') ? ['/'] : [];
  while (queue.length > 0) {
    const page = byRoute.get(queue.shift()!)!;
    if (reached.has(page.route)) continue;
    reached.add(page.route);
    for (const href of hrefsOf([page.sections, page.aside])) {
      const route = href.replace(/[#?].*$/, '').replace(/(.)\/$/, '$1');
      if (byRoute.has(route) && !reached.has(route)) queue.push(route);
    }
  }
  return reached;
}

/** Every `href` string anywhere in a value (blocks of every kind, their runs, cards and tabs). */
function hrefsOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) hrefsOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      if (key === 'href' && typeof item === 'string') into.push(item);
      else hrefsOf(item, into);
  return into;
}

function isHttp(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function shortTitle(title: string, siteName: string): string {
  const parts = title.split(/\s+[|\-–—:·»]+\s+/).filter((part) => part && part !== siteName);
  return parts[0] ?? title;
}

/** A menu label as compared: without dropdown arrows, leading symbols and emoji, in lower case. */
function menuKey(label: string): string {
  return label
    .replace(/[▼▾▿⌄↓]/gu, '')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .trim()
    .toLowerCase();
}

/**
 * The menu entries of a block that is only menu controls: links (two or more, with separators
 * between them), or one dropdown toggle of the original (a button run that leads nowhere, or its
 * label with its arrow as plain text).
 */
function menuRuns(block: Block): InlineRun[] | undefined {
  const runs =
    block.kind === 'paragraph' ? block.inlines : block.kind === 'list' ? block.items.flat() : [];
  // A dropdown toggle read as plain text: its label and arrow ("📋 Academic ▼").
  if (runs.length === 1 && !runs[0]!.href && /[▼▾▿⌄↓]\s*$/u.test(runs[0]!.text)) return runs;
  const entries = runs.filter((run) => run.href || run.button);
  const words = runs.filter((run) => !run.href && !run.button && /[\p{L}\p{N}]/u.test(run.text));
  if (words.length > 0 || entries.length === 0) return undefined;
  if (entries.length === 1 && entries[0]!.href) return undefined;
  return entries;
}

/**
 * A page without the copy of the original's menu that extract read as content at its top (the menu
 * of a header that is also the hero, as on speagle-js): blocks of the first section that are only
 * links, or a dropdown's toggle, labelled like the menu's items. The header has them, the footer
 * lists every link.
 */
export function withoutMenuCopies(page: PlannedPage, menu: PlannedMenuItem[]): PlannedPage {
  const labels = new Set<string>();
  const collect = (items: PlannedMenuItem[]) => {
    for (const item of items) {
      labels.add(menuKey(item.label));
      collect(item.children);
    }
  };
  collect(menu);
  const first = page.sections[0];
  if (!first || labels.size === 0) return page;
  const blocks = first.blocks.filter((block) => {
    const entries = menuRuns(block);
    return !entries?.every((run) => labels.has(menuKey(run.text)));
  });
  if (blocks.length === first.blocks.length) return page;
  return { ...page, sections: [{ ...first, blocks }, ...page.sections.slice(1)] };
}
