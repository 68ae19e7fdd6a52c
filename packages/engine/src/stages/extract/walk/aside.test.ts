import { parse, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Node } from '../dom';
import { walkContent } from '../walk-content';

const PAGE = 'https://example.com/index.html';

/** A two-column table layout whose narrow cell (as the identity probe marks it) holds the menu. */
const TWO_COLUMNS = `<!doctype html><html><body>
<table width="100%"><tr>
  <td width="180" data-sitelift-aside="left" data-sitelift-aside-width="180" data-sitelift-aside-span="900">
    <b>Pages</b>
    <ul><li><a href="/about.html">About us</a></li><li><a href="/news.html">News</a></li>
    <li><a href="/contact.html">Contact</a></li></ul>
  </td>
  <td><h1>Welcome</h1><p>Our club builds model railways since 1972.</p></td>
</tr></table>
</body></html>`;

describe('walkContent: sidebars', () => {
  it('keeps the marked narrow column as the page aside, beside (not before) the content', () => {
    const result = walkContent(parse(TWO_COLUMNS) as Node, PAGE, new Map());
    expect(result.aside).toMatchObject({ side: 'left', width: 180, span: 900, isNavigation: true });
    expect(result.aside!.blocks).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'Pages', strong: true }] },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ text: 'About us', href: 'https://example.com/about.html' }],
          [{ text: 'News', href: 'https://example.com/news.html' }],
          [{ text: 'Contact', href: 'https://example.com/contact.html' }],
        ],
      },
    ]);
    // The content starts at its heading; the aside's words still count as the page's text.
    expect(result.blocks[0]).toMatchObject({ kind: 'heading', level: 1 });
    expect(result.blocks.some((block) => block.kind === 'list')).toBe(false);
    expect(result.textBlocks).toEqual(expect.arrayContaining(['Pages', 'News', 'Welcome']));
  });

  it('walks a sidebar as content in a walk of a subtree (no word is lost)', () => {
    const result = walkContent(parseFragment(TWO_COLUMNS) as Node, PAGE, new Map());
    expect(result.aside).toBeUndefined();
    expect(result.blocks.some((block) => block.kind === 'list')).toBe(true);
  });

  it('keeps the sidebar colours only when its words read on its fill (AA)', () => {
    const filled = (fill: string, text: string) =>
      walkContent(
        parse(
          TWO_COLUMNS.replace(
            'data-sitelift-aside-width="180"',
            `data-sitelift-aside-width="180" data-sitelift-aside-fill="${fill}" data-sitelift-aside-text="${text}"`,
          ),
        ) as Node,
        PAGE,
        new Map(),
      ).aside;
    expect(filled('rgb(76, 108, 143)', 'rgb(255, 255, 255)')).toMatchObject({
      fill: '#4c6c8f',
      text: '#ffffff',
    });
    expect(filled('rgb(200, 200, 200)', 'rgb(255, 255, 255)')).not.toHaveProperty('fill');
  });

  it('calls a sidebar of words (not links) an aside, not navigation', () => {
    const html = TWO_COLUMNS.replace(
      /<b>Pages<\/b>[\s\S]*?<\/ul>/,
      '<p>Open on Tuesdays from eight, in the back room of the community centre.</p>',
    );
    const result = walkContent(parse(html) as Node, PAGE, new Map());
    expect(result.aside).toMatchObject({ side: 'left', isNavigation: false });
  });
});

/** A documentation page: a left column (as the probe marks it) whose menu is a `<nav>` of 60 links. */
const DOCS = `<!doctype html><html><body><div class="book">
  <div class="book-summary" data-sitelift-aside="left" data-sitelift-aside-width="300" data-sitelift-aside-span="1440">
    <nav role="navigation"><ul>${Array.from(
      { length: 60 },
      (_, i) => `<li><a href="/chapter-${i + 1}.html">Chapter ${i + 1}</a></li>`,
    ).join('')}</ul></nav>
  </div>
  <div class="book-body"><h1>Triggers</h1><p>How a trigger runs before and after a record is saved.</p></div>
</div></body></html>`;

/** A banner across the page, then the sidebar's two columns (the probe marks where they begin). */
const BANNER_THEN_COLUMNS = `<!doctype html><html><body><table width="100%">
  <tr><td colspan="2"><img src="/banner.gif" alt="Harbour Rowing Club" width="900" height="120">
    <p>Rowing on the harbour since 1921.</p></td></tr>
  <tr data-sitelift-aside-start="left">
    <td width="180" data-sitelift-aside="left" data-sitelift-aside-width="180" data-sitelift-aside-span="900">
      <a href="/crews.html">Crews</a><br><a href="/regattas.html">Regattas</a><br><a href="/join.html">Join</a>
    </td>
    <td><p>Training starts at six on Saturdays.</p><h2>Regattas</h2><p>Our next race is in May.</p></td>
  </tr></table></body></html>`;

