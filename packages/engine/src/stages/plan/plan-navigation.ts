/**
 * Navigation: the header gets the first few distinct routes, the footer lists every label (its
 * text counts), external and mailto: links included.
 */
import type { PlannedPage, SiteModel } from '../../model';
import type { HrefRewriter } from './href-rewriter';

/** A link of the header or footer. */
export interface NavItem {
  label: string;
  route: string;
}

/** Header links before the rest move to the footer only. */
const MAX_HEADER_LINKS = 6;

/** The header's links and the footer's, from the original's menus (or the pages when it had none). */
export function planNavigation(
  model: SiteModel,
  pages: PlannedPage[],
  routeOf: (url: string) => string | undefined,
  rewriteHref: HrefRewriter,
): { navigation: NavItem[]; footerLinks: NavItem[] } {
  const navItems: NavItem[] = [];
  for (const link of model.navigation) {
    const route = routeOf(link.href)
      ? rewriteHref(link.href, '', new Set())
      : isHttp(link.href) || /^mailto:[^@\s]+@/i.test(link.href)
        ? link.href
        : undefined;
    if (route && !navItems.some((item) => item.label === link.label && item.route === route))
      navItems.push({ label: link.label, route });
  }
  if (navItems.length === 0) {
    // No menu on the original: link the pages (the brand in the header already links home).
    for (const page of pages.filter((p) => p.route !== '/').slice(0, MAX_HEADER_LINKS))
      navItems.push({ label: shortTitle(page.title, model.identity.name), route: page.route });
  }
  const navigation: NavItem[] = [];
  for (const item of navItems) {
    if (navigation.length >= MAX_HEADER_LINKS) break;
    if (!item.route.startsWith('/')) continue;
    if (!navigation.some((n) => n.route === item.route)) navigation.push(item);
  }
  return { navigation, footerLinks: navItems };
}

function isHttp(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function shortTitle(title: string, siteName: string): string {
  const parts = title.split(/\s+[|\-–—:·»]+\s+/).filter((part) => part && part !== siteName);
  return parts[0] ?? title;
}
