/** What verify and the report need to know about the plan: expectations per route, things not carried. */
import { toFileKind as toFileKindByName } from '@sitelift/shared/schemas/report';
import type { MenuItem, SiteModel, SitePlan } from '../../model';
import type { Diagnostic, NotCarried } from '../../types';
import { isErrorPage } from './plan-navigation';
import { toSiteScheme } from '../../lib/site-scheme';
import { normalizeUrl, toSiteOrigins } from './plan-routes';
import { toFlatBlocks } from '../../model';

/**
 * The labels of the original's links to its error page ("404" in a menu): the rebuild never links
 * that page (issue 12), so their text is not expected elsewhere.
 */
function errorPageLinkLabels(model: SiteModel, plan: SitePlan): Set<string> {
  const errorUrls = new Set(plan.pages.filter(isErrorPage).map((page) => normalizeUrl(page.url)));
  const labels = new Set<string>();
  const visit = (items: MenuItem[]) => {
    for (const item of items) {
      if (item.href && errorUrls.has(normalizeUrl(item.href))) labels.add(item.label.trim());
      visit(item.children);
    }
  };
  visit(model.identity.menu ?? []);
  for (const link of model.navigation)
    if (errorUrls.has(normalizeUrl(link.href))) labels.add(link.label.trim());
  return labels;
}

/**
 * The labels of the original's menu links to pages of the site that were not rebuilt and that the
 * rebuilt menu and footer do not show (`unbuiltLinks: 'remove'`, issue 24): a menu item without a
 * link is no item, so its words are not expected.
 */
function removedMenuLabels(model: SiteModel, plan: SitePlan): Set<string> {
  const origins = toSiteOrigins(model);
  const rebuilt = new Set(
    model.pages.flatMap((page) => [
      normalizeUrl(page.url),
      ...(page.requestedUrl ? [normalizeUrl(page.requestedUrl)] : []),
    ]),
  );
  const shown = new Set<string>();
  const show = (items: { label: string; children?: { label: string }[] }[]) => {
    for (const item of items) {
      shown.add(item.label.trim());
      show(item.children ?? []);
    }
  };
  show([...(plan.menu ?? []), ...plan.navigation, ...plan.footerLinks]);
  const labels = new Set<string>();
  const consider = (label: string, href: string) => {
    let site: URL;
    try {
      site = new URL(toSiteScheme(href, origins));
    } catch {
      return;
    }
    const text = label.trim();
    if (origins.has(site.origin) && !rebuilt.has(normalizeUrl(site.href)) && !shown.has(text))
      labels.add(text);
  };
  const visit = (items: MenuItem[]) => {
    for (const item of items) {
      if (item.href) consider(item.label, item.href);
      visit(item.children);
    }
  };
  visit(model.identity.menu ?? []);
  for (const link of model.navigation) consider(link.label, link.href);
  return labels;
}

/** A dropdown's arrow glyph after its label ("Academic ▼"): the rebuild draws a chevron instead. */
const ARROW = /\s*[▼▾▿⌄↓]\s*$/u;

/** The labels of the original's dropdown toggles (menu items with children). */
function dropdownLabels(items: MenuItem[], out = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.children.length > 0) out.add(item.label.replace(ARROW, '').trim());
    dropdownLabels(item.children, out);
  }
  return out;
}

/** Per original page: its URL, its new route, its title and its visible text blocks. */
export function toVerifyExpectations(
  model: SiteModel,
  plan: SitePlan,
): { pages: { url: string; route: string; title: string; textBlocks: string[] }[] } {
  const byUrl = new Map(model.pages.map((page) => [normalizeUrl(page.url), page]));
  const unlinked = new Set([
    ...errorPageLinkLabels(model, plan),
    ...removedMenuLabels(model, plan),
  ]);
  const dropdowns = dropdownLabels(model.identity.menu ?? []);
  // "Academic ▼" is expected as "Academic": the header's toggle draws its arrow.
  const expected = (text: string) => {
    const label = text.replace(ARROW, '').trim();
    return label !== text.trim() && dropdowns.has(label) ? label : text;
  };
  return {
    pages: plan.pages.map((page) => {
      const blocks = byUrl.get(normalizeUrl(page.url))?.textBlocks ?? page.textBlocks;
      return {
        url: page.url,
        route: page.route,
        title: page.title,
        textBlocks: (isErrorPage(page)
          ? blocks
          : blocks.filter((text) => !unlinked.has(text.trim()))
        ).map(expected),
      };
    }),
  };
}

