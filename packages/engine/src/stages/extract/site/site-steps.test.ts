import { describe, expect, it } from 'vitest';
import type { Diagnostic, RawPage } from '../../../types';
import { mergeFramesets } from './frames';
import { parsePage, type ParsedPage } from './parse-page';
import { collectNavigation, requireVisibleText, takeCopyright } from './site-wide';

// The steps of extract (issue 21 item 5), each on its own: a page read alone, framesets merged, what
// the pages share.

function page(url: string, body: string, frames: string[] = []): ParsedPage {
  const raw: RawPage = {
    requestedUrl: url,
    url,
    status: 200,
    contentType: 'text/html',
    charset: 'utf-8',
    html: `<!doctype html><html lang="en"><head><title>Mill</title></head>${body}</html>`,
    renderedWith: 'static',
    depth: 0,
    frames,
  };
  return parsePage(raw, new Map());
}

describe('extract steps', () => {
  it('reads one page alone: sections at headings, text, links', () => {
    const read = page(
      'http://mill.example/',
      '<body><h1>The Mill</h1><p>Flour since 1890. <a href="/about.html">About</a></p><h2>Hours</h2><p>Daily</p></body>',
    );
    expect(read.model.sections.map((section) => section.id)).toEqual(['the-mill', 'hours']);
    expect(read.model.textBlocks).toContain('Daily');
    expect(read.titleText).toBe('Mill');
  });

  it('merges a frameset: the menu frame becomes its navigation, the main frame its content', () => {
    const frameset = page(
      'http://mill.example/',
      '<frameset cols="100%"><frame src="menu.html"><frame src="main.html"></frameset>',
      ['http://mill.example/menu.html', 'http://mill.example/main.html'],
    );
    const menu = page(
      'http://mill.example/menu.html',
      '<body><p><a href="main.html">Home</a></p><p><a href="about.html">About</a></p></body>',
    );
    const main = page(
      'http://mill.example/main.html',
      '<body><h1>Stone-ground flour</h1><p>Milled on the river by the same family since 1890.</p></body>',
    );
    const all = [frameset, menu, main];
    mergeFramesets(all, new Map(all.map((read) => [read.model.url, read])));
    expect(frameset.model.kind).toBe('frameset');
    expect(main.model.kind).toBe('frame');
    expect(frameset.model.navLinks.map((link) => link.label)).toEqual(['Home', 'About']);
    expect(frameset.model.sections.map((section) => section.id)).toContain('stone-ground-flour');
    expect(frameset.model.description).toBe('Milled on the river by the same family since 1890.');
  });

  it("draws a frameset's page on its content frame's ground, not the menu frame's", () => {
    const frameset = page(
      'http://mill.example/',
      '<frameset cols="20%,*"><frame src="menu.html"><frame src="main.html"></frameset>',
      ['http://mill.example/menu.html', 'http://mill.example/main.html'],
    );
    const menu = page(
      'http://mill.example/menu.html',
      '<body><p><a href="main.html">Home</a></p><p><a href="about.html">About</a></p></body>',
    );
    menu.ground = { image: 'http://mill.example/wood.gif' };
    const main = page(
      'http://mill.example/main.html',
      '<body><h1>Stone-ground flour</h1><p>Milled on the river by the same family since 1890.</p></body>',
    );
    main.ground = { image: 'http://mill.example/flour.gif' };
    const all = [frameset, menu, main];
    mergeFramesets(all, new Map(all.map((read) => [read.model.url, read])));
    expect(frameset.ground).toEqual({ image: 'http://mill.example/flour.gif' });
  });

  it('starts a section at each in-page anchor its menu links to (a one-page site, issue 23)', () => {
    // The three first parts sit under one heading: the menu's four links went to one section.
    const read = page(
      'http://fest.example/',
      `<body><header><nav><ul>
        <li><a href="#intro">Event</a></li><li><a href="#program">Program</a></li>
        <li><a href="#talks">Talks</a></li><li><a href="#sponsors">Sponsors</a></li>
      </ul></nav></header>
      <div id="intro"><h2>Fest 2015 on 16 January</h2><p>A day of talks and workshops.</p></div>
      <div id="photos"><img src="hall.jpg" alt="The hall"></div>
      <div id="program"><h2><img src="program.gif" alt="Program"></h2><p>10:30 Keynote</p><p>12:00 Lunch</p></div>
      <div id="talks"><p><img src="talks.gif" alt="Talks"></p><p><a href="#top">Top</a></p>
        <h3>Talk 1</h3><p>About clouds.</p><h3>Talk 2</h3><p>About rain.</p></div>
      <div id="sponsors"><h2>Sponsors</h2><p>Thanks to all.</p></div></body>`,
    );
    const { sections, anchors } = read.model;
    const targets = ['intro', 'program', 'talks', 'sponsors'].map((id) => anchors[id]);
    expect(new Set(targets).size).toBe(4);
    const starts = (id: string) => sections.find((section) => section.id === anchors[id]);
    expect(starts('intro')?.heading?.inlines).toEqual([{ text: 'Fest 2015 on 16 January' }]);
    // A part the original titled only with a picture is its own section, its title for screen
    // readers the menu's label; its id is the original's.
    expect(starts('program')).toMatchObject({
      id: 'program',
      heading: { level: 2, inlines: [{ text: 'Program' }], visuallyHidden: true },
      blocks: [{ kind: 'image' }, { kind: 'paragraph' }, { kind: 'paragraph' }],
    });
    expect(starts('talks')?.blocks[0]).toMatchObject({ kind: 'image' });
    expect(starts('sponsors')?.id).toBe('sponsors');
    // An anchor no menu links to stays inside its section; the photo stays under the intro.
    expect(anchors.photos).toBe(anchors.intro);
  });

  it("leads a menu's anchor over a short label to the heading under it, without a part of its own", () => {
    const read = page(
      'http://fest.example/',
      `<body><nav><a href="#intro">Intro</a> <a href="#gallery">Gallery</a></nav>
      <section id="intro"><h2>Welcome</h2><p>Pictures of birds and ponds.</p></section>
      <section id="gallery"><p>Portfolio</p><h2>The gallery</h2><p>Sorted by subject.</p></section></body>`,
    );
    const { sections, anchors } = read.model;
    expect(anchors.gallery).toBe('the-gallery');
    expect(sections.some((section) => section.heading?.visuallyHidden)).toBe(false);
  });

  it('needs a word of the original, and warns of each page without one', () => {
    const empty = page('http://mill.example/blank.html', '<body><img src="x.png"></body>');
    const diagnostics: Diagnostic[] = [];
    expect(() =>
      requireVisibleText([empty], { startUrl: 'http://mill.example/' }, diagnostics, undefined),
    ).toThrow(expect.objectContaining({ code: 'ENGINE_EXTRACT_NO_VISIBLE_TEXT' }));
    const home = page('http://mill.example/', '<body><p>Fresh bread</p></body>');
    requireVisibleText([home, empty], { startUrl: 'http://mill.example/' }, diagnostics, undefined);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'ENGINE_EXTRACT_EMPTY_PAGE',
        url: 'http://mill.example/blank.html',
      }),
    ]);
  });

  it('leaves a menu only one page shows in its side column to that page', () => {
    const chapters =
      '<a href="/guide/intro.html">Introduction</a> <a href="/guide/install.html">Installing</a>' +
      ' <a href="/guide/tasks.html">Tasks</a>';
    const home = page('http://tool.example/', '<body><h1>Welcome</h1><p>A tool.</p></body>');
    const guide = page(
      'http://tool.example/guide/index.html',
      `<body><nav>${chapters}</nav><h1>Guide</h1><p>The manual.</p></body>`,
    );
    const tasks = page(
      'http://tool.example/guide/tasks.html',
      `<body><nav>${chapters}</nav><h1>Tasks</h1><p>Each task.</p></body>`,
    );
    // Its menu as a side column (a frameset's menu frame), holding the links the walk read.
    const asSideColumn = (model: typeof guide.model) => {
      model.aside = {
        side: 'left',
        width: 200,
        isNavigation: true,
        blocks: [
          {
            kind: 'paragraph',
            inlines: model.navLinks.map((link) => ({ text: link.label, href: link.href })),
          },
        ],
      };
    };
    asSideColumn(guide.model);
    expect(guide.model.navLinks).toHaveLength(3);
    expect(collectNavigation([home.model, guide.model])).toEqual([]);
    // Shown by two pages, it is the site's menu; a menu outside a side column is the site's too.
    asSideColumn(tasks.model);
    expect(collectNavigation([home.model, guide.model, tasks.model])).toHaveLength(3);
    const plain = page(
      'http://tool.example/guide/index.html',
      `<body><nav>${chapters}</nav><h1>Guide</h1><p>The manual.</p></body>`,
    );
    expect(collectNavigation([home.model, plain.model])).toHaveLength(3);
    // The start page's side column is the site's menu.
    expect(collectNavigation([guide.model, home.model])).toHaveLength(3);
  });

  it('shares the navigation once and shows the copyright line once; a page keeps a different one', () => {
    const home = page(
      'http://mill.example/',
      '<body><nav><a href="/">Home</a> <a href="/about.html">About</a></nav><p>Bread</p><p>© 2024 The Mill</p></body>',
    );
    const about = page(
      'http://mill.example/about.html',
      '<body><nav><a href="/">Home</a> <a href="/about.html">About</a></nav><p>Since 1890</p><p>© 2024 The Mill</p><p>Photos © 2019 A. Baker</p></body>',
    );
    const pages = [home.model, about.model];
    expect(collectNavigation(pages).map((link) => link.label)).toEqual(['Home', 'About']);
    expect(takeCopyright(home.model, pages)).toBe('© 2024 The Mill');
    const paragraphs = pages.flatMap((model) =>
      model.sections.flatMap((section) => section.blocks.map((block) => block.kind)),
    );
    expect(paragraphs).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(about.model.sections.flatMap((section) => section.blocks)).toContainEqual(
      expect.objectContaining({
        inlines: [expect.objectContaining({ text: 'Photos © 2019 A. Baker' })],
      }),
    );
  });
});