describe('walkContent: a menu column stays the sidebar (issue 23)', () => {
  it('keeps a <nav> of 60 links inside the marked column as the aside, not the header menu', () => {
    const result = walkContent(parse(DOCS) as Node, PAGE, new Map());
    expect(result.aside).toMatchObject({ side: 'left', width: 300, isNavigation: true });
    const list = result.aside!.blocks.find((block) => block.kind === 'list');
    expect(list?.kind === 'list' && list.items.length).toBe(60);
    // Not collected as the page's navigation (which becomes the header's menu).
    expect(result.navLinks).toEqual([]);
    expect(result.textBlocks).toEqual(expect.arrayContaining(['Chapter 1', 'Chapter 60']));
  });

  it('records where the columns begin after a banner across the page', () => {
    const result = walkContent(parse(BANNER_THEN_COLUMNS) as Node, PAGE, new Map());
    expect(result.aside).toMatchObject({ side: 'left', isNavigation: true });
    // The banner's picture and words come before the columns.
    expect(result.asideFrom).toBe(2);
    expect(result.blocks[result.asideFrom!]).toMatchObject({ kind: 'paragraph' });
    expect(JSON.stringify(result.blocks[result.asideFrom!])).toContain('Training starts');
    // Without the mark, the sidebar stands beside everything (asideFrom unset).
    const unmarked = BANNER_THEN_COLUMNS.replace(' data-sitelift-aside-start="left"', '');
    expect(walkContent(parse(unmarked) as Node, PAGE, new Map()).asideFrom).toBeUndefined();
  });
});

describe('walkContent: images side by side', () => {
  const RATINGS = `<!doctype html><html><body><table>
  <tr><td><a href="/unreal.html"><img src="unreal.gif" width="300" height="60"></a></td>
      <td><img src="bal.gif" width="18" height="18"><img src="bal.gif" width="18" height="18"></td></tr>
  <tr><td><a href="/blupi.html"><img src="blupi.gif" width="250" height="50"></a></td>
      <td><img src="bal.gif" width="18" height="18"></td></tr>
  </table>
  <p><img src="photo.jpg" width="400" height="300"></p><p><img src="photo2.jpg" width="400" height="300"></p>
  </body></html>`;

  it('marks the images of one table row as one row, each row starting anew', () => {
    const result = walkContent(parse(RATINGS) as Node, PAGE, new Map());
    const images = result.blocks.flatMap((block) =>
      block.kind === 'image' ? [[block.image.src.split('/').pop(), block.inline]] : [],
    );
    expect(images).toEqual([
      ['unreal.gif', 'start'],
      ['bal.gif', 'continue'],
      ['bal.gif', 'continue'],
      ['blupi.gif', 'start'],
      ['bal.gif', 'continue'],
      // Pictures in blocks of their own stay blocks of their own.
      ['photo.jpg', undefined],
      ['photo2.jpg', undefined],
    ]);
  });

  it('keeps a short label on the line of the pictures before it (issue 23)', () => {
    const html = `<!doctype html><html><body><center><table>
      <tr><td><p><a href="/vb.html"><img src="button.gif" width="45" height="45"></a></td>
          <td><img src="vb.jpg" width="137" height="36"></td><td>Visual basic</td></tr>
      <tr><td><a href="/games.html"><img src="button.gif" width="45" height="45"></a></td>
          <td><img src="bird.gif" width="98" height="83"></td><td>Games &amp; cheats</td></tr>
      </table>
      <p><a href="/guestbook.html"><img src="new.gif" width="30" height="14" alt="New"> Guestbook</a></p>
      <p><img src="logo.gif" width="300" height="70"><br>Welcome to our world</p>
      <p><img src="photo.jpg" width="80" height="60"> ${'A long story that runs on and on. '.repeat(4)}</p>
      </center></body></html>`;
    const result = walkContent(parse(html) as Node, PAGE, new Map());
    const rows = result.blocks.map((block) =>
      block.kind === 'image'
        ? [block.image.src.split('/').pop(), block.inline]
        : block.kind === 'paragraph'
          ? [
              block.inlines
                .map((run) => run.text)
                .join('')
                .trim()
                .slice(0, 20),
              block.inline,
            ]
          : [block.kind],
    );
    expect(rows).toEqual([
      // A picture link, a drawing and their label in one table row (a <p> in the first cell).
      ['button.gif', 'start'],
      ['vb.jpg', 'continue'],
      ['Visual basic', 'continue'],
      ['button.gif', 'start'],
      ['bird.gif', 'continue'],
      ['Games & cheats', 'continue'],
      // A link holding a picture and its words.
      ['new.gif', 'start'],
      ['Guestbook', 'continue'],
      // After a line break, the words are a line of their own; a paragraph is no label.
      ['logo.gif', undefined],
      ['Welcome to our world', undefined],
      ['photo.jpg', undefined],
      ['A long story that ru', undefined],
    ]);
  });

  it('keeps pictures apart that a line break set one under the other', () => {
    const html = `<!doctype html><html><body><p><img src="a.gif" width="40" height="40"><br>
      <img src="b.gif" width="40" height="40"></p></body></html>`;
    const result = walkContent(parse(html) as Node, PAGE, new Map());
    expect(result.blocks.map((block) => block.kind === 'image' && block.inline)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('drops tiny pictures without words or a link (a tab corner would look like an empty bullet)', () => {
    const html = `<!doctype html><html><body><table><tr>
      <td><img src="tab-left.gif" width="5" height="5" alt=""></td><td><a href="/home.html">Home</a></td>
      <td><img src="tab-right.gif" width="5" height="5" alt=""></td></tr></table>
      <p><img src="new.gif" width="10" height="10" alt="New"> Guestbook opened</p></body></html>`;
    const result = walkContent(parse(html) as Node, PAGE, new Map());
    const images = result.blocks.flatMap((block) =>
      block.kind === 'image' ? [block.image.alt] : [],
    );
    // A tiny picture with words (alt text) is content.
    expect(images).toEqual(['New']);
  });
});
