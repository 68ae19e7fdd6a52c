import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../pipeline';
import { DEFAULT_PIPELINE } from '../../pipeline-stages';
import type { EnginePorts } from '../../ports';
import type { NotReadPage, RawSite } from '../../types';
import { checkSite } from './check-site';
import { fetchSite } from './fetch-site';
import { SCOPE_SITE, SCOPE_SITE_READ_ORDER, startScopeSite } from './scope-site.fixture';
import { buildRecordingLogger, failOnConsoleOutput, type TestServer } from './test-server.fixture';

failOnConsoleOutput();

const STATIC = { allowPrivateUrls: true, browser: 'never' as const, pageTimeoutMs: 5_000 };

function buildPorts(): EnginePorts & { logger: ReturnType<typeof buildRecordingLogger> } {
  return { logger: buildRecordingLogger(), clock: { now: () => Date.now() } };
}

let site: TestServer;
const pathOf = (url: string): string => new URL(url).pathname;
const notReadByPath = (notRead: NotReadPage[]) =>
  notRead.map(({ url, ...rest }) => ({ path: pathOf(url), ...rest }));

beforeAll(async () => {
  site = await startScopeSite();
});
afterAll(async () => {
  await site.close();
});

describe('fetchSite scope (issue 24)', () => {
  it('reads every page links and sitemaps reach, link pages first, and lists the others', async () => {
    const ports = buildPorts();
    const raw = await fetchSite(`${site.origin}/`, { ...STATIC, maxPages: 500 }, ports);
    const paths = raw.pages.map((page) => pathOf(page.url));
    // Breadth-first by links, then the pages only the sitemaps list (in their order), then what
    // those link to.
    expect(paths).toEqual(SCOPE_SITE_READ_ORDER);
    expect(raw.pages.map((page) => page.depth)).toEqual([
      0,
      ...SCOPE_SITE.level1.map(() => 1),
      ...SCOPE_SITE.level2.map(() => 2),
      ...SCOPE_SITE.sitemapOnly.map(() => 3),
      4,
    ]);
    expect(notReadByPath(raw.notRead)).toEqual([
      {
        path: SCOPE_SITE.broken,
        reason: 'error',
        detail: expect.stringContaining('500 (Internal Server Error)'),
      },
      { path: '/private/', reason: 'robots' },
      { path: '/private/ledger.html', reason: 'robots' },
    ]);
    // Robots-disallowed pages and sitemap links to other sites or files are never requested.
    expect(site.requests).not.toContain('/private/ledger.html');
    expect(site.requests).not.toContain('/files/annual-report.pdf');
    const messages = ports.logger.lines.map((line) => line.message);
    expect(messages).toContain('Found 26 pages in the site’s sitemaps');
    expect(messages).toContain('Reading 23 pages found only in the sitemap');
    expect(messages).toContain(
      '3 pages found were not read: 1 could not be read, 2 disallowed by robots.txt',
    );
  });

  it('lists the pages past maxPages as over the limit, each once, the sitemaps’ included', async () => {
    const before = site.requests.length;
    const raw = await fetchSite(`${site.origin}/`, { ...STATIC, maxPages: 10 }, buildPorts());
    const read = raw.pages.map((page) => pathOf(page.url));
    expect(read).toEqual(SCOPE_SITE_READ_ORDER.slice(0, 10));
    const notRead = notReadByPath(raw.notRead);
    const paths = notRead.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    // Every page found is read or listed: none is dropped, none listed twice (the archive's index
    // is linked only from a page past the limit: never found).
    expect(new Set([...read, ...paths])).toEqual(
      new Set([
        ...SCOPE_SITE_READ_ORDER.filter((path) => !path.startsWith('/archive/index')),
        SCOPE_SITE.broken,
        ...SCOPE_SITE.private,
      ]),
    );
    const reasons = Object.fromEntries(notRead.map(({ path, reason }) => [path, reason]));
    expect(reasons).toMatchObject({
      '/blog/post-20.html': 'over_limit',
      '/archive/item-1.html': 'over_limit',
      '/landing/autumn.html': 'over_limit',
      '/private/': 'robots',
      '/private/ledger.html': 'robots',
      [SCOPE_SITE.broken]: 'error',
    });
    // A page past the limit is not requested to be listed.
    expect(site.requests.slice(before)).not.toContain('/archive/item-20.html');
  });

  it('reads only the pages the include/exclude filter keeps, and lists the others as excluded', async () => {
    const before = site.requests.length;
    const raw = await fetchSite(
      `${site.origin}/`,
      {
        ...STATIC,
        maxPages: 500,
        include: ['/docs/', '/archive/**'],
        exclude: ['/archive/item-2*'],
      },
      buildPorts(),
    );
    const read = raw.pages.map((page) => pathOf(page.url));
    expect(read).toEqual([
      // The start page is always read.
      '/',
      '/docs/intro.html',
      ...SCOPE_SITE.level2.filter((path) => path.startsWith('/docs/')),
      ...SCOPE_SITE.sitemapOnly.filter(
        (path) => path.startsWith('/archive/') && !/item-2\d?\.html$/.test(path),
      ),
      '/archive/index.html',
    ]);
    const excluded = notReadByPath(raw.notRead)
      .filter((page) => page.reason === 'excluded')
      .map((page) => page.path);
    expect(excluded).toEqual(
      expect.arrayContaining([
        '/about.html',
        '/blog/',
        SCOPE_SITE.broken,
        '/private/',
        '/archive/item-2.html',
        '/archive/item-20.html',
        '/landing/spring.html',
        '/blog/post-3.html',
      ]),
    );
    // about, contact, blog, broken, private; two archive items; a post, two landings and the
    // ledger that only the sitemaps list.
    expect(excluded).toHaveLength(5 + 2 + 4);
    // An excluded page is not requested at all.
    const requested = site.requests.slice(before);
    expect(requested).not.toContain('/about.html');
    expect(requested).not.toContain('/archive/item-20.html');
    // /private/ledger.html, only in a sitemap, is excluded by the filter before robots is asked.
    expect(notReadByPath(raw.notRead)).toContainEqual({
      path: '/private/ledger.html',
      reason: 'excluded',
    });
  });
});

