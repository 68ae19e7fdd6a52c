import { describe, expect, it } from 'vitest';
import type { PlannedPage, SiteModel } from '../../model';
import { extractSite } from '../extract/extract-site';
import { toRawPage, toRawSite } from '../generate/testing/load-fixture';
import { toVerifyExpectations } from './expectations';
import { isErrorPage } from './plan-navigation';
import { planSite } from './plan-site';

const ORIGIN = 'http://site.example';

/** A four-page site (one of them its 404 page) with the menu tree extract reads from the original. */
function model(): SiteModel {
  const raw = toRawSite(
    '<html><head><title>Home - Modern Business</title></head><body><h1>Welcome</h1><p>Hello.</p></body></html>',
    `${ORIGIN}/index.html`,
  );
  raw.pages.push(
    toRawPage(`${ORIGIN}/about.html`, '<title>About</title><h1>About us</h1><p>Since 1998.</p>', 1),
    toRawPage(
      `${ORIGIN}/portfolio-3.html`,
      '<title>3 Column</title><h1>Work</h1><p>Pieces.</p>',
      1,
    ),
    toRawPage(`${ORIGIN}/404.html`, '<title>404</title><h1>404 Page Not Found</h1><p>Gone.</p>', 1),
  );
  const extracted = extractSite(raw);
  return {
    ...extracted,
    identity: {
      ...extracted.identity,
      name: 'Modern Business',
      menu: [
        { label: 'Modern Business', href: `${ORIGIN}/index.html`, children: [] },
        { label: 'About', href: `${ORIGIN}/about.html`, children: [] },
        {
          label: 'Portfolio ▾',
          children: [
            { label: '3 Column Portfolio', href: `${ORIGIN}/portfolio-3.html`, children: [] },
            { label: 'Blog', href: 'https://blog.example/', children: [] },
          ],
        },
        {
          label: 'Other Pages',
          children: [{ label: '404', href: `${ORIGIN}/404.html`, children: [] }],
        },
        { label: 'Contact', href: 'mailto:hello@site.example', children: [] },
      ],
    },
  };
}

describe('the header menu (issue 12)', () => {
  it('keeps every top-level item with its dropdown children, never the brand or the 404 page', () => {
    const plan = planSite(model(), { strategy: 'INCREMENTAL_UPDATE' });
    expect(plan.menu).toEqual([
      { label: 'About', route: '/about', children: [] },
      {
        label: 'Portfolio',
        children: [
          { label: '3 Column Portfolio', route: '/portfolio-3', children: [] },
          { label: 'Blog', route: 'https://blog.example/', children: [] },
        ],
      },
      { label: 'Contact', route: 'mailto:hello@site.example', children: [] },
    ]);
    // The footer does not list the menu again (issue 12); the error page is linked nowhere.
    expect(plan.footerLinks).toEqual([]);
    const links = JSON.stringify([plan.menu, plan.navigation, plan.footerLinks]);
    expect(links).not.toContain('/404');
    expect(links).not.toContain('Modern Business');
    // The page itself is still rebuilt (its text is the original's).
    expect(plan.pages.map((page) => page.route)).toContain('/404');
  });

  it('falls back to the pages (never the error page) when the original has no menu', () => {
    const { identity, ...rest } = model();
    const plan = planSite(
      { ...rest, identity: { ...identity, menu: [] }, navigation: [] },
      { strategy: 'INCREMENTAL_UPDATE' },
    );
    expect(plan.menu?.map((item) => item.route)).toEqual(['/about', '/portfolio-3']);
  });
});

