import { afterEach, describe, expect, it } from 'vitest';
import { buildGuardedAgent } from '../../net/guarded-agent';
import { MAX_SITEMAP_FILES, parseSitemap, readSitemaps } from './read-sitemaps';
import { startTestServer, type TestRoute, type TestServer } from './test-server.fixture';

const xml = (body: string): TestRoute => ({
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0"?>${body}`,
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function read(
  routes: Record<string, TestRoute>,
  robotsSitemaps: string[] = [],
  budgetMs?: number,
) {
  server = await startTestServer(routes);
  // `{https}` in a body: this server's address under https://.
  for (const route of Object.values(routes))
    if (typeof route === 'object' && typeof route.body === 'string')
      route.body = route.body.replaceAll('{https}', server.origin.replace(/^http:/, 'https:'));
  const dispatcher = buildGuardedAgent({ allowPrivateUrls: true, connections: 2 });
  const skipped: string[] = [];
  try {
    const found = await readSitemaps(
      [server.origin],
      robotsSitemaps.map((path) =>
        path.startsWith('{https}')
          ? path.replace('{https}', server!.origin.replace(/^http:/, 'https:'))
          : `${server!.origin}${path}`,
      ),
      {
        allowPrivateUrls: true,
        dispatcher,
        userAgent: 'Sitelift-test',
        timeoutMs: 5_000,
        budgetMs,
        onSkipped: (url, reason) => skipped.push(`${new URL(url).pathname}: ${reason}`),
      },
    );
    const path = (url: string) => {
      expect(url.startsWith(`${server!.origin}/`)).toBe(true);
      return new URL(url).pathname + new URL(url).search;
    };
    return { urls: found.urls.map(path), files: found.files.map(path), skipped };
  } finally {
    await dispatcher.close();
  }
}

describe('parseSitemap', () => {
  it('reads the locations of a urlset and of an index, CDATA, entities and prefixes included', () => {
    expect(
      parseSitemap(
        `<urlset><url><loc> https://a.test/x?id=1&amp;p=2 </loc></url>
         <url><loc><![CDATA[https://a.test/caf&eacute;]]></loc></url>
         <s:url><s:loc>https://a.test/&#x41;</s:loc></s:url><url><loc></loc></url></urlset>`,
      ),
    ).toEqual({
      kind: 'urlset',
      locations: ['https://a.test/x?id=1&p=2', 'https://a.test/caf&eacute;', 'https://a.test/A'],
    });
    expect(
      parseSitemap(
        '<sitemapindex><sitemap><loc>https://a.test/s1.xml</loc></sitemap></sitemapindex>',
      ),
    ).toEqual({ kind: 'index', locations: ['https://a.test/s1.xml'] });
  });
});

describe('readSitemaps', () => {
  it('takes robots.txt’s sitemaps, then /sitemap.xml: same-site pages only, each once', async () => {
    const found = await read(
      {
        '/from-robots.xml': xml(
          '<urlset><url><loc>/a.html</loc></url><url><loc>/b.html#top</loc></url></urlset>',
        ),
        '/sitemap.xml': xml(
          `<urlset><url><loc>/b.html</loc></url><url><loc>/c?page=2</loc></url>
           <url><loc>{https}/moved.html</loc></url>
           <url><loc>/brochure.pdf</loc></url><url><loc>https://elsewhere.test/d.html</loc></url>
           <url><loc>mailto:a@b.test</loc></url></urlset>`,
        ),
      },
      ['/from-robots.xml', '{https}/sitemap.xml'],
    );
    expect(found).toEqual({
      // The site's host under the other scheme is the site.
      urls: ['/a.html', '/b.html', '/c?page=2', '/moved.html'],
      files: ['/from-robots.xml', '/sitemap.xml'],
      skipped: [],
    });
  });

  it(`follows index files, reads at most ${MAX_SITEMAP_FILES} files, and passes over broken ones`, async () => {
    const children = Array.from({ length: 15 }, (_, index) => `/s${index}.xml`);
    const routes: Record<string, TestRoute> = {
      '/sitemap.xml': xml(
        `<sitemapindex>${children.map((path) => `<sitemap><loc>${path}</loc></sitemap>`).join('')}
         <sitemap><loc>/sitemap.xml</loc></sitemap></sitemapindex>`,
      ),
      '/s0.xml': { status: 500, body: 'oops' },
      '/s1.xml': xml('<urlset><url><loc>/one.html'),
    };
    for (const [index, path] of children.entries())
      routes[path] ??= xml(`<urlset><url><loc>/page-${index}.html</loc></url></urlset>`);
    const found = await read(routes);
    // The index and nine of its sitemaps; an unclosed file gives nothing, a 500 is passed over.
    expect(found.files).toEqual(['/sitemap.xml', ...children.slice(1, 9)]);
    expect(found.urls).toEqual(children.slice(2, 9).map((_, index) => `/page-${index + 2}.html`));
    expect(found.skipped).toEqual(['/s0.xml: HTTP 500']);
    expect(server!.requests.filter((path) => path.endsWith('.xml'))).toHaveLength(
      MAX_SITEMAP_FILES,
    );
  });

  it('gives up within its time budget on a sitemap that never finishes', async () => {
    const started = Date.now();
    const found = await read(
      {
        '/slow.xml': (_request, response) => {
          response.writeHead(200, { 'content-type': 'application/xml' });
          response.write('<urlset><url><loc>/a.html</loc></url>');
        },
      },
      ['/slow.xml'],
      400,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(found.urls).toEqual([]);
    expect(found.skipped).toEqual([expect.stringMatching(/^\/slow\.xml: /)]);
    // No file is started once the budget is spent: /sitemap.xml is not asked for.
    expect(server!.requests).toEqual(['/slow.xml']);
  });
});