describe('the pipeline’s fetch stage (issue 24)', () => {
  it('passes the input’s include and exclude patterns to fetch', async () => {
    let fetched: RawSite | undefined;
    await expect(
      runPipeline(
        {
          url: `${site.origin}/`,
          allowPrivateUrls: true,
          maxPages: 500,
          include: ['/docs/'],
          exclude: ['/docs/page-1*'],
          fetchOptions: { browser: 'never' },
        },
        buildPorts(),
        {
          extract: {
            ...DEFAULT_PIPELINE.extract,
            run: ({ fetch }) => {
              fetched = fetch;
              throw new Error('stop here');
            },
          },
        },
      ),
    ).rejects.toThrow('stop here');
    expect(fetched?.pages.map((page) => pathOf(page.url))).toEqual([
      '/',
      '/docs/intro.html',
      ...SCOPE_SITE.level2.filter((path) => /^\/docs\/page-[2-9]\.html$/.test(path)),
    ]);
  });
});

describe('checkSite scope (issue 24)', () => {
  it('counts the pages of the links and the sitemaps, and names those robots.txt disallows', async () => {
    const check = await checkSite(`${site.origin}/`, { allowPrivateUrls: true, timeoutMs: 5_000 });
    // The start page, its six links, and the sitemaps' pages not linked from it.
    const fromLinks = ['/', ...SCOPE_SITE.level1, SCOPE_SITE.broken, '/private/'];
    const fromSitemaps = [
      ...SCOPE_SITE.sitemapOnly.filter((path) => path.startsWith('/archive/')),
      '/blog/post-3.html',
      ...SCOPE_SITE.sitemapOnly.filter((path) => path.startsWith('/landing/')),
      '/private/ledger.html',
    ];
    expect(check.paths).toEqual([...fromLinks, ...fromSitemaps]);
    expect(check).toMatchObject({
      pagesFound: fromLinks.length + fromSitemaps.length,
      robotsExcluded: ['/private/', '/private/ledger.html'],
      estimatedPages: fromLinks.length + fromSitemaps.length - 2,
      pagesCapped: false,
      warnings: [],
    });
  });
});
