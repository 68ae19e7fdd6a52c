import type { PathFilter } from '@sitelift/shared/path-filter';
import { describe, expect, it } from 'vitest';
import type { RawPage } from '../../types';
import { collectPageReferences } from './collect-page-references';
import { CrawlFrontier, siteOrigins, type CrawledPage } from './crawl-frontier';
import { toBodyHash } from './page-reader';

function crawledPage(url: string, html: string, depth = 0): CrawledPage {
  const references = collectPageReferences(html, url);
  const page: RawPage = {
    requestedUrl: url,
    url,
    status: 200,
    contentType: 'text/html',
    charset: 'utf-8',
    html,
    renderedWith: 'static',
    depth,
    frames: references.frames,
  };
  return { page, references };
}

const START = crawledPage(
  'http://www.site.test/index.html',
  '<a href="about.html">About</a> <a href="about.html#team">Team</a> <a href="/">Home</a>' +
    '<a href="http://other.test/">Elsewhere</a> <a href="mailto:a@site.test">Mail</a>' +
    '<a href="menu.pdf">Menu</a> <a href="contact.html">Contact</a> <iframe src="map.html"></iframe>',
);

function frontier(filter: PathFilter = {}): CrawlFrontier {
  // The start URL http://site.test/ redirected to www.: both are the site.
  return new CrawlFrontier(
    siteOrigins('http://site.test/', START.page.url),
    {
      requestedUrl: 'http://site.test/',
      page: START,
      bodyHash: toBodyHash(new TextEncoder().encode(START.page.html)),
    },
    filter,
  );
}

