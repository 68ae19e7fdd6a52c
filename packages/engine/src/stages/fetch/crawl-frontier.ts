/**
 * The fetch stage's frontier: which URLs are still to read and which pages are kept. It knows the
 * site's origins, every URL seen, and the final URL and body of every kept page, so that a page is
 * read once and kept once (servers often answer / and /index.html with the same document). No I/O.
 */
import { matchesPathFilter, type PathFilter } from '@sitelift/shared/path-filter';
import type { NotReadPage, RawPage } from '../../types';
import type { PageReferences } from './collect-page-references';
import { toSiteScheme } from '../../lib/site-scheme';
import { toCrawlUrl, toOrigin } from './crawl-url';

/** A page read, with what it links to. */
export interface CrawledPage {
  page: RawPage;
  references: PageReferences;
}

/**
 * Why a URL was skipped: robots.txt disallows it, it failed (HTTP error, not HTML, too large, a
 * timeout...), or it redirects to another site (then it is a link out, no page of the site).
 */
export type SkipCause = 'robots' | 'error' | 'off_site';

/** What reading one URL gave: a page, a reason it was skipped, or the page it duplicates. */
export type CrawlResult =
  | { url: string; crawledPage: CrawledPage; finalUrl: string; bodyHash: string }
  | { url: string; skipped: string; level: 'info' | 'warning'; cause: SkipCause }
  | { url: string; duplicateOf: string };

/**
 * The site's origins, read from the start URL and where it led: www. and non-www are different
 * sites, unless the start URL redirects from one to the other.
 */
export function siteOrigins(requestedUrl: string, finalUrl: string): Set<string> {
  return new Set([toOrigin(requestedUrl), toOrigin(finalUrl)]);
}

/** True when `url` is on a site of `origins` (at its scheme or the other: toSiteScheme). */
export function isOnSite(origins: ReadonlySet<string>, url: string): boolean {
  return origins.has(toOrigin(toSiteScheme(url, origins)));
}

/** The crawl's state, from the start page on. */
export class CrawlFrontier {
  /** The pages kept, in the order they were kept. */
  readonly crawled: CrawledPage[] = [];
  private readonly seen: Set<string>;
  private readonly finalUrls: Set<string>;
  private readonly bodies: Map<string, string>;
  private readonly notRead = new Map<string, NotReadPage>();

  /**
   * From the start page (requested at `requestedUrl`), kept first, on the site of `origins`; pages
   * the user's `filter` leaves out are not read (the start page always is).
   */
  constructor(
    readonly origins: ReadonlySet<string>,
    start: { requestedUrl: string; page: CrawledPage; bodyHash: string },
    private readonly filter: PathFilter = {},
  ) {
    const finalUrl = start.page.page.url;
    this.seen = new Set([start.requestedUrl, finalUrl]);
    this.finalUrls = new Set([finalUrl]);
    this.bodies = new Map([[start.bodyHash, finalUrl]]);
    this.crawled.push(start.page);
  }

  /** True when `url` belongs to the site. */
  isOnSite(url: string): boolean {
    return isOnSite(this.origins, url);
  }

  /** The kept page a read page is the same as (by final URL, else by body), if any. */
  duplicateOf(finalUrl: string, bodyHash: string): string | undefined {
    return this.finalUrls.has(finalUrl) ? finalUrl : this.bodies.get(bodyHash);
  }

  /** The URLs `from` links to (links, then frames) that are new and on the site, now seen. */
  discover(from: CrawledPage[]): string[] {
    const found: string[] = [];
    for (const { page, references } of from) {
      // A client-side route is a view only where the page's scripts ran (decision: issue 23).
      const clientRoutes = page.renderedWith === 'browser';
      for (const href of references.links) {
        const url = this.take(href, references.baseUrl, clientRoutes);
        if (url) found.push(url);
      }
      for (const href of references.frames) {
        const url = this.take(href, references.baseUrl, false);
        if (url) found.push(url);
      }
    }
    return found;
  }

  /**
   * The URLs of `urls` (a sitemap's pages, already crawl URLs) that are new and on the site, now
   * seen; those the filter leaves out are noted as not read.
   */
  takeNew(urls: readonly string[]): string[] {
    return urls.flatMap((url) => this.takeUrl(toSiteScheme(url, this.origins)) ?? []);
  }

  /** True when `url` was seen: read, queued, or noted as not read. */
  hasSeen(url: string): boolean {
    return this.seen.has(url);
  }

  /** Notes a page found and not read, with why; a URL is noted once (the first reason stays). */
  noteNotRead(page: NotReadPage): void {
    if (!this.notRead.has(page.url)) this.notRead.set(page.url, page);
  }

  /**
   * The pages found and not read, in the order they were noted; not one that was read after all
   * (under its requested or its final URL).
   */
  notReadPages(): NotReadPage[] {
    const read = new Set(this.crawled.flatMap(({ page }) => [page.requestedUrl, page.url]));
    return [...this.notRead.values()].filter((page) => !read.has(page.url));
  }

  /** The frames of `pages` that are new and on the site, at most `max` of them, now seen. */
  frames(pages: CrawledPage[], max: number): string[] {
    const urls: string[] = [];
    for (const { page, references } of pages) {
      for (const href of page.frames) {
        const found = toCrawlUrl(href, references.baseUrl);
        const url = found === undefined ? undefined : toSiteScheme(found, this.origins);
        if (!url || this.seen.has(url) || !this.isOnSite(url)) continue;
        if (urls.length >= max) break;
        this.seen.add(url);
        urls.push(url);
      }
    }
    return urls;
  }

  /**
   * Keeps a crawl result when it is a new page: the result itself then, else why not (skipped, or
   * the same page as one kept meanwhile: pages of one depth are read at the same time).
   */
  accept(result: CrawlResult): CrawlResult {
    if (!('crawledPage' in result)) return result;
    const duplicateOf = this.duplicateOf(result.finalUrl, result.bodyHash);
    if (duplicateOf) return { url: result.url, duplicateOf };
    this.finalUrls.add(result.finalUrl);
    this.seen.add(result.finalUrl);
    this.bodies.set(result.bodyHash, result.finalUrl);
    this.crawled.push(result.crawledPage);
    return result;
  }

  /**
   * The crawl URL of `href` when it is new, on the site and wanted (now seen); a new page of the
   * site the filter leaves out is seen too, and noted as not read.
   */
  private take(href: string, baseUrl: string, clientRoutes: boolean): string | undefined {
    const url = toCrawlUrl(href, baseUrl, { clientRoutes });
    // A link to the site at the other scheme is read at the site's own: one page, not two.
    return url === undefined ? undefined : this.takeUrl(toSiteScheme(url, this.origins));
  }

  private takeUrl(url: string): string | undefined {
    if (this.seen.has(url) || !this.isOnSite(url)) return undefined;
    this.seen.add(url);
    if (!matchesPathFilter(url, this.filter)) {
      this.noteNotRead({ url, reason: 'excluded' });
      return undefined;
    }
    return url;
  }
}
