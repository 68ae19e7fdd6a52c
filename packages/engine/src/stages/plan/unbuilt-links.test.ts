import { describe, expect, it } from 'vitest';
import type { Block, InlineRun, SitePlan } from '../../model';
import { toFlatBlocks } from '../../model';
import type { RawSite } from '../../types';
import { extractSite } from '../extract/extract-site';
import { generateProject } from '../generate/generate-project';
import { toRawPage } from '../generate/testing/load-fixture';
import { toVerifyExpectations } from './expectations';
import { planSite } from './plan-site';

/**
 * A site of three pages read of four: the start page and /guide.html link to /manual.html, which
 * was not read (over the limit, say), in the text, in the menu and as a button; /old-news.html was
 * asked for and redirected to /news/.
 */
function siteWithAnUnreadPage(): RawSite {
  const origin = 'http://docs.example';
  const menu = `<nav><ul>
    <li><a href="/index.html">Home</a></li>
    <li><a href="/guide.html">Guide</a></li>
    <li><a href="/manual.html">Manual</a></li>
  </ul></nav>`;
  const start = toRawPage(
    `${origin}/index.html`,
    `<html><head><title>Docs</title></head><body>${menu}<main><h1>Docs home</h1>
      <p>Read the <a href="/manual.html#install">manual's install chapter</a> or the
      <a href="guide.html">guide</a>; news is <a href="/old-news.html">here</a>.</p>
      <p><a href="https://elsewhere.example/page">Another site</a></p>
    </main></body></html>`,
    0,
  );
  const guide = toRawPage(
    `${origin}/guide.html`,
    `<html><head><title>Guide</title></head><body>${menu}<main><h1>The guide</h1>
      <p>Start with <a href="/manual.html">the manual</a>, then <a href="/faq.html">the FAQ</a>.</p>
      <p><a class="btn btn-primary" href="/manual.html">Open the manual</a></p>
    </main></body></html>`,
    1,
  );
  const news = {
    ...toRawPage(
      `${origin}/news/`,
      `<html><head><title>News</title></head><body>${menu}<main><h1>News</h1>
        <p>Nothing new.</p></main></body></html>`,
      1,
    ),
    requestedUrl: `${origin}/old-news.html`,
  };
  return {
    startUrl: `${origin}/index.html`,
    notRead: [],
    finalUrl: `${origin}/index.html`,
    pages: [start, guide, news],
    stylesheets: [],
    assets: [],
    diagnostics: [],
  };
}

function runsOf(plan: SitePlan, route: string): InlineRun[] {
  const page = plan.pages.find((candidate) => candidate.route === route)!;
  return page.sections.flatMap((section) =>
    toFlatBlocks(section.blocks).flatMap((block: Block) =>
      block.kind === 'paragraph' ? block.inlines : [],
    ),
  );
}

function linkOf(plan: SitePlan, route: string, text: string): InlineRun | undefined {
  return runsOf(plan, route).find((run) => run.text.includes(text));
}

