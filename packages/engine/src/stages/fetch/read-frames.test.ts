import { describe, expect, it } from 'vitest';
import { collectPageReferences } from './collect-page-references';
import { CrawlFrontier, siteOrigins, type CrawledPage, type CrawlResult } from './crawl-frontier';
import { MAX_FRAMES_PER_PAGE, readFrames } from './read-frames';

function crawledPage(url: string, html: string, depth: number): CrawledPage {
  const references = collectPageReferences(html, url);
  return {
    page: {
      requestedUrl: url,
      url,
      status: 200,
      contentType: 'text/html',
      charset: 'utf-8',
      html,
      renderedWith: 'static',
      depth,
      frames: references.frames,
    },
    references,
  };
}

describe('readFrames', () => {
  it('reads the new frames of a frameset at the given depth and keeps them in frame order', async () => {
    const start = crawledPage('http://site.test/', '<p>Home</p>', 0);
    const frontier = new CrawlFrontier(siteOrigins(start.page.url, start.page.url), {
      requestedUrl: start.page.url,
      page: start,
      bodyHash: 'home',
    });
    const sources = Array.from({ length: 8 }, (_, index) => `<frame src="f${index}.html">`);
    const frameset = crawledPage(
      'http://site.test/frames.html',
      `<frameset>${sources.join('')}</frameset>`,
      1,
    );
    const read: string[] = [];
    const kept = await readFrames([frameset], 2, {
      frontier,
      concurrency: 3,
      // The third frame answers late and the fourth is broken: order and skips still hold.
      crawl: async (url, depth): Promise<CrawlResult> => {
        read.push(`${url} ${depth}`);
        if (url.endsWith('f2.html')) await new Promise((resolve) => setTimeout(resolve, 20));
        if (url.endsWith('f3.html'))
          return { url, skipped: 'HTTP 500', level: 'warning', cause: 'error' };
        const page = crawledPage(url, `<p>${url}</p>`, depth);
        return { url, crawledPage: page, finalUrl: url, bodyHash: url };
      },
      keep: (result) => {
        const outcome = frontier.accept(result);
        return 'crawledPage' in outcome ? outcome.crawledPage : undefined;
      },
    });
    expect(read).toHaveLength(MAX_FRAMES_PER_PAGE);
    expect(read.every((line) => line.endsWith(' 2'))).toBe(true);
    expect(kept.map((entry) => entry.page.url)).toEqual(
      [0, 1, 2, 4, 5].map((index) => `http://site.test/f${index}.html`),
    );
    expect(frontier.crawled.map((entry) => entry.page.url)).toEqual([
      'http://site.test/',
      ...kept.map((entry) => entry.page.url),
    ]);
  });
});
