/**
 * A site's sitemaps (issue 24): the pages it lists that no link may reach. `/sitemap.xml` and the
 * `Sitemap:` lines of robots.txt, sitemap index files followed, each file read through the SSRF
 * guard like a page. Bounded (files, bytes, URLs): a sitemap is a hint, not a reason to wait.
 */
import { gunzipSync } from 'node:zlib';
import type { Dispatcher } from 'undici';
import type { GuardOptions } from '../../net/assert-public-url';
import { guardedRequest } from '../../net/guarded-request';
import { toCrawlUrl, toOrigin } from './crawl-url';

/** The most sitemap files read for one site (index files included). */
export const MAX_SITEMAP_FILES = 10;
/** The most bytes of one sitemap file, after decompression. */
export const MAX_SITEMAP_BYTES = 5 * 1024 * 1024;
/** The most page URLs taken from a site's sitemaps. */
export const MAX_SITEMAP_URLS = 5000;

/** Options of {@link readSitemaps}. */
export interface ReadSitemapsOptions extends GuardOptions {
  dispatcher: Dispatcher;
  userAgent: string;
  /** Time for each file. */
  timeoutMs: number;
  /** Time for all the files: no file is started past it, and the last one gets what is left. */
  budgetMs?: number;
  signal?: AbortSignal;
  /** Called with each sitemap file that could not be used, and why (for the log). */
  onSkipped?(url: string, reason: string): void;
}

/** What a site's sitemaps list. */
export interface SitemapPages {
  /** Same-site page URLs, in the order the files list them, without duplicates. */
  urls: string[];
  /** The sitemap files read (answered 2xx on the site). */
  files: string[];
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** The text of an XML element: CDATA unwrapped, entities decoded, trimmed. */
function toXmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  const text = cdata ? (cdata[1] ?? '') : raw;
  return text
    .replace(
      /&(?:#x([\da-f]+)|#(\d+)|([a-z]+));/gi,
      (match, hex?: string, dec?: string, name?: string) => {
        if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
        if (dec) return String.fromCodePoint(Number.parseInt(dec, 10));
        return XML_ENTITIES[name?.toLowerCase() ?? ''] ?? match;
      },
    )
    .trim();
}

/**
 * A sitemap file's locations: `kind` 'index' when it is a sitemap index (its locations are more
 * sitemaps), else 'urlset' (its locations are pages). Namespace prefixes are allowed (`<s:loc>`).
 */
export function parseSitemap(xml: string): { kind: 'index' | 'urlset'; locations: string[] } {
  const kind = /<(?:[\w-]+:)?sitemapindex\b/i.test(xml) ? 'index' : 'urlset';
  const locations: string[] = [];
  for (const match of xml.matchAll(/<(?:[\w-]+:)?loc\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?loc\s*>/gi)) {
    const location = toXmlText(match[1] ?? '');
    if (location) locations.push(location);
  }
  return { kind, locations };
}

/** The absolute http(s) address of a sitemap file, without its fragment; undefined when it is none. */
function toSitemapUrl(location: string, baseUrl: string): string | undefined {
  try {
    const url = new URL(location, baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/** A gzip file's bytes start with 1f 8b. */
function isGzip(body: Uint8Array): boolean {
  return body[0] === 0x1f && body[1] === 0x8b;
}

/**
 * Reads the sitemaps of the site at `origins` (the first is where robots.txt and `/sitemap.xml` are
 * looked for): the `Sitemap:` lines of its robots.txt (`robotsSitemaps`) first, then `/sitemap.xml`,
 * an index's sitemaps read in its place, at most MAX_SITEMAP_FILES files of MAX_SITEMAP_BYTES each
 * (gzip files decompressed), MAX_SITEMAP_URLS pages and `budgetMs`. Only files and pages of the site are taken;
 * a file that cannot be read or parsed is passed over. Never throws but when cancelled.
 */
export async function readSitemaps(
  origins: readonly string[],
  robotsSitemaps: readonly string[],
  options: ReadSitemapsOptions,
): Promise<SitemapPages> {
  const [home] = origins;
  if (home === undefined) return { urls: [], files: [] };
  const onSite = (url: string): boolean => origins.includes(toOrigin(url));
  // Sites moved to https often still list their http:// addresses (and the other way round): the
  // same host under the other scheme is the site, read at its own scheme.
  const homeUrl = new URL(home);
  const toSiteUrl = (url: string): string | undefined => {
    if (onSite(url)) return url;
    const parsed = new URL(url);
    if (parsed.host !== homeUrl.host) return undefined;
    parsed.protocol = homeUrl.protocol;
    return onSite(parsed.href) ? parsed.href : undefined;
  };
  // Files to read, in order, and every file ever queued (an index may list itself or a sibling).
  const queue: string[] = [];
  const queued = new Set<string>();
  for (const location of [...robotsSitemaps, '/sitemap.xml']) {
    const found = toSitemapUrl(location, home);
    const url = found === undefined ? undefined : toSiteUrl(found);
    if (url === undefined || queued.has(url)) continue;
    queued.add(url);
    queue.push(url);
  }

  const urls = new Set<string>();
  const files: string[] = [];
  let requested = 0;
  const deadline = Date.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY);
  while (queue.length > 0 && requested < MAX_SITEMAP_FILES && urls.size < MAX_SITEMAP_URLS) {
    const timeLeft = deadline - Date.now();
    if (timeLeft < 100) break;
    const fileUrl = queue.shift()!;
    requested++;
    let xml: string;
    try {
      const response = await guardedRequest(fileUrl, {
        ...options,
        timeoutMs: Math.min(options.timeoutMs, timeLeft),
        headers: {
          'user-agent': options.userAgent,
          accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
        maxRedirects: 5,
        maxBytes: MAX_SITEMAP_BYTES,
        what: 'sitemap',
      });
      if (response.status < 200 || response.status > 299) {
        // A missing /sitemap.xml is the usual case, not worth a line.
        if (response.status !== 404) options.onSkipped?.(fileUrl, `HTTP ${response.status}`);
        continue;
      }
      if (!onSite(response.url)) {
        options.onSkipped?.(fileUrl, `redirects to another site (${response.url})`);
        continue;
      }
      const body = isGzip(response.body)
        ? gunzipSync(response.body, { maxOutputLength: MAX_SITEMAP_BYTES })
        : response.body;
      xml = new TextDecoder().decode(body);
      files.push(fileUrl);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      options.onSkipped?.(fileUrl, error instanceof Error ? error.message : String(error));
      continue;
    }
    const { kind, locations } = parseSitemap(xml);
    if (kind === 'index') {
      // An index's sitemaps are read before the files after it: its pages come in its place.
      const children: string[] = [];
      for (const location of locations) {
        const found = toSitemapUrl(location, fileUrl);
        const child = found === undefined ? undefined : toSiteUrl(found);
        if (child !== undefined && !queued.has(child)) {
          queued.add(child);
          children.push(child);
        }
      }
      queue.unshift(...children);
      continue;
    }
    for (const location of locations) {
      const found = toCrawlUrl(location, fileUrl);
      const url = found === undefined ? undefined : toSiteUrl(found);
      if (url !== undefined) urls.add(url);
      if (urls.size >= MAX_SITEMAP_URLS) break;
    }
  }
  return { urls: [...urls], files };
}