describe('links to pages of the site that were not rebuilt', () => {
  it('keep: become absolute links to the original page, listed once per route and address', () => {
    const plan = planSite(extractSite(siteWithAnUnreadPage()), { strategy: 'FULL_REBUILD' });
    expect(plan.pages.map((page) => page.route)).toEqual(['/', '/guide', '/news']);
    expect(linkOf(plan, '/', "manual's install chapter")?.href).toBe(
      'http://docs.example/manual.html#install',
    );
    // A relative link to a page that was read goes to its route; so does its old address.
    expect(linkOf(plan, '/', 'guide')?.href).toBe('/guide');
    expect(linkOf(plan, '/', 'here')?.href).toBe('/news');
    expect(linkOf(plan, '/guide', 'the manual')?.href).toBe('http://docs.example/manual.html');
    expect(linkOf(plan, '/guide', 'Open the manual')).toMatchObject({
      href: 'http://docs.example/manual.html',
      button: 'primary',
    });
    expect(linkOf(plan, '/', 'Another site')?.href).toBe('https://elsewhere.example/page');
    // The menu keeps its item, to the original's page.
    expect(plan.menu?.map((item) => [item.label, item.route])).toContainEqual([
      'Manual',
      'http://docs.example/manual.html',
    ]);
    expect(plan.linksToOriginal).toEqual([
      { route: '/', url: 'http://docs.example/manual.html#install' },
      { route: '/guide', url: 'http://docs.example/manual.html' },
      { route: '/guide', url: 'http://docs.example/faq.html' },
      { route: '/', url: 'http://docs.example/manual.html' },
    ]);
  });

  it('remove: drop the link and keep its words as plain text', async () => {
    const plan = planSite(extractSite(siteWithAnUnreadPage()), {
      strategy: 'FULL_REBUILD',
      unbuiltLinks: 'remove',
    });
    const chapter = linkOf(plan, '/', "manual's install chapter");
    expect(chapter?.text).toContain("manual's install chapter");
    expect(chapter?.href).toBeUndefined();
    expect(linkOf(plan, '/guide', 'the manual')?.href).toBeUndefined();
    expect(linkOf(plan, '/guide', 'the FAQ')?.href).toBeUndefined();
    // A button to nowhere would promise a page: its words stay, as words.
    const button = linkOf(plan, '/guide', 'Open the manual');
    expect(button).toBeDefined();
    expect(button?.href).toBeUndefined();
    expect(button?.button).toBeUndefined();
    // Links to rebuilt pages and other sites are untouched.
    expect(linkOf(plan, '/', 'guide')?.href).toBe('/guide');
    expect(linkOf(plan, '/', 'Another site')?.href).toBe('https://elsewhere.example/page');
    // The menu item leads nowhere: it goes.
    expect(plan.menu?.map((item) => item.label)).toEqual(['Home', 'Guide']);
    expect(plan.linksToOriginal).toBeUndefined();
    // No link to the original site is left anywhere in the plan.
    expect(JSON.stringify(plan.pages)).not.toContain('docs.example/manual.html');
    expect(JSON.stringify(plan.footerLinks)).not.toContain('docs.example');
    // The generated project shows the words, with no link around them.
    const tree = await generateProject(plan);
    const guide = Object.entries(tree.files)
      .filter(([path]) => path.startsWith('src/'))
      .map(([, content]) => String(content))
      .join('\n');
    expect(guide).toContain('Open the manual');
    expect(guide).toContain('the FAQ');
    expect(guide).not.toContain('manual.html');
    expect(guide).not.toContain('faq.html');
  });

  it('expects the words of a menu item removed with its link no more (remove only)', () => {
    const model = extractSite(siteWithAnUnreadPage());
    const textOf = (plan: SitePlan) =>
      toVerifyExpectations(model, plan).pages.find((page) => page.route === '/guide')!.textBlocks;
    expect(model.pages[1]!.textBlocks).toContain('Manual');
    expect(textOf(planSite(model, { strategy: 'FULL_REBUILD' }))).toContain('Manual');
    const removed = textOf(planSite(model, { strategy: 'FULL_REBUILD', unbuiltLinks: 'remove' }));
    expect(removed).not.toContain('Manual');
    expect(removed).toContain('Guide');
  });

  it('redirects every old address of a rebuilt page, its redirected one included', () => {
    const plan = planSite(extractSite(siteWithAnUnreadPage()), { strategy: 'FULL_REBUILD' });
    expect(plan.redirects).toEqual({
      '/index.html': '/',
      '/guide.html': '/guide',
      '/news/': '/news',
      '/news/index.html': '/news',
      '/old-news.html': '/news',
    });
  });
});

describe('links to the site at its other scheme', () => {
  it('go to the routes of the pages read at the site’s scheme, or to its unread pages there', () => {
    const origin = 'https://shop.example';
    // Old absolute links: the site moved to https, its pages still say http://.
    const menu = `<nav><ul>
      <li><a href="http://shop.example/">Home</a></li>
      <li><a href="http://shop.example/about.html">About</a></li>
      <li><a href="http://shop.example/contact.html">Contact</a></li>
    </ul></nav>`;
    const start = toRawPage(
      `${origin}/`,
      `<html><head><title>Shop</title></head><body>${menu}<main><h1>The shop</h1>
        <p>Read <a href="http://shop.example/about.html#history">our history</a> first.</p>
      </main></body></html>`,
      0,
    );
    const about = toRawPage(
      `${origin}/about.html`,
      `<html><head><title>About</title></head><body>${menu}<main><h1>About us</h1>
        <p id="history">Since 1990.</p></main></body></html>`,
      1,
    );
    const site: RawSite = {
      startUrl: `${origin}/`,
      finalUrl: `${origin}/`,
      notRead: [],
      pages: [start, about],
      stylesheets: [],
      assets: [],
      diagnostics: [],
    };
    const plan = planSite(extractSite(site), { strategy: 'FULL_REBUILD' });
    expect(plan.pages.map((page) => page.route)).toEqual(['/', '/about']);
    // The anchor goes to the section that now holds it.
    expect(linkOf(plan, '/', 'our history')?.href).toBe('/about#about-us');
    expect(plan.menu?.map((item) => [item.label, item.route])).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', 'https://shop.example/contact.html'],
    ]);
    expect(plan.linksToOriginal).toContainEqual({
      route: '/',
      url: 'https://shop.example/contact.html',
    });
  });
});