/** Diagnostics of something of the original that was not read; the report lists them as not carried. */
const NOT_READ_CODES: ReadonlySet<Diagnostic['code']> = new Set([
  'ENGINE_FETCH_PAGE_SKIPPED',
  'ENGINE_FETCH_STYLESHEET_SKIPPED',
  'ENGINE_FETCH_ASSET_SKIPPED',
  'ENGINE_EXTRACT_EMPTY_PAGE',
]);

/** Codes of a file (not a page) that could not be downloaded. */
const FILE_SKIPPED_CODES: ReadonlySet<Diagnostic['code']> = new Set([
  'ENGINE_FETCH_STYLESHEET_SKIPPED',
  'ENGINE_FETCH_ASSET_SKIPPED',
]);

/** The kind of a file that did not download: a stylesheet, else by its name (image, font, other). */
function toFileKind(diagnostic: Diagnostic, url: string): NotCarried['kind'] {
  return diagnostic.code === 'ENGINE_FETCH_STYLESHEET_SKIPPED' ? 'style' : toFileKindByName(url);
}

/**
 * Why something was not read, for people: fetch writes "Skipped asset <url>: <cause>" (or "Skipped
 * <url>: <cause>" for a page) to the log; the report says `<sentence>: <cause>`, without the address
 * (the row names it).
 */
function toReason(diagnostic: Diagnostic, url: string, sentence: string): string {
  const marker = `${url}: `;
  const at = diagnostic.message.indexOf(marker);
  if (at === -1 && !/^Skipped\b/u.test(diagnostic.message)) return diagnostic.message;
  const cause = at === -1 ? '' : diagnostic.message.slice(at + marker.length).trim();
  return cause === '' ? sentence : `${sentence}: ${cause}`;
}

function toFileReason(diagnostic: Diagnostic, url: string): string {
  return toReason(diagnostic, url, 'Could not be downloaded from the original site');
}

/** Everything of the original the rebuild does not carry, with the reason (report `not_carried`). */
export function listNotCarried(model: SiteModel, plan: SitePlan): NotCarried[] {
  const out: NotCarried[] = [];
  const seen = new Set<string>();
  const add = (item: NotCarried): void => {
    const key = `${item.kind}\u0000${item.what}\u0000${item.page}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(item);
  };
  // Files that did not download, by URL: an image on a page says why (HTTP 404, too large...).
  const skippedFiles = new Map<string, Diagnostic>();
  for (const diagnostic of model.diagnostics)
    if (diagnostic.url && FILE_SKIPPED_CODES.has(diagnostic.code))
      skippedFiles.set(diagnostic.url, diagnostic);
  const hosted = new Set(plan.assets.map((asset) => asset.url));
  const shownOn = new Map<string, string[]>();
  for (const page of model.pages) {
    for (const dropped of page.dropped)
      add({ kind: dropped.kind, what: dropped.what, page: page.url, reason: dropped.reason });
    for (const section of page.sections) {
      for (const block of toFlatBlocks(section.blocks)) {
        if (block.kind === 'image' && !block.image.asset && !hosted.has(block.image.src)) {
          const skipped = skippedFiles.get(block.image.src);
          shownOn.set(block.image.src, [...(shownOn.get(block.image.src) ?? []), page.url]);
          add({
            kind: 'image',
            what: block.image.src,
            page: page.url,
            reason:
              skipped === undefined
                ? 'The image could not be downloaded from the original site'
                : toFileReason(skipped, block.image.src),
          });
        }
      }
    }
  }
  for (const diagnostic of model.diagnostics) {
    const url = diagnostic.url;
    if (diagnostic.level === 'info' || !url || !NOT_READ_CODES.has(diagnostic.code)) continue;
    if (!FILE_SKIPPED_CODES.has(diagnostic.code)) {
      const reason = toReason(diagnostic, url, 'The page could not be read');
      add({ kind: 'page', what: url, page: url, reason });
      continue;
    }
    // A file is not a page: listed once with its kind, on the pages that show it (if known).
    if (shownOn.has(url)) continue;
    add({
      kind: toFileKind(diagnostic, url),
      what: url,
      page: '',
      reason: toFileReason(diagnostic, url),
    });
  }
  if (plan.pages.length < model.pages.length) {
    const routed = new Set(plan.pages.map((page) => page.url));
    for (const page of model.pages)
      if (!routed.has(page.url))
        add({ kind: 'page', what: page.url, page: page.url, reason: 'The page was not planned' });
  }
  return out;
}
