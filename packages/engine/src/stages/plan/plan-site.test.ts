import { checkDesign } from '../../design/designer';
import { describe, expect, it } from 'vitest';
import type { Block, Section } from '../../model';
import { extractSite } from '../extract/extract-site';
import { loadFixture, readFixtureHtml, toRawSite } from '../generate/testing/load-fixture';
import { listNotCarried, toVerifyExpectations } from './expectations';
import {
  chooseVariant,
  fitTabs,
  fixOutline,
  groupSections,
  planSite,
  splitCards,
  toCardRuns,
  toRoute,
} from './plan-site';

function headingLevels(sections: Section[]): number[] {
  return sections.flatMap((section) => [
    ...(section.heading ? [section.heading.level] : []),
    ...section.blocks.flatMap((block) => (block.kind === 'heading' ? [block.level] : [])),
  ]);
}

describe('toRoute', () => {
  const start = 'http://a.example/index.html';
  it.each([
    ['http://a.example/index.html', '/'],
    ['http://a.example/', '/'],
    ['http://a.example/about.html', '/about'],
    ['http://a.example/About_Us.HTM', '/about-us'],
    ['http://a.example/docs/index.htm', '/docs'],
    ['http://a.example/blog/2009/02/', '/blog/2009/02'],
    ['http://a.example/index.php?page=contact', '/page-contact'],
    ['http://a.example/Mail.html', '/mail'],
    ['http://a.example/%E5%85%B3%E4%BA%8E.html', '/p'],
    // Client-side routes (issue 23) are paths of their own; the router's start view is the start.
    ['http://a.example/#/guide', '/guide'],
    ['http://a.example/index.html#!/posts/12', '/posts/12'],
    ['http://a.example/#!/', '/'],
    ['http://a.example/app/#/Faq/', '/app/faq'],
    ['http://a.example/#top', '/'],
  ])('%s -> %s', (url, route) => {
    const result = toRoute(url, start);
    if (route === '/p') expect(result).toMatch(/^\/p[0-9a-f]{6}$/);
    else expect(result).toBe(route);
  });
});

