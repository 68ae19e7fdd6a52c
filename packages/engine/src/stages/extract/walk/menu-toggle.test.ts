import { describe, expect, it } from 'vitest';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';
import { plainText } from '../../../model/blocks';

const MENU =
  '<ul id="nav" class="links"><li><a href="/about.html">About</a></li><li><a href="/contact.html">Contact</a></li></ul>';

function pageOf(body: string) {
  const html = `<!doctype html><html lang="en"><head><title>Acme</title></head><body>${body}<main><h1>Acme bakery</h1><p>Bread baked every morning since 1950.</p></main></body></html>`;
  return extractSite(toRawSite(html)).pages[0]!;
}

/** Every block of the page as its text (icons as `[icon]`). */
function blockTexts(page: ReturnType<typeof pageOf>): string[] {
  return page.sections.flatMap((section) => [
    ...(section.heading ? [plainText(section.heading.inlines)] : []),
    ...section.blocks.map((block) =>
      'inlines' in block
        ? block.inlines.map((run) => (run.icon ? `[${run.icon}]` : run.text)).join('')
        : block.kind,
    ),
  ]);
}

describe('a menu toggle (issue 23)', () => {
  it('drops a hamburger button that controls the menu, its glyph and screen-reader words', () => {
    const page = pageOf(
      `<div class="top"><button type="button" aria-expanded="false" aria-controls="nav"><span class="sr-only">Toggle navigation</span>☰</button></div>${MENU}`,
    );
    expect(blockTexts(page)).toEqual(['Acme bakery', 'Bread baked every morning since 1950.']);
    expect(page.textBlocks).not.toContain('☰');
    expect(page.navLinks.map((link) => link.label)).toEqual(['About', 'Contact']);
    expect(page.dropped).toEqual([]);
  });

  it('drops a "Menu" link and an icon-only button pointing at a <nav> by data-target', () => {
    const page = pageOf(
      `<header><a href="#site-nav" aria-controls="site-nav" aria-expanded="false">Menu</a>` +
        `<button data-toggle="collapse" data-target="#site-nav"><i class="fa fa-bars"></i></button></header>` +
        `<nav id="site-nav">${MENU}</nav>`,
    );
    expect(blockTexts(page)).toEqual(['Acme bakery', 'Bread baked every morning since 1950.']);
    expect(page.textBlocks).not.toContain('Menu');
  });

  it('drops a toggle whose menu a script builds (no target in the markup), by its words', () => {
    const page = pageOf(
      '<div class="bar"><button aria-expanded="false">Open main menu</button></div>',
    );
    expect(blockTexts(page)).toEqual(['Acme bakery', 'Bread baked every morning since 1950.']);
  });

  it("drops the bars of a reader's toolbar: a link going nowhere, its icon its only word", () => {
    const page = pageOf(
      '<div class="toolbar"><a class="btn" aria-label="" href="#"><i class="fa fa-align-justify"></i></a>' +
        '<a href="javascript:void(0)">☰</a><a href="#"><i class="fa fa-print"></i></a></div>',
    );
    expect(blockTexts(page)).toEqual([
      '[fas:print]',
      'Acme bakery',
      'Bread baked every morning since 1950.',
    ]);
  });

  it('keeps a "Menu" button that opens a panel of words, and buttons that say something else', () => {
    const page = pageOf(
      '<main><h2>Food</h2><button aria-expanded="false" aria-controls="food">Menu</button>' +
        '<div id="food"><p>Soup of the day, bread and butter.</p></div>' +
        '<button aria-controls="nav">Show prices</button><button>☰</button></main>' +
        MENU,
    );
    const texts = blockTexts(page);
    expect(texts).toContain('Menu');
    expect(texts).toContain('Soup of the day, bread and butter.');
    expect(texts.join(' ')).toContain('Show prices');
    // A glyph alone, controlling nothing, is left as it was.
    expect(texts.join(' ')).toContain('☰');
  });
});
