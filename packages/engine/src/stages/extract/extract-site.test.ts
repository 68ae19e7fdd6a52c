import { describe, expect, it } from 'vitest';
import type { Block, PageModel } from '../../model';
import type { LogEvent } from '../../types';
import {
  loadFixture,
  readFixtureHtml,
  toRawPage,
  toRawSite,
} from '../generate/testing/load-fixture';
import { extractSite } from './extract-site';
import { plainText } from '../../model';

function blocksOf(page: PageModel): Block[] {
  return page.sections.flatMap((section) => section.blocks);
}

function textsOf(page: PageModel): string[] {
  return page.sections.flatMap((section) => [
    ...(section.heading ? [plainText(section.heading.inlines)] : []),
    ...section.blocks.flatMap((block) =>
      block.kind === 'paragraph' || block.kind === 'heading'
        ? [plainText(block.inlines)]
        : block.kind === 'list'
          ? block.items.map(plainText)
          : block.kind === 'table'
            ? [...block.head, ...block.rows].flat().map(plainText)
            : block.kind === 'pre'
              ? [block.text]
              : [],
    ),
  ]);
}

describe('extractSite', () => {
  it('reads a 1998 font/table page: layout tables are walked into, data tables kept, brand from legacy attributes', () => {
    const { raw } = loadFixture('font-table-1998');
    const model = extractSite(raw);
    const home = model.pages[0]!;
    expect(home.title).toBe('Wouters Homepage - Welkom');
    expect(home.language).toBe('nl');
    const texts = textsOf(home);
    expect(texts.join(' ')).toContain('Welkom!');
    expect(texts.join(' ')).toContain('Kies een van de onderstaande linken om door te gaan.');
    expect(texts.join(' ')).toContain('!games! CHEAT CODES');
    // Only the bordered table with header cells is data; the outer layout table is not.
    const tables = blocksOf(home).filter((block) => block.kind === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.kind === 'table' && tables[0]!.head[0]!.map(plainText)).toEqual([
      'Spel',
      'Cheat',
    ]);
    // Spacer GIFs and hit counters are not content; the counter is listed as a tracker.
    const images = blocksOf(home).filter((block) => block.kind === 'image');
    expect(images.map((block) => block.kind === 'image' && block.image.src)).toEqual([
      'http://wouter.example/images/welkom.png',
    ]);
    expect(images[0]!.kind === 'image' && images[0]!.image).toMatchObject({
      alt: 'Welkom bij Wouter',
      width: 30,
      height: 6,
    });
    expect(home.dropped.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['script', 'embed', 'tracker']),
    );
    expect(model.identity.colors.background).toBe('#000000');
    expect(model.identity.colors.text).toBe('#ffff00');
    expect(model.identity.colors.primary).toBeDefined();
    expect(model.identity.fonts.body).toBe('Comic Sans MS');
    expect(model.copyright).toBe('[WGP] software (c) copyright 1999 - 1999');
    // javascript: links lose their href but keep their text.
    expect(home.textBlocks).toContain('Sluit dit venster');
  });

  it('turns a frameset into the frames content plus navigation from the link-only frame', () => {
    const { raw } = loadFixture('frameset');
    const model = extractSite(raw);
    const frameset = model.pages.find((page) => page.url === 'http://frames.example/index.html')!;
    expect(frameset.kind).toBe('frameset');
    expect(textsOf(frameset)).toEqual(
      expect.arrayContaining(['Welcome to the frames site', 'New pictures online']),
    );
    expect(frameset.textBlocks).toEqual(
      expect.arrayContaining(['Home', 'About us', 'Welcome to the frames site']),
    );
    expect(model.navigation.map((link) => link.label)).toEqual(
      expect.arrayContaining(['Home', 'About us']),
    );
    expect(model.pages.find((page) => page.url.endsWith('/input-pages/main.html'))!.kind).toBe(
      'frame',
    );
    // The noframes fallback is not visible content.
    expect(frameset.textBlocks.join(' ')).not.toContain('does not support frames');
  });

  it('reads a Bootstrap 3 landing page: navbar becomes navigation; modals kept; templates, noscript and sr-only text skipped', () => {
    const model = extractSite(toRawSite(readFixtureHtml('bootstrap3-landing')));
    const page = model.pages[0]!;
    expect(page.navLinks.map((link) => link.label)).toEqual([
      'Acme Agency',
      'Services',
      'Team',
      'Contact',
    ]);
    const texts = page.textBlocks.join(' | ');
    expect(texts).toContain("It's Nice To Meet You");
    expect(texts).toContain('Welcome To Our Studio!');
    expect(texts).not.toContain('Toggle navigation');
    // A modal (hidden until opened) is content; a hidden mustache template is not.
    expect(texts).toContain('Hidden project');
    expect(texts).toContain('Modal text that is not visible.');
    expect(texts).not.toContain('{{name}}');
    expect(texts).not.toContain('template text');
    expect(texts).not.toContain('Please enable JavaScript');
    expect(page.dropped.filter((d) => d.kind === 'tracker')).toHaveLength(1);
    expect(page.dropped.filter((d) => d.kind === 'script').map((d) => d.what)).toEqual([
      'http://site.example/js/jquery.js',
      'http://site.example/js/bootstrap.min.js',
    ]);
    expect(model.copyright).toBe('Copyright © Acme Agency 2015');
    expect(model.social).toEqual([{ network: 'X', href: 'https://twitter.com/acme' }]);
    expect(model.identity.name).toBe('Acme Agency');
  });

  it('keeps a blog post with inline links, emphasis, quotes, code and figures', () => {
    const model = extractSite(toRawSite(readFixtureHtml('blog-post')));
    const page = model.pages[0]!;
    expect(page.description).toBe('A short post about hand-written HTML.');
    const paragraph = blocksOf(page).find(
      (block) =>
        block.kind === 'paragraph' && plainText(block.inlines).startsWith('Every few years'),
    );
    expect(paragraph?.kind === 'paragraph' && paragraph.inlines).toEqual([
      { text: 'Every few years someone tells me that ' },
      { text: 'a CMS', href: 'https://example.com/cms' },
      { text: ' will save me time. It ' },
      { text: 'never', strong: true },
      { text: ' does.' },
    ]);
    expect(
      blocksOf(page).some((block) => block.kind === 'paragraph' && block.role === 'quote'),
    ).toBe(true);
    expect(page.textBlocks).toContain(
      'Here is the whole build script: cat header.html post.html > index.html.',
    );
    expect(page.textBlocks).toContain('My desk in 2009.');
    const list = blocksOf(page).find((block) => block.kind === 'list');
    expect(list?.kind === 'list' && list.ordered).toBe(true);
  });

  it('keeps man-page <pre> text verbatim and definition lists', () => {
    const model = extractSite(toRawSite(readFixtureHtml('man-page')));
    const page = model.pages[0]!;
    const pres = blocksOf(page).filter((block) => block.kind === 'pre');
    expect(pres).toHaveLength(2);
    expect(pres[1]!.kind === 'pre' && pres[1]!.text).toBe(
      '  -c, --count       show only a count of matching lines\n  -i, --ignore-case ignore upper/lower case distinctions',
    );
    expect(page.textBlocks).toContain('-A number');
    expect(page.textBlocks).toContain(
      'Output up to number lines of context after each matching line.',
    );
  });

  it('reads a Chinese page with its language, text and contact details', () => {
    const model = extractSite(toRawSite(readFixtureHtml('chinese-page')));
    const page = model.pages[0]!;
    expect(page.language).toBe('zh-CN');
    expect(page.textBlocks).toContain('这是我记录生活和技术的地方。我喜欢编程、摄影和旅行。');
    expect(model.contact.emails).toEqual(['zhao@example.cn']);
    expect(model.contact.phones).toEqual(['010-12345678']);
    expect(page.navLinks.map((link) => link.label)).toEqual(['首页', '关于我']);
    expect(model.copyright).toBe('版权所有 © 2012 赵先生');
  });

  it('copes with broken markup the way browsers do', () => {
    const model = extractSite(toRawSite(readFixtureHtml('broken-markup')));
    const page = model.pages[0]!;
    expect(page.textBlocks).toEqual(
      expect.arrayContaining([
        'First paragraph bold starts here',
        'Second paragraph still bold and normal',
        'One',
        'Two',
        'Three',
        'Heading inside link?',
      ]),
    );
    expect(page.textBlocks.join(' ')).toContain('After & entities © end');
  });

  it('walks 10,000-deep nesting without overflowing the stack', () => {
    const depth = 10_000;
    const html = `<html><body>${'<div>'.repeat(depth)}<p>Deep text</p>${'</div>'.repeat(depth)}<p>After</p></body></html>`;
    const model = extractSite(toRawSite(html));
    expect(model.pages[0]!.textBlocks).toEqual(['Deep text', 'After']);
  });

  it('reads contact details and a table-laid-out form with its labels', () => {
    const { raw } = loadFixture('contact-page');
    const model = extractSite(raw);
    expect(model.contact.phones).toEqual(['+1 (555) 010-2030']);
    expect(model.contact.emails).toEqual(['info@bellanapoli.example']);
    expect(model.contact.addresses).toEqual(['12 Main Street, Springfield']);
    expect(model.contact.hours).toEqual([
      'Monday - Friday: 11:00 - 22:00',
      'Saturday: 12:00 - 23:00',
    ]);
    expect(model.social).toEqual([
      { network: 'Facebook', href: 'https://www.facebook.com/bellanapoli' },
    ]);
    const page = model.pages[0]!;
    const forms = blocksOf(page).filter((block) => block.kind === 'form');
    expect(forms).toHaveLength(1);
    const form = forms[0]!.kind === 'form' ? forms[0]!.form : undefined;
    expect(form).toMatchObject({
      method: 'post',
      action: 'http://bella.example/cgi-bin/formmail.pl',
      submitLabel: 'Send message',
      intro: ['We answer within two days.'],
    });
    expect(form!.fields.map((field) => [field.type, field.name, field.label])).toEqual([
      ['text', 'name', 'Your name:'],
      ['text', 'email', 'Your e-mail:'],
      ['select', 'subject', 'Subject:'],
      ['textarea', 'message', 'Message:'],
    ]);
    expect(form!.fields[2]!.options).toEqual([
      { value: 'Reservation', label: 'Reservation' },
      { value: 'Catering', label: 'Catering' },
    ]);
    // The site search needs the old back end: listed, not carried. The map iframe is an embed.
    expect(page.dropped.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['form', 'embed', 'tracker']),
    );
    expect(model.identity.colors.primary).toBe('#b22222');
    expect(model.identity.colors.background).toBe('#fdf6e3');
    expect(model.identity.fonts.body).toBe('Georgia');
    expect(model.identity.logo?.alt).toBe('Bella Napoli logo');
    expect(model.identity.favicon).toBe('http://bella.example/favicon.ico');
    // The logo's alt names the site before the <title> does (issue 12), without the word "logo".
    expect(model.identity).toMatchObject({ name: 'Bella Napoli', nameSource: 'logo' });
  });

  it('keeps block-styled menu links apart and drops icon-font glyphs', () => {
    const html =
      '<body><div class="dropdown"><a href="/a">Mentorship</a><a href="/b">Talks</a></div><p>\uf0e0 Mail me</p></body>';
    const model = extractSite(toRawSite(html));
    expect(model.pages[0]!.textBlocks).toEqual(['Mentorship Talks', 'Mail me']);
  });

  it('keeps each titled list item (a post list) one unit under its heading', () => {
    const item = (date: string, title: string): string =>
      `<li><span class="post-meta">${date}</span><h2><a href="/${title}.html">${title}</a></h2></li>`;
    const html = `<h1>Posts</h1><ul class="post-list">${item('Jan 1, 2016', 'One')}${item('Oct 9, 2014', 'Two')}</ul>`;
    const page = extractSite(toRawSite(html)).pages[0]!;
    expect(
      page.sections.map((s) => [
        s.heading && plainText(s.heading.inlines),
        textsOf({ ...page, sections: [{ ...s, heading: undefined }] }),
      ]),
    ).toEqual([
      ['Posts', []],
      ['One', ['Jan 1, 2016']],
      ['Two', ['Oct 9, 2014']],
    ]);
    expect(blocksOf(page).some((block) => block.kind === 'list')).toBe(false);
  });

  it('lists a huge inline image as not carried instead of copying it', () => {
    const html = `<p>Photo:</p><img alt="big" src="data:image/png;base64,${'A'.repeat(300_000)}">`;
    const page = extractSite(toRawSite(html)).pages[0]!;
    expect(blocksOf(page).some((block) => block.kind === 'image')).toBe(false);
    expect(page.dropped).toEqual([
      expect.objectContaining({ kind: 'image', what: 'inline image (293 KB of data: URI)' }),
    ]);
  });

  it('keeps the links of a Java applet menu as a list and lists the applet as not carried', () => {
    const page = extractSite(
      toRawSite(`<p>Kies een link.</p>
        <applet code="treemenu.class" archive="treemenu.jar" width="190" height="320">
          <param name="treeFont" value="Helvetica">
          <param name="config1" value="0,Visual basic,0,u">
          <param name="config2" value="1,Links,1,links.html">
          <param name="config9" value="6,E-Mail me,4,mailto:wouter@site.example">
        </applet>
        <applet code="clock.class"><param name="color" value="ff0000"></applet>`),
    ).pages[0]!;
    expect(blocksOf(page)).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'Kies een link.' }] },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ text: 'Links', href: 'http://site.example/links.html' }],
          [{ text: 'E-Mail me', href: 'mailto:wouter@site.example' }],
        ],
      },
    ]);
    expect(page.dropped).toEqual([
      expect.objectContaining({
        kind: 'embed',
        what: '<applet> http://site.example/treemenu.class',
        reason: expect.stringContaining('links of its menu are kept as a list'),
      }),
      expect.objectContaining({
        kind: 'embed',
        reason: 'Embedded players, applets and frames are not carried',
      }),
    ]);
  });

  it('marks breadcrumb lists', () => {
    const model = extractSite(
      toRawSite('<ol class="breadcrumb"><li><a href="/">Home</a></li><li>FAQ</li></ol>'),
    );
    expect(blocksOf(model.pages[0]!)).toEqual([
      {
        kind: 'list',
        ordered: true,
        breadcrumb: true,
        items: [[{ text: 'Home', href: 'http://site.example/' }], [{ text: 'FAQ' }]],
      },
    ]);
  });

  it('throws a coded error when no page has HTML', () => {
    expect(() => extractSite(toRawSite('   '))).toThrow(
      expect.objectContaining({ code: 'ENGINE_EXTRACT_NO_CONTENT' }),
    );
  });

  it('refuses a site whose pages yield no visible text (a script-only page read without a browser)', () => {
    const scriptOnly =
      '<html><head><title>Shop</title></head><body><div id="root"></div>' +
      '<script>document.getElementById("root").textContent = "Welcome";</script>' +
      '<img src="/hero.jpg" alt=""></body></html>';
    expect(() => extractSite(toRawSite(scriptOnly))).toThrow(
      expect.objectContaining({
        code: 'ENGINE_EXTRACT_NO_VISIBLE_TEXT',
        message: expect.stringMatching(/^We could not read any content on this page\./),
      }),
    );
  });

  it('warns about an empty page but delivers a site whose other pages have text', () => {
    const logs: LogEvent[] = [];
    const raw = toRawSite('<h1>Our bakery</h1><p>Fresh bread every morning.</p>');
    raw.pages.push(
      toRawPage('http://site.example/blank.html', '<body><div id="app"></div></body>', 1),
    );
    const model = extractSite(raw, { logger: { log: (event) => logs.push(event) } });
    expect(model.pages).toHaveLength(2);
    expect(model.diagnostics).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        code: 'ENGINE_EXTRACT_EMPTY_PAGE',
        url: 'http://site.example/blank.html',
      }),
    );
    expect(logs).toContainEqual({
      level: 'WARNING',
      message: 'No visible text on http://site.example/blank.html',
    });
  });

  it('keeps a declared language only when it is a BCP 47 tag, and guesses it otherwise', () => {
    const page = (lang: string) =>
      extractSite(
        toRawSite(
          `<html lang='${lang}'><body><p>Dit is de homepage van het spel en je kunt hier niet veel doen</p></body></html>`,
        ),
      ).pages[0]!.language;
    expect(page('en"><script>window.__pwned=1</script>')).toBe('nl');
    expect(page('EN_us')).toBe('en-US');
  });

  it('guesses the language of pages that do not declare one (guess-language.ts)', () => {
    const page = (text: string) =>
      extractSite(toRawSite(`<html><body><p>${text}</p></body></html>`)).pages[0]!.language;
    expect(page('Dit is de homepage van het spel en je kunt hier niet veel doen')).toBe('nl');
    expect(page('Benvenuti nel nostro ristorante, la cucina è aperta tutti i giorni')).toBe('it');
  });
});