describe('fixOutline', () => {
  const heading = (level: number, text: string): Section => ({
    id: text,
    heading: { level, inlines: [{ text }] },
    blocks: [],
  });

  it('keeps exactly one h1 and closes skipped levels', () => {
    const out = fixOutline(
      [heading(1, 'a'), heading(1, 'b'), heading(4, 'c'), heading(4, 'd'), heading(2, 'e')],
      'T',
    );
    expect(headingLevels(out)).toEqual([1, 2, 3, 3, 2]);
  });

  it('promotes the first heading when there is no h1, or adds the title', () => {
    expect(headingLevels(fixOutline([heading(3, 'a'), heading(4, 'b')], 'T'))).toEqual([1, 2]);
    const sections: Section[] = [
      { id: 'x', blocks: [{ kind: 'paragraph', inlines: [{ text: 'p' }] }] },
      { id: 'y', blocks: [] },
      heading(2, 'late'),
    ];
    const out = fixOutline(sections, 'Page title');
    // The original showed no heading there: the title is the h1 for screen readers only (issue 12).
    expect(out[0]!.heading).toEqual({
      level: 1,
      inlines: [{ text: 'Page title' }],
      visuallyHidden: true,
    });
    expect(headingLevels(out)).toEqual([1, 2]);
  });

  it('turns runs of three or more short sibling sections into one section of cards', () => {
    const panel = (text: string): Section => ({
      id: text,
      heading: { level: 2, inlines: [{ text }] },
      blocks: [{ kind: 'paragraph', inlines: [{ text: 'Short text.' }] }],
    });
    const out = toCardRuns([
      heading(1, 'top'),
      panel('a'),
      panel('b'),
      panel('c'),
      heading(2, 'end'),
    ]);
    expect(out.map((s) => s.id)).toEqual(['top', 'a-group', 'end']);
    expect(out[1]!.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'paragraph',
      'heading',
      'paragraph',
    ]);
    expect(chooseVariant(out[1]!, 1, false)).toBe('cards');
    expect(toCardRuns([panel('a'), panel('b')]).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('makes cards of tiles whose thumbnail comes before their title (a portfolio)', () => {
    const image = (name: string): Block => ({
      kind: 'image',
      image: { src: `/images/${name}.webp`, alt: '', width: 400, height: 289 },
    });
    const title = (text: string): Block => ({ kind: 'heading', level: 4, inlines: [{ text }] });
    const line = (text: string): Block => ({ kind: 'paragraph', inlines: [{ text }] });
    const portfolio: Section = {
      id: 'portfolio',
      heading: { level: 2, inlines: [{ text: 'Portfolio' }] },
      blocks: [
        { kind: 'heading', level: 3, inlines: [{ text: 'Our latest work.' }] },
        ...['Round Icons', 'Startup Framework', 'Treehouse'].flatMap((name) => [
          image(name),
          title(name),
          line('Website Design'),
        ]),
      ],
    };
    const split = splitCards(portfolio.blocks, 4)!;
    expect(split.intro.map((b) => b.kind)).toEqual(['heading']);
    expect(split.cards.map((card) => card.map((b) => b.kind))).toEqual([
      ['image', 'heading', 'paragraph'],
      ['image', 'heading', 'paragraph'],
      ['image', 'heading', 'paragraph'],
    ]);
    expect(chooseVariant(portfolio, 2, true)).toBe('cards');
    // A picture at the end of a card whose title came first stays in that card.
    const timeline = [title('2009'), line('Our humble beginnings'), image('a'), title('2011')];
    expect(splitCards(timeline, 4)!.cards.map((card) => card.length)).toEqual([3, 1]);
  });

  it('turns a run of questions with answers into an accordion, whatever the answers length', () => {
    const question = (text: string): Section => ({
      id: text,
      heading: { level: 2, inlines: [{ text: `${text}?` }] },
      blocks: [{ kind: 'paragraph', inlines: [{ text: 'A long answer. '.repeat(60) }] }],
    });
    const out = toCardRuns([question('a'), question('b'), question('c')]);
    expect(out).toHaveLength(1);
    expect(chooseVariant(out[0]!, 1, false)).toBe('accordion');
  });

  it('groups deeper headings into the h1/h2 section before them', () => {
    const grouped = groupSections(
      fixOutline([heading(1, 'a'), heading(2, 'b'), heading(3, 'c'), heading(2, 'd')], 'T'),
    );
    expect(grouped.map((s) => s.id)).toEqual(['a', 'b', 'd']);
    expect(grouped[1]!.blocks[0]).toEqual({
      kind: 'heading',
      level: 3,
      inlines: [{ text: 'c' }],
      id: 'c',
    });
  });
});

describe('planSite', () => {
  it('routes every page, maps old paths to new routes and rewrites internal links', () => {
    const { raw } = loadFixture('frameset');
    const plan = planSite(extractSite(raw), { strategy: 'FULL_REBUILD' });
    // The menu frame (the frameset's narrow first column) is the frameset's aside: no page of its own.
    expect(plan.pages.map((page) => page.route)).toEqual([
      '/',
      '/input-pages/about',
      '/input-pages/main',
    ]);
    expect(plan.redirects).toEqual({
      '/index.html': '/',
      '/input-pages/about.html': '/input-pages/about',
      '/input-pages/main.html': '/input-pages/main',
      '/input-pages/menu.html': '/',
    });
    expect(plan.navigation).toEqual([
      { label: 'Home', route: '/input-pages/main' },
      { label: 'About us', route: '/input-pages/about' },
      { label: 'Start', route: '/' },
    ]);
    const aside = plan.pages[0]!.aside!;
    expect(aside).toMatchObject({ side: 'left', width: 180, isNavigation: true });
    const hrefs = aside.blocks.flatMap((b) =>
      b.kind === 'paragraph' ? b.inlines.map((r) => r.href) : [],
    );
    expect(hrefs.filter(Boolean)).toEqual(['/input-pages/main', '/input-pages/about', '/']);
  });

  it('carries the box a section was drawn in to the plan (decision record 084)', () => {
    const model = extractSite(loadFixture('tabs-restaurant').raw);
    const box = { fill: '#203040', radius: 8, text: '#ffffff' };
    const page = model.pages.find((p) => p.sections.some((section) => section.heading))!;
    const section = page.sections.find((s) => s.heading)!;
    section.box = box;
    const plan = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    const planned = plan.pages.flatMap((p) => p.sections).filter((s) => s.box);
    expect(planned).toHaveLength(1);
    expect(planned[0]!.box).toEqual(box);
  });

  it('keeps external and mailto: menu links, routes only in the flat header links', () => {
    const plan = planSite(
      extractSite(
        toRawSite(`<nav><ul>
          <li><a href="/index.html">Home</a></li>
          <li><a href="https://forum.example/">Forum</a></li>
          <li><a href="mailto:wouter@site.example">E-Mail me</a></li>
          <li><a href="javascript:window.close()">Close</a></li>
        </ul></nav><h1>Welcome</h1><p>Hello.</p>`),
      ),
      { strategy: 'INCREMENTAL_UPDATE' },
    );
    expect(plan.navigation).toEqual([{ label: 'Home', route: '/' }]);
    // Each link is in the header's menu or else in the footer, never in both (issue 12).
    const menuRoutes = JSON.stringify(plan.menu);
    for (const route of ['https://forum.example/', 'mailto:wouter@site.example']) {
      const inFooter = plan.footerLinks.some((link) => link.route === route);
      expect(inFooter).toBe(!menuRoutes.includes(route));
    }
    expect(plan.footerLinks.map((link) => link.route)).not.toContain('/');
  });

  it("keeps a breadcrumb line above the page's h1 a part of its own, not the opening's (issue 23)", () => {
    const plan = planSite(
      extractSite(
        toRawSite(`<p id="breadcrumbs"><span class="crumb-last">Home</span></p>
          <article><h1>Be your best self</h1><p>Welcome, reader.</p>
          <h2>You</h2><p>Strong and sensitive.</p></article>`),
      ),
      { strategy: 'STYLE_MODERNIZATION' },
    );
    const [crumbs, opening] = plan.pages[0]!.sections;
    expect(crumbs!.blocks).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'Home' }], breadcrumb: true },
    ]);
    // The h1 opens the next part: the words a page opened with, not a hero's lead.
    expect(opening!.heading ?? opening!.blocks[0]).toMatchObject({ level: 1 });
    expect(opening!.variant).not.toBe('hero');
  });

  it('points links to the original anchors (#services) at the sections that hold them', () => {
    const plan = planSite(extractSite(toRawSite(readFixtureHtml('bootstrap3-landing'))), {
      strategy: 'INCREMENTAL_UPDATE',
    });
    const services = plan.navigation.find((item) => item.label === 'Services');
    expect(services?.route).toBe('/#services');
    expect(plan.pages[0]!.sections.map((s) => s.id)).toContain('services');
    const hero = plan.pages[0]!.sections[0]!;
    expect(hero.variant).toBe('hero');
    // The lead-in stays before the h1, as the original shows it.
    const texts = hero.blocks.flatMap((b) =>
      b.kind === 'paragraph' || b.kind === 'heading' ? [b.inlines.map((r) => r.text).join('')] : [],
    );
    expect(texts.slice(0, 2)).toEqual(['Welcome To Our Studio!', "It's Nice To Meet You"]);
    expect(hero.blocks[1]).toMatchObject({ kind: 'heading', level: 1 });
    const more = hero.blocks
      .flatMap((b) => (b.kind === 'paragraph' ? b.inlines : []))
      .find((r) => r.text === 'Tell Me More');
    expect(more?.href).toBe('#services');
  });

  it('points hash-bang menu links (#!/page_menu) at the part of the page they showed', () => {
    const html = `<html><head><title>Bistro</title></head><body>
      <nav><a href="#!/page_home">Home</a> <a href="#!/page_menu">Menu</a> <a href="#!/page_gone">Gone</a></nav>
      <ul><li id="page_home"><h2>Welcome</h2><p>Hello.</p></li>
      <li id="page_menu" style="display: none"><h2>Our dishes</h2><p>Soup.</p></li></ul></body></html>`;
    const plan = planSite(extractSite(toRawSite(html)), { strategy: 'INCREMENTAL_UPDATE' });
    expect(plan.navigation).toEqual([
      { label: 'Home', route: '/#welcome' },
      { label: 'Menu', route: '/#our-dishes' },
      { label: 'Gone', route: '/' },
    ]);
  });

  it('describes the target of links whose text says nothing ("here"), for screen readers', () => {
    const html = `<html><head><title>Shop</title></head><body><h1>Shop</h1>
      <p>Buy the kit <a href="http://www.designmodo.com/startup/?u=787">here</a> or read
      <a href="http://site.example/about.html">more</a> about us, or <a href="/about.html">About us</a>.</p>
      </body></html>`;
    const plan = planSite(extractSite(toRawSite(html)), { strategy: 'INCREMENTAL_UPDATE' });
    const runs = plan.pages[0]!.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.inlines : [])),
    );
    const byText = (text: string) => runs.find((run) => run.text.trim() === text);
    expect(byText('here')?.context).toBe('designmodo.com');
    // A page of the site that was not crawled: its file name in words.
    expect(byText('more')?.context).toBe('about');
    expect(byText('About us')?.context).toBeUndefined();
  });

  it('self-hosts downloaded images with their real size and drops the rest', () => {
    const { raw } = loadFixture('font-table-1998');
    const plan = planSite(extractSite(raw), { strategy: 'STYLE_MODERNIZATION' });
    expect(plan.assets.map((asset) => asset.path)).toEqual([
      expect.stringMatching(/^images\/welkom-[0-9a-f]{8}\.png$/),
    ]);
    const images = plan.pages[0]!.sections.flatMap((s) =>
      s.blocks.filter((b) => b.kind === 'image'),
    );
    expect(images).toHaveLength(1);
    expect(images[0]!.kind === 'image' && images[0]!.image).toMatchObject({
      src: `/${plan.assets[0]!.path}`,
      width: 30,
      height: 6,
    });
  });

  it('self-hosts small inline (data:) images as files', () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const html = `<h1>Dot</h1><p><img src="data:image/png;base64,${png}" alt="A dot" width="40" height="40"></p>`;
    const plan = planSite(extractSite(toRawSite(html)), { strategy: 'INCREMENTAL_UPDATE' });
    expect(plan.assets.map((a) => [a.path, a.contentType, a.body.length])).toEqual([
      [expect.stringMatching(/^images\/inline-[0-9a-f]{8}\.png$/), 'image/png', 70],
    ]);
    const image = plan.pages[0]!.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'image');
    expect(image?.kind === 'image' && image.image.src).toBe(`/${plan.assets[0]!.path}`);
  });

  it('gives every page exactly one h1', () => {
    for (const name of [
      'bootstrap3-landing',
      'blog-post',
      'man-page',
      'chinese-page',
      'broken-markup',
    ]) {
      const plan = planSite(extractSite(toRawSite(readFixtureHtml(name))), {
        strategy: 'INCREMENTAL_UPDATE',
      });
      const levels = headingLevels(plan.pages[0]!.sections);
      expect(
        levels.filter((level) => level === 1),
        name,
      ).toHaveLength(1);
      expect(levels[0], name).toBe(1);
    }
  });

  it('chooses components by content: contact form, cards, docs', () => {
    const contact = planSite(extractSite(loadFixture('contact-page').raw), {
      strategy: 'INCREMENTAL_UPDATE',
    });
    expect(contact.pages[0]!.sections.map((s) => s.variant)).toContain('contact');
    const landing = planSite(extractSite(toRawSite(readFixtureHtml('bootstrap3-landing'))), {
      strategy: 'INCREMENTAL_UPDATE',
    });
    // Issue 12: the three service columns are an items grid of three (it lays itself out); the
    // hidden modal is a closed dialog of that section, not a section of its own.
    expect(landing.pages[0]!.sections.map((s) => s.variant)).toEqual(['hero', 'prose']);
    expect(landing.pages[0]!.sections[1]!.blocks).toContainEqual(
      expect.objectContaining({ kind: 'items', columns: 3 }),
    );
    expect(landing.pages[0]!.sections[1]!.blocks).toContainEqual(
      expect.objectContaining({ kind: 'dialog', id: 'portfolioModal1', title: 'Hidden project' }),
    );
    const man = planSite(extractSite(toRawSite(readFixtureHtml('man-page'))), {
      strategy: 'INCREMENTAL_UPDATE',
    });
    expect(man.pages[0]!.sections.map((s) => s.variant)).toContain('doc');
  });

  it('designs with AA contrast and system or web-safe fonts, a black-and-yellow 1998 page dark as it was', () => {
    const plan = planSite(extractSite(loadFixture('font-table-1998').raw), {
      strategy: 'STYLE_MODERNIZATION',
    });
    expect(plan.designer).toBe('offline');
    // Issue 12: a dark original gets a dark rebuild (its own black page), not a white one.
    expect(plan.design.tokens.scheme).toBe('dark');
    expect(plan.design.tokens.colors.background).toBe('#000000');
    expect(checkDesign(plan.design, plan)).toBeUndefined();
    expect(plan.design.tokens.fonts.body).not.toMatch(/comic/i);
    expect(plan.design.sections).toHaveProperty([`/#${plan.pages[0]!.sections[0]!.id}`]);
  });

  it('lists what is not carried and what verify should expect', () => {
    const model = extractSite(loadFixture('contact-page').raw);
    const plan = planSite(model, { strategy: 'INCREMENTAL_UPDATE' });
    const notCarried = listNotCarried(model, plan);
    expect(notCarried.map((item) => item.kind).sort()).toEqual(['embed', 'form', 'tracker']);
    expect(
      notCarried.every(
        (item) => item.reason.length > 0 && item.page === 'http://bella.example/contact.html',
      ),
    ).toBe(true);
    const expectations = toVerifyExpectations(model, plan);
    expect(expectations.pages).toHaveLength(1);
    expect(expectations.pages[0]).toMatchObject({
      url: 'http://bella.example/contact.html',
      route: '/',
      title: 'Contact | Bella Napoli Pizzeria',
    });
    expect(expectations.pages[0]!.textBlocks).toContain(
      'We would love to hear from you. Reserve a table or ask about catering.',
    );
  });
});