describe('a documentation site with no menu at all (issue 23)', () => {
  /** Plain pages that link to each other only in their text: no nav, no menu, no side column. */
  function plainDocs(): SiteModel {
    const raw = toRawSite(
      `<html><head><title>Regex library</title></head><body>
      <h1>Regex library</h1>
      <p>Read the <a href="api.html">API</a> page or the <a href="syntax.html">syntax</a> page.</p>
      </body></html>`,
      `${ORIGIN}/index.html`,
    );
    raw.pages.push(
      toRawPage(
        `${ORIGIN}/api.html`,
        '<title>API</title><h1>The API</h1><p>Calls. Back to the <a href="index.html">index</a>.</p>',
        1,
      ),
      toRawPage(
        `${ORIGIN}/syntax.html`,
        '<title>Syntax</title><h1>Pattern syntax</h1><p>Atoms. See the <a href="api.html">API</a>.</p>',
        1,
      ),
    );
    return extractSite(raw);
  }

  it('makes up no header menu where the look is kept: the pages go to the footer', () => {
    const model = plainDocs();
    expect(model.navigation).toEqual([]);
    expect(model.identity.menu ?? []).toEqual([]);
    const plan = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    // Nothing for the header to show, so it draws no band over the pages.
    expect(plan.navigation).toEqual([]);
    expect(plan.menu ?? []).toEqual([]);
    // Every page is reachable from the start page's own links, so the footer lists none (the
    // original showed no list of its pages).
    expect(plan.footerLinks).toEqual([]);
    const routes = new Set(plan.pages.map((page) => page.route));
    const hrefs = JSON.stringify(plan.pages.map((page) => page.sections))
      .match(/"href":"[^"]*"/g)!
      .map((match) => match.slice(8, -1));
    expect(hrefs.length).toBeGreaterThanOrEqual(4);
    for (const href of hrefs) expect(routes).toContain(href);
  });

  it('lists in the footer only the pages no link reaches from the start page', () => {
    const model = plainDocs();
    const raw = toRawPage(
      `${ORIGIN}/changes.html`,
      '<title>Changes</title><h1>Change log</h1><p>Version 2. See the <a href="api.html">API</a>.</p>',
      1,
    );
    const extra = extractSite({
      ...toRawSite('<title>x</title>', `${ORIGIN}/index.html`),
      pages: [raw],
    });
    const withOrphan = { ...model, pages: [...model.pages, ...extra.pages] };
    const plan = planSite(withOrphan, { strategy: 'STYLE_MODERNIZATION' });
    expect(plan.navigation).toEqual([]);
    // /changes links to /api, but nothing reachable links to /changes.
    expect(plan.footerLinks.map((link) => link.route)).toEqual(['/changes']);
  });

  it('keeps the page menu in the header for the other profiles', () => {
    for (const strategy of ['INCREMENTAL_UPDATE', 'FULL_REBUILD'] as const) {
      const plan = planSite(plainDocs(), { strategy });
      expect(plan.navigation.map((item) => item.route)).toEqual(['/api', '/syntax']);
      expect(plan.menu?.map((item) => item.route)).toEqual(['/api', '/syntax']);
    }
  });
});

describe("a one-page site's menu of in-page anchors (issue 23)", () => {
  it('keeps every item, each linking to a section of the page that starts where its anchor did', () => {
    const raw = toRawSite(
      `<html><head><title>Fest 2015</title></head><body>
      <header><ul class="menu">
        <li><a href="#intro"><img src="nav-1.gif" width="120" height="26" alt="Event"></a></li>
        <li><a href="#program"><img src="nav-2.gif" width="120" height="26" alt="Program"></a></li>
        <li><a href="#talks"><img src="nav-3.gif" width="120" height="26" alt="Talks"></a></li>
        <li><a href="#sponsors"><img src="nav-4.gif" width="120" height="26" alt="Sponsors"></a></li>
      </ul></header>
      <section id="intro"><h2>Fest 2015 on 16 January</h2><p>A day of talks and workshops.</p></section>
      <section id="program"><h2><img src="program.gif" alt="Program"></h2><p>10:30 Keynote</p></section>
      <section id="talks"><h2><img src="talks.gif" alt="Talks"></h2><h3>Talk 1</h3><p>About clouds.</p></section>
      <section id="sponsors"><h2><img src="sponsors.gif" alt="Sponsors"></h2><p>Thanks to all.</p></section>
      </body></html>`,
      `${ORIGIN}/index.html`,
    );
    const model = extractSite(raw);
    const plan = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    const page = plan.pages[0]!;
    expect(plan.navigation.map((item) => item.label)).toEqual([
      'Event',
      'Program',
      'Talks',
      'Sponsors',
    ]);
    const targets = plan.navigation.map((item) => item.route);
    expect(new Set(targets).size).toBe(4);
    const ids = new Set(page.sections.map((section) => section.id));
    for (const target of targets) expect(ids).toContain(target.replace(/^\/#/, ''));
    // Each target is the part the original's anchor began: Talks holds its talk, not the program.
    const talks = page.sections.find((section) => `/#${section.id}` === targets[2])!;
    expect(JSON.stringify(talks.blocks)).toContain('About clouds.');
    expect(JSON.stringify(talks.blocks)).not.toContain('10:30 Keynote');
    // The menu's labels title the parts for screen readers only: the original showed pictures.
    expect(talks.heading).toMatchObject({ inlines: [{ text: 'Talks' }], visuallyHidden: true });
  });

  it('keeps two items whose anchors lead to one place, each with its label', () => {
    const raw = toRawSite(
      `<html><head><title>Fest 2015</title></head><body>
      <nav><a href="#top">Home</a> <a href="#start">Start</a> <a href="#talks">Talks</a></nav>
      <a name="top"></a><a name="start"></a><h1>Fest 2015</h1><p>A day of talks.</p>
      <section id="talks"><h2>Talks</h2><p>About clouds.</p></section></body></html>`,
      `${ORIGIN}/index.html`,
    );
    const plan = planSite(extractSite(raw), { strategy: 'INCREMENTAL_UPDATE' });
    expect(plan.navigation.map((item) => [item.label, item.route])).toEqual([
      ['Home', '/#fest-2015'],
      ['Start', '/#fest-2015'],
      ['Talks', '/#talks'],
    ]);
  });
});

describe("icon-font glyphs (Private Use Area characters) in the original's text", () => {
  it('are left out of content and menu labels (empty boxes without the font)', () => {
    const base = model();
    const page = base.pages[0]!;
    page.sections[0]!.blocks.push({
      kind: 'paragraph',
      inlines: [{ text: '\uf1c1 CV', href: `${ORIGIN}/about.html` }, { text: ' \uf0e0' }],
    });
    const plan = planSite(
      {
        ...base,
        identity: {
          ...base.identity,
          menu: [{ label: '\uf19d Academic ▼', href: `${ORIGIN}/about.html`, children: [] }],
        },
      },
      { strategy: 'INCREMENTAL_UPDATE' },
    );
    expect(plan.menu?.[0]?.label).toBe('Academic');
    const runs = plan.pages[0]!.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.inlines : [])),
    );
    expect(runs).toContainEqual({ text: 'CV', href: '/about' });
    expect(JSON.stringify(plan.pages)).not.toMatch(/[\uE000-\uF8FF]/);
  });
});

