/**
 * extract, step 3: what the pages share. The site needs a word of the original; the navigation,
 * contact details and profiles are the union of the pages'; the copyright line is shown once.
 */
import { AppError } from '@sitelift/shared/error-codes';
import { INDEX_FILE } from '../../../lib/client-route';
import type { ContactDetails, LanguageVersion, NavLink, PageModel } from '../../../model';
import { plainText, withoutTimestamps } from '../../../model';
import type { Logger } from '../../../ports';
import type { Diagnostic, RawSite } from '../../../types';
import type { ParsedPage } from './parse-page';

/**
 * Throws ENGINE_EXTRACT_NO_VISIBLE_TEXT when no page has a word; otherwise adds a warning for each
 * page without one.
 */
export function requireVisibleText(
  parsed: ParsedPage[],
  raw: Pick<RawSite, 'startUrl'>,
  diagnostics: Diagnostic[],
  logger: Logger | undefined,
): void {
  // A rebuild without a word of the original is no rebuild: a script-only page read without a
  // browser, a login wall or a canvas app would otherwise be delivered as an empty site, and paid for.
  const hasText = (page: ParsedPage): boolean =>
    page.model.textBlocks.some((block) => block.trim().length > 0);
  if (!parsed.some(hasText)) {
    logger?.log({
      level: 'ERROR',
      message: `No visible text on any of the ${parsed.length} page${parsed.length === 1 ? '' : 's'} read (${raw.startUrl})`,
    });
    throw new AppError('ENGINE_EXTRACT_NO_VISIBLE_TEXT', {
      details: { url: raw.startUrl, pages: parsed.length },
    });
  }
  for (const page of parsed) {
    if (!hasText(page)) {
      diagnostics.push({
        level: 'warning',
        code: 'ENGINE_EXTRACT_EMPTY_PAGE',
        message: 'The page has no visible text.',
        url: page.model.url,
      });
      logger?.log({ level: 'WARNING', message: `No visible text on ${page.model.url}` });
    }
  }
}

/** Every link's address in some blocks (a sidebar's). */
function hrefsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const each of value) hrefsOf(each, into);
  else if (value && typeof value === 'object') {
    const { href } = value as { href?: unknown };
    if (typeof href === 'string') into.add(href);
    for (const each of Object.values(value)) if (typeof each === 'object') hrefsOf(each, into);
  }
  return into;
}

/**
 * The union of the pages' menus, start page first. A menu only one inner page shows, in a column
 * beside its content (a frameset's menu frame, a manual's frame of chapters), stays that page's
 * sidebar: it is not the site's, listed in every page's header and footer. The start page's menu,
 * wherever it stands, is the site's.
 */
export function collectNavigation(pages: PageModel[]): NavLink[] {
  const keyOf = (link: NavLink) => `${link.label}\n${link.href}`;
  const shownOn = new Map<string, number>();
  for (const page of pages)
    for (const key of new Set(page.navLinks.map(keyOf)))
      shownOn.set(key, (shownOn.get(key) ?? 0) + 1);
  const navigation: NavLink[] = [];
  for (const page of pages) {
    const beside =
      page !== pages[0] && page.aside?.isNavigation
        ? hrefsOf(page.aside.blocks)
        : new Set<string>();
    for (const link of page.navLinks) {
      if (beside.has(link.href) && (shownOn.get(keyOf(link)) ?? 0) < 2) continue;
      if (!navigation.some((n) => n.href === link.href && n.label === link.label))
        navigation.push(link);
    }
  }
  return navigation;
}

/**
 * Keeps each page's language versions that were read (a dead alternate, such as an `hreflang` link to
 * a page the site does not serve, is no version) and drops the list of a page left with its own
 * language only. Returns the start page's: the site's languages (issue 23).
 */
export function collectLanguages(pages: PageModel[]): LanguageVersion[] | undefined {
  const read = new Set(pages.map((page) => toPageKey(page.url)));
  for (const page of pages) {
    if (!page.languages) continue;
    const kept = page.languages.filter(
      (version) => version.current || read.has(toPageKey(version.href)),
    );
    if (kept.filter((version) => !version.current).length > 0) page.languages = kept;
    else delete page.languages;
  }
  return pages[0]?.languages;
}

/** A page's address without its fragment and trailing index file, for matching links to pages. */
function toPageKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.search ? parsed.href : parsed.href.replace(INDEX_FILE, '/');
  } catch {
    return url;
  }
}

/** The pages' phones, e-mails, addresses and hours, each once. */
export function collectContact(pages: PageModel[]): ContactDetails {
  const contact: ContactDetails = { phones: [], emails: [], addresses: [], hours: [] };
  for (const page of pages) {
    for (const key of ['phones', 'emails', 'addresses', 'hours'] as const) {
      for (const value of page.contact[key])
        if (!contact[key].includes(value)) contact[key].push(value);
    }
  }
  return contact;
}

/** The pages' social profiles, each address once. */
export function collectSocial(pages: PageModel[]): PageModel['social'] {
  return pages
    .flatMap((page) => page.social)
    .filter((s, i, all) => all.findIndex((t) => t.href === s.href) === i);
}

/**
 * The site's copyright line (the start page's, else the most common), removed from the pages, which
 * keep only a different one of their own; one that differs only in the time a script stamped it is
 * the same line.
 */
export function takeCopyright(start: PageModel, pages: PageModel[]): string | undefined {
  const copyright = start.copyright ?? mostCommon(pages.map((page) => page.copyright));
  if (copyright) {
    const key = withoutTimestamps(copyright);
    for (const page of pages) {
      for (const section of page.sections) {
        section.blocks = section.blocks.filter(
          (block) =>
            !(block.kind === 'paragraph' && withoutTimestamps(plainText(block.inlines)) === key),
        );
      }
    }
  }
  return copyright;
}

function mostCommon(values: (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}