describe('tabs in the plan', () => {
  const tabsOf = (sections: Section[]) =>
    sections.flatMap((section) =>
      section.blocks.filter(
        (block): block is Extract<Block, { kind: 'tabs' }> => block.kind === 'tabs',
      ),
    );

  it('keeps a tab group a part of its own, with hosted images, routed links and a named tab list', () => {
    const { raw } = loadFixture('tabs-restaurant');
    const model = extractSite(raw);
    const plan = planSite(model, { strategy: 'INCREMENTAL_UPDATE' });
    const page = plan.pages[0]!;
    const section = page.sections.find((s) => s.blocks[0]?.kind === 'tabs')!;
    // What follows the tabs under a heading (Contacts) is the next part, not more of the tabs.
    expect(section.blocks).toHaveLength(1);
    expect(section.variant).toBe('prose');
    const [group] = tabsOf([section]);
    expect(group!.label).toBe('Our menu');
    // Panel headings (h4) sit one level below the part before (h2 Welcome aboard); images are self-hosted.
    expect(group!.tabs.map((tab) => tab.blocks[0])).toEqual(
      ['Chowders', 'Salads & Greens', 'Grill Plates'].map((text) => ({
        kind: 'heading',
        level: 3,
        inlines: [{ text }],
      })),
    );
    const images = group!.tabs.flatMap((tab) => tab.blocks.filter((b) => b.kind === 'image'));
    expect(images.map((b) => b.kind === 'image' && b.image.src)).toEqual([
      expect.stringMatching(/^\/images\/chowder-[0-9a-f]{8}\.png$/),
      expect.stringMatching(/^\/images\/salad-[0-9a-f]{8}\.png$/),
    ]);
    expect(plan.assets).toHaveLength(2);
    // A link to a panel's id still opens that panel; hash-bang menu links reach their parts.
    const runs = page.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.inlines : [])),
    );
    expect(runs.find((run) => run.text === 'See the salads')?.href).toBe('#tab-2');
    expect(plan.navigation).toEqual([
      { label: 'Home', route: '/#welcome-aboard' },
      { label: 'Our menu', route: `/#${section.id}` },
      { label: 'Contacts', route: '/#contacts' },
    ]);
    expect(listNotCarried(model, plan).filter((item) => item.kind === 'image')).toEqual([]);
  });

  it('names a tab list after the heading right above it, else after the page', () => {
    const tabs = (label?: string): Block => ({
      kind: 'tabs',
      ...(label ? { label } : {}),
      tabs: [
        { id: 'a', label: 'A', blocks: [{ kind: 'heading', level: 5, inlines: [{ text: 'A' }] }] },
        { id: 'b', label: 'B', blocks: [{ kind: 'paragraph', inlines: [{ text: 'B' }] }] },
      ],
    });
    const html = `<html><head><title>Menu</title></head><body><h1>Menu</h1><p>Intro</p>
      <h2>Drinks</h2><div class="tabs"><ul><li><a href="#w">Wine</a></li><li><a href="#b">Beer</a></li></ul>
      <div id="w"><h5>Red</h5><p>Merlot</p></div><div id="b"><h6>Draught</h6><p>Pils</p></div></div>
      <p>Ask for the card.</p><div class="tabs"><ul><li><a href="#t">Tea</a></li><li><a href="#c">Coffee</a></li></ul>
      <div id="t"><p>Green</p></div><div id="c"><p>Black</p></div></div></body></html>`;
    const plan = planSite(extractSite(toRawSite(html)), { strategy: 'INCREMENTAL_UPDATE' });
    const groups = tabsOf(plan.pages[0]!.sections);
    expect(groups.map((group) => group.label)).toEqual(['Drinks', 'Menu']);
    // h5 and h6 under an h2 become h3 and h4: their order is kept, no level is skipped.
    expect(
      groups[0]!.tabs.map((tab) => tab.blocks[0]!.kind === 'heading' && tab.blocks[0]!.level),
    ).toEqual([3, 4]);
    // Under a heading block (h3) inside a section, the panel headings become h4.
    const [fitted] = fitTabs(
      [
        {
          id: 'food',
          heading: { level: 2, inlines: [{ text: 'Food' }] },
          blocks: [{ kind: 'heading', level: 3, inlines: [{ text: 'Sweets' }] }, tabs()],
        },
      ],
      'Page',
    );
    const fittedTabs = fitted!.blocks[1]!;
    expect(fittedTabs.kind === 'tabs' && fittedTabs.label).toBe('Sweets');
    expect(fittedTabs.kind === 'tabs' && fittedTabs.tabs[0]!.blocks[0]).toMatchObject({ level: 4 });
    expect(chooseVariant({ id: 's', blocks: [tabs('x')] }, 0, true)).toBe('prose');
    // A tab group without a heading of its own is not swallowed by the section before it.
    const grouped = groupSections([
      { id: 'one', heading: { level: 2, inlines: [{ text: 'One' }] }, blocks: [{ kind: 'rule' }] },
      { id: 'two', blocks: [tabs()] },
      { id: 'three', heading: { level: 3, inlines: [{ text: 'Three' }] }, blocks: [] },
    ]);
    expect(grouped.map((s) => s.id)).toEqual(['one', 'two', 'three']);
  });
});
