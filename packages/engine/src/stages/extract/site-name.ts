/**
 * The site's name and where it was read from (issue 12): `og:site_name`, the logo's alt or title, the
 * brand element's text, the brand part of the `<title>`, then the host name. Never a button's or a
 * link's label: an entry button ("Lets begin") or a page's first heading names a page, not the site.
 */
import type { SiteNameSource } from '../../model';

/** What the start page says its name is, each clue as found (absent when the page has none). */
export interface SiteNameClues {
  /** `<meta property="og:site_name">` (or `application-name`, its older twin). */
  ogSiteName?: string;
  /** The logo picture's alt text or title. */
  logoAlt?: string;
  /** The brand element's own text (`.navbar-brand`, `.site-title`, the home link of the header). */
  brandText?: string;
  /** The start page's `<title>` element text, as written (no fallback to a heading). */
  titleText?: string;
  /** Titles of every page read, to find the part they share ("Page | Site"). */
  titles: string[];
  /** The start page's first heading: a part of the title it repeats is the site's name. */
  startHeading?: string;
  /** Labels that name pages, not the site (menu labels, other pages' first headings). */
  pageNames: string[];
  /** The copyright line of the site's footer ("© 2012 Aroman. All rights reserved."). */
  copyright?: string;
  /** The site's host name. */
  host: string;
}

/** Alt texts that say what the picture is, not whose it is. */
const GENERIC_ALT =
  /^(?:logo|site logo|company logo|brand|home|homepage|home page|image|img|header|banner|icon|start|index)$/i;

function clean(value: string | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  if (!text || text.length > 80) return undefined;
  return text;
}

/** The site's name and its source, best clue first. */
export function findSiteName(clues: SiteNameClues): { name: string; source: SiteNameSource } {
  const og = clean(clues.ogSiteName);
  if (og) return { name: og, source: 'og:site_name' };
  const alt = clean(clues.logoAlt)
    ?.replace(/\s+(?:logo|logotype)$/i, '')
    .replace(/^logo(?:\s+of|:)\s+/i, '');
  if (alt && !GENERIC_ALT.test(alt)) return { name: alt, source: 'logo' };
  const brand = clean(clues.brandText);
  if (brand && !GENERIC_ALT.test(brand)) return { name: brand, source: 'brand' };
  const title = clean(clues.titleText) ?? clues.titleText?.replace(/\s+/g, ' ').trim();
  const fromTitle = title
    ? toTitleBrand(title, clues.titles, clues.pageNames, clues.startHeading)
    : undefined;
  if (fromTitle) return { name: fromTitle, source: 'title' };
  const holder = toCopyrightHolder(clues.copyright);
  if (holder) return { name: holder, source: 'copyright' };
  return { name: clues.host.replace(/^www\./, ''), source: 'host' };
}

/** Words around a copyright mark that are no name: the mark's words, years, "all rights reserved". */
const COPYRIGHT_WORDS =
  /(?:copyright|\(c\)|©|&copy;|all rights reserved\.?|alle rechte vorbehalten\.?|tous droits réservés\.?|todos los derechos reservados\.?|\b\d{4}(?:\s*[-–—]+\s*\d{0,4})?\b)/giu;

/**
 * Who holds the copyright of the footer's line: the words right after the mark and its years
 * ("© 2025 Joshua S. Speagle.") or right before the mark ("Aroman © 2012"), up to a sentence's
 * end or a separator; undefined when that is not a short name (a template's "Your Website").
 */
export function toCopyrightHolder(line: string | undefined): string | undefined {
  if (!line || !/©|\(c\)|copyright/iu.test(line)) return undefined;
  const [before = '', ...rest] = line.split(/©|\(c\)|copyright/iu);
  const after = rest.join(' ');
  // The segment next to the mark (a sentence's end or a separator ends it), less the mark's words.
  const pick = (text: string, fromEnd: boolean): string | undefined => {
    // A full stop after an initial ("Joshua S. Speagle") ends no sentence.
    const segments = text.split(/(?<!(?:^|\s)\p{Lu})\.(?:\s|$)|[•|·]|\s[-–—]\s/u);
    const segment = (fromEnd ? segments[segments.length - 1] : segments[0]) ?? '';
    const part = segment
      .replace(COPYRIGHT_WORDS, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[,.;:]+|[,.;:]+$/g, '')
      .trim();
    return part.length >= 2 && part.length <= 60 && part.split(' ').length <= 6 ? part : undefined;
  };
  const name = pick(after, false) ?? pick(before, true);
  return name && !/^your\b|\byour (?:company|website|site|name)\b/iu.test(name) ? name : undefined;
}

/** "Page | Site" or "Site - Page": the part shared by the titles, else the part that is not a page name. */
export function toTitleBrand(
  title: string,
  titles: string[],
  pageNames: string[],
  startHeading?: string,
): string | undefined {
  const parts = title
    .split(/\s+[|\-–—:·»]+\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  if (parts.length === 1) return parts[0]!.length <= 80 ? parts[0] : undefined;
  const shared = parts.find((part) => titles.filter((t) => t.includes(part)).length > 1);
  if (shared) return shared;
  const heading = startHeading?.toLowerCase();
  const repeated = heading ? parts.find((part) => part.toLowerCase() === heading) : undefined;
  if (repeated) return repeated;
  const names = new Set(pageNames.map((name) => name.toLowerCase()));
  return (
    parts.find(
      (part) => !names.has(part.toLowerCase()) && !/^(?:home|index|welcome|start)$/i.test(part),
    ) ?? parts[0]
  );
}