describe("the menu's copy in a page's content", () => {
  it('goes from the top of the page when every link of a block is a menu item; other links stay', () => {
    const base = model();
    const first = base.pages[0]!.sections[0]!;
    first.blocks.unshift(
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ text: 'About', href: `${ORIGIN}/about.html` }],
          [{ text: '3 Column Portfolio', href: `${ORIGIN}/portfolio-3.html` }],
        ],
      },
      {
        kind: 'paragraph',
        inlines: [
          { text: 'About', href: `${ORIGIN}/about.html` },
          { text: ' and ' },
          { text: 'our story', href: `${ORIGIN}/about.html` },
        ],
      },
      // The original's dropdown toggle, read as a button that leads nowhere.
      { kind: 'paragraph', inlines: [{ text: '📋 Portfolio ▼', button: 'secondary' }] },
      { kind: 'paragraph', inlines: [{ text: 'Portfolio ▾' }] },
      // A lone link is content, even when a menu item has its label.
      { kind: 'paragraph', inlines: [{ text: 'About', href: `${ORIGIN}/about.html` }] },
    );
    const plan = planSite(base, { strategy: 'INCREMENTAL_UPDATE' });
    const blocks = plan.pages[0]!.sections[0]!.blocks;
    expect(blocks.some((b) => b.kind === 'list')).toBe(false);
    expect(JSON.stringify(blocks)).toContain('our story');
    expect(JSON.stringify(blocks)).not.toContain('Portfolio');
    expect(blocks).toContainEqual({
      kind: 'paragraph',
      inlines: [{ text: 'About', href: '/about' }],
    });
  });
});

describe("verify's expectations", () => {
  it('do not expect the label of a link to the error page, which the rebuild never links', () => {
    const base = model();
    for (const page of base.pages) page.textBlocks.push('404');
    const plan = planSite(base, { strategy: 'INCREMENTAL_UPDATE' });
    const expectations = toVerifyExpectations(base, plan);
    const byRoute = new Map(expectations.pages.map((page) => [page.route, page.textBlocks]));
    expect(byRoute.get('/')).not.toContain('404');
    expect(byRoute.get('/about')).not.toContain('404');
    // The error page itself still shows its own text.
    expect(byRoute.get('/404')).toContain('404');
  });

  it("expect a dropdown's label without the arrow glyph the header draws as a chevron", () => {
    const base = model();
    base.pages[0]!.textBlocks.push('Portfolio ▾', 'Learn more ▾');
    const expectations = toVerifyExpectations(
      base,
      planSite(base, { strategy: 'INCREMENTAL_UPDATE' }),
    );
    expect(expectations.pages[0]!.textBlocks).toContain('Portfolio');
    expect(expectations.pages[0]!.textBlocks).toContain('Learn more ▾');
  });
});

describe('the error page', () => {
  const page = (title: string, section: Omit<PlannedPage['sections'][number], 'variant'>) =>
    ({ title, sections: [{ ...section, variant: 'prose' }] }) as unknown as PlannedPage;

  it('is known by its h1 also when a lead-in above it keeps the h1 as a block of the first section', () => {
    const leadIn = page('Oops', {
      id: 'intro',
      blocks: [
        { kind: 'paragraph', inlines: [{ text: 'Sorry!' }] },
        { kind: 'heading', level: 1, inlines: [{ text: '404 Page Not Found' }] },
      ],
    });
    expect(isErrorPage(leadIn)).toBe(true);
    const headed = page('Oops', {
      id: 'intro',
      heading: { level: 1, inlines: [{ text: 'Page not found' }] },
      blocks: [],
    });
    expect(isErrorPage(headed)).toBe(true);
    const about = page('About', {
      id: 'intro',
      blocks: [{ kind: 'heading', level: 1, inlines: [{ text: 'About us' }] }],
    });
    expect(isErrorPage(about)).toBe(false);
  });
});