describe('CrawlFrontier', () => {
  it('keeps the start page and finds each new page of the site once, links before frames', () => {
    const crawl = frontier();
    expect(crawl.crawled).toEqual([START]);
    expect(crawl.discover([START])).toEqual([
      'http://www.site.test/about.html',
      'http://www.site.test/',
      'http://www.site.test/contact.html',
      'http://www.site.test/map.html',
    ]);
    // Seen once, never again.
    expect(crawl.discover([START])).toEqual([]);
    expect(crawl.isOnSite('http://site.test/x.html')).toBe(true);
    // The other scheme of the site's host is the site; another host is not.
    expect(crawl.isOnSite('https://www.site.test/x.html')).toBe(true);
    expect(crawl.isOnSite('http://shop.site.test/x.html')).toBe(false);
  });

  it('reads a link to the site at the other scheme at the site’s own, once', () => {
    const start = crawledPage(
      'https://site.test/',
      '<a href="http://site.test/about.html">About</a> <a href="/about.html">About again</a>' +
        '<a href="https://site.test/news.html">News</a> <a href="http://site.test:8080/x.html">Admin</a>',
    );
    const crawl = new CrawlFrontier(siteOrigins('https://site.test/', start.page.url), {
      requestedUrl: 'https://site.test/',
      page: start,
      bodyHash: toBodyHash(new TextEncoder().encode(start.page.html)),
    });
    expect(crawl.discover([start])).toEqual([
      'https://site.test/about.html',
      'https://site.test/news.html',
    ]);
    expect(crawl.takeNew(['http://site.test/news.html', 'http://site.test/team.html'])).toEqual([
      'https://site.test/team.html',
    ]);
  });

  it('keeps a page once: not again under another URL or with the same body', () => {
    const crawl = frontier();
    const about = crawledPage('http://www.site.test/about.html', '<p>About</p>', 1);
    const kept = crawl.accept({
      url: about.page.url,
      crawledPage: about,
      finalUrl: about.page.url,
      bodyHash: 'about',
    });
    expect(kept).toMatchObject({ crawledPage: about });
    expect(crawl.duplicateOf('http://www.site.test/about.html', 'other')).toBe(
      'http://www.site.test/about.html',
    );
    expect(crawl.duplicateOf('http://www.site.test/about-us.html', 'about')).toBe(
      'http://www.site.test/about.html',
    );
    // Read at the same time as the first: told apart when kept.
    const copy = crawledPage('http://www.site.test/about-us.html', '<p>About</p>', 1);
    expect(
      crawl.accept({
        url: copy.page.url,
        crawledPage: copy,
        finalUrl: copy.page.url,
        bodyHash: 'about',
      }),
    ).toEqual({ url: copy.page.url, duplicateOf: 'http://www.site.test/about.html' });
    const skipped = {
      url: 'http://www.site.test/x',
      skipped: 'HTTP 404',
      cause: 'error',
      level: 'warning',
    } as const;
    expect(crawl.accept(skipped)).toBe(skipped);
    expect(crawl.crawled.map((entry) => entry.page.url)).toEqual([
      START.page.url,
      'http://www.site.test/about.html',
    ]);
    // The kept page's final URL is seen: no link leads to it again.
    expect(
      crawl.discover([crawledPage('http://www.site.test/b.html', '<a href="about.html">')]),
    ).toEqual([]);
  });

  it('gives at most six new frames of a frameset, on the site, in their order', () => {
    const crawl = frontier();
    const frames = Array.from({ length: 8 }, (_, index) => `<frame src="f${index}.html">`).join('');
    const frameset = crawledPage(
      'http://www.site.test/frames.html',
      `<frameset>${frames}<frame src="http://other.test/ad.html"><frame src="map.html"></frameset>`,
      1,
    );
    expect(crawl.discover([START])).toContain('http://www.site.test/map.html');
    expect(crawl.frames([frameset], 6)).toEqual(
      Array.from({ length: 6 }, (_, index) => `http://www.site.test/f${index}.html`),
    );
    expect(crawl.frames([frameset], 6)).toEqual([
      'http://www.site.test/f6.html',
      'http://www.site.test/f7.html',
    ]);
  });

  it('queues client-side routes of a page whose scripts ran, fragment kept; never anchors', () => {
    const links =
      '<a href="#/guide">Guide</a> <a href="#!/posts/12">Post</a> <a href="#top">Top</a>' +
      '<a href="#/">Home</a> <a href="#!/">Home</a> <a href="/#/faq">FAQ</a>';
    const rendered = crawledPage(START.page.url, links);
    rendered.page.renderedWith = 'browser';
    expect(frontier().discover([rendered])).toEqual([
      'http://www.site.test/index.html#/guide',
      'http://www.site.test/index.html#!/posts/12',
      'http://www.site.test/#/faq',
    ]);
    // Where no script ran, a fragment is no page: the links lead to the document.
    expect(frontier().discover([crawledPage(START.page.url, links)])).toEqual([
      'http://www.site.test/',
    ]);
  });

  it('leaves out what the path filter excludes, and notes each page once as not read', () => {
    const crawl = frontier({ exclude: ['/contact.html', '/map.html'] });
    expect(crawl.discover([START])).toEqual([
      'http://www.site.test/about.html',
      'http://www.site.test/',
    ]);
    // A sitemap's pages: new ones on the site only, filtered the same way.
    expect(
      crawl.takeNew([
        'http://www.site.test/about.html',
        'http://www.site.test/news.html',
        'http://www.site.test/contact.html',
        'http://other.test/x.html',
      ]),
    ).toEqual(['http://www.site.test/news.html']);
    crawl.noteNotRead({ url: 'http://www.site.test/news.html', reason: 'over_limit' });
    crawl.noteNotRead({ url: 'http://www.site.test/news.html', reason: 'error', detail: 'x' });
    expect(crawl.notReadPages()).toEqual([
      { url: 'http://www.site.test/contact.html', reason: 'excluded' },
      { url: 'http://www.site.test/map.html', reason: 'excluded' },
      { url: 'http://www.site.test/news.html', reason: 'over_limit' },
    ]);
  });

  it('does not list a page as not read once it is read, under its requested or final URL', () => {
    const crawl = frontier();
    crawl.noteNotRead({ url: 'http://www.site.test/old.html', reason: 'over_limit' });
    crawl.noteNotRead({ url: 'http://www.site.test/new.html', reason: 'over_limit' });
    const moved = crawledPage('http://www.site.test/new.html', '<p>Moved</p>', 1);
    moved.page.requestedUrl = 'http://www.site.test/old.html';
    crawl.accept({
      url: 'http://www.site.test/old.html',
      crawledPage: moved,
      finalUrl: moved.page.url,
      bodyHash: 'moved',
    });
    expect(crawl.notReadPages()).toEqual([]);
  });
});
