/**
 * A site of about sixty pages for the crawl's scope (issue 24): links reach some pages, sitemaps
 * (robots.txt's `Sitemap:` line to a sitemap index with a gzip sitemap, and `/sitemap.xml`) reach
 * the others, robots.txt disallows `/private/`, and one page answers 500.
 */
import { gzipSync } from 'node:zlib';
import { startTestServer, type TestRoute, type TestServer } from './test-server.fixture';

const page = (title: string, body: string): TestRoute => ({
  body: `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
});
const links = (paths: readonly string[]): string =>
  paths.map((path) => `<a href="${path}">${path}</a>`).join(' ');
const range = (count: number, toPath: (index: number) => string): string[] =>
  Array.from({ length: count }, (_, index) => toPath(index + 1));
const xml = (body: string): TestRoute => ({
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`,
});
const urlset = (origin: string, paths: readonly string[]): string =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((path) => `<url><loc>${origin}${path}</loc><lastmod>2024-01-01</lastmod></url>`)
    .join('')}</urlset>`;

/** The paths of the scope site, by how they are found. */
export const SCOPE_SITE = {
  /** Linked from the start page (depth 1); `/broken.html` answers 500, `/private/` is disallowed. */
  level1: ['/about.html', '/contact.html', '/blog/', '/docs/intro.html'],
  /** Linked from the level-1 pages (depth 2). */
  level2: [
    ...range(20, (index) => `/blog/post-${index}.html`),
    ...range(10, (index) => `/docs/page-${index}.html`),
  ],
  /** Listed only by the sitemaps, in the order they are read (robots.txt's index first). */
  sitemapOnly: [
    ...range(20, (index) => `/archive/item-${index}.html`),
    '/landing/spring.html',
    '/landing/autumn.html',
  ],
  /** Linked only from a sitemap-only page. */
  behindSitemap: ['/archive/index.html'],
  broken: '/broken.html',
  /** Disallowed by robots.txt: one linked, one only in a sitemap. */
  private: ['/private/', '/private/ledger.html'],
} as const;

/** Every page of the scope site that can be read, in the order a full crawl reads them. */
export const SCOPE_SITE_READ_ORDER: readonly string[] = [
  '/',
  ...SCOPE_SITE.level1,
  ...SCOPE_SITE.level2,
  ...SCOPE_SITE.sitemapOnly,
  ...SCOPE_SITE.behindSitemap,
];

/** Serves the scope site on 127.0.0.1. */
export async function startScopeSite(): Promise<TestServer> {
  const routes: Record<string, TestRoute> = {};
  const server = await startTestServer(routes);
  const { origin } = server;
  const { level1, level2, sitemapOnly, behindSitemap, broken, private: hidden } = SCOPE_SITE;
  const posts = level2.filter((path) => path.startsWith('/blog/'));
  const docs = level2.filter((path) => path.startsWith('/docs/'));
  Object.assign(routes, {
    '/robots.txt': {
      headers: { 'content-type': 'text/plain' },
      body: `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap-index.xml\n`,
    },
    '/': page('Home', `<nav>${links([...level1, broken, hidden[0]])}</nav>`),
    '/about.html': page('About', links(['/', '/contact.html'])),
    '/contact.html': page('Contact', links(['/', '/about.html'])),
    '/blog/': page('Blog', links(posts)),
    '/docs/intro.html': page('Docs', links(docs)),
    [broken]: { status: 500, body: '<h1>Server error</h1>' },
    [hidden[0]]: page('Private', links([hidden[1]])),
    [hidden[1]]: page('Ledger', ''),
    '/sitemap-index.xml': xml(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap><loc>${origin}/sitemaps/archive.xml.gz</loc></sitemap>
        <sitemap><loc>https://elsewhere.example/sitemap.xml</loc></sitemap>
      </sitemapindex>`,
    ),
    // A gzip file, served as such (not as a Content-Encoding).
    '/sitemaps/archive.xml.gz': {
      headers: { 'content-type': 'application/gzip' },
      body: gzipSync(
        `<?xml version="1.0"?>${urlset(origin, [
          ...sitemapOnly.filter((path) => path.startsWith('/archive/')),
          // Pages links reach are listed too: read once, in link order.
          '/about.html',
          '/blog/post-3.html',
        ])}`,
      ),
    },
    '/sitemap.xml': xml(
      urlset(origin, [
        '/',
        ...sitemapOnly.filter((path) => path.startsWith('/landing/')),
        hidden[1],
        '/files/annual-report.pdf',
      ]).replace('</urlset>', '<url><loc>https://elsewhere.example/page.html</loc></url></urlset>'),
    ),
  } satisfies Record<string, TestRoute>);
  for (const path of [...level2, ...sitemapOnly, ...behindSitemap]) {
    routes[path] = page(
      path,
      // The first archive item links to the archive's index, which no sitemap lists.
      path === '/archive/item-1.html' ? links(['/archive/index.html', '/']) : links(['/']),
    );
  }
  return server;
}
