/**
 * The fetch stage's frontier: which URLs are still to read and which pages are kept. It knows the
 * site's origins, every URL seen, and the final URL and body of every kept page, so that a page is
 * read once and kept once (servers often answer / and /index.html with the same document). No I/O.
 */
import type { RawPage } from '../../types';
import type { PageReferences } from './collect-page-references';
import { toCrawlUrl, toOrigin } from './crawl-url';

/** A page read, with what it links to. */
export interface CrawledPage {
  page: RawPage;
  references: PageReferences;
}

/** What reading one URL gave: a page, a reason it was skipped, or the page it duplicates. */
export type CrawlResult =
  | { url: string; crawledPage: CrawledPage; finalUrl: string; bodyHash: string }
  | { url: string; skipped: string; level: 'info' | 'warning' }
  | { url: string; duplicateOf: string };

/**
 * The site's origins, read from the start URL and where it led: www. and non-www are different
 * sites, unless the start URL redirects from one to the other.
 */
export function siteOrigins(requestedUrl: string, finalUrl: string): Set<string> {
  return new Set([toOrigin(requestedUrl), toOrigin(finalUrl)]);
}

/** True when `url` is on a site of `origins`. */
export function isOnSite(origins: ReadonlySet<string>, url: string): boolean {
  return origins.has(toOrigin(url));
}

/** The crawl's state, from the start page on. */
export class CrawlFrontier {
  /** The pages kept, in the order they were kept. */
  readonly crawled: CrawledPage[] = [];
  private readonly seen: Set<string>;
  private readonly finalUrls: Set<string>;
  private readonly bodies: Map<string, string>;

  /** From the start page (requested at `requestedUrl`), kept first, on the site of `origins`. */
  constructor(
    readonly origins: ReadonlySet<string>,
    start: { requestedUrl: string; page: CrawledPage; bodyHash: string },
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

  /** The frames of `pages` that are new and on the site, at most `max` of them, now seen. */
  frames(pages: CrawledPage[], max: number): string[] {
    const urls: string[] = [];
    for (const { page, references } of pages) {
      for (const href of page.frames) {
        const url = toCrawlUrl(href, references.baseUrl);
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

  /** The crawl URL of `href` when it is new and on the site (now seen). */
  private take(href: string, baseUrl: string, clientRoutes: boolean): string | undefined {
    const url = toCrawlUrl(href, baseUrl, { clientRoutes });
    if (!url || this.seen.has(url) || !this.isOnSite(url)) return undefined;
    this.seen.add(url);
    return url;
  }
}
