import { describe, expect, it } from 'vitest';
import { extractSite } from '../extract/extract-site';
import { toRawPage, toRawSite } from '../generate/testing/load-fixture';
import { fixOutline, isPathTitle } from '../../lib/outline';
import { planSite } from './plan-site';

const ORIGIN = 'http://site.example';

describe('isPathTitle', () => {
  it.each([
    ['/frame_left.html', true],
    ['menu.htm', true],
    ['', true],
    ['Adding a cheat code', false],
    ['Downloads', false],
    ['index.html - My site', false],
  ])('%s -> %s', (title, expected) => {
    expect(isPathTitle(title)).toBe(expected);
  });
});

describe('the page title', () => {
  it('is shown once when a bare title is followed by a section under the same words (issue 23)', () => {
    const title = (level: number) => ({ level, inlines: [{ text: 'Be the best version of you' }] });
    const sections = fixOutline(
      [
        { id: 'crumbs', blocks: [{ kind: 'paragraph', inlines: [{ text: 'Home' }] }] },
        { id: 'be-the-best', heading: title(1), blocks: [] },
        {
          id: 'be-the-best-2',
          heading: title(1),
          blocks: [{ kind: 'paragraph', inlines: [{ text: 'Welcome!' }] }],
        },
        { id: 'more', heading: { level: 2, inlines: [{ text: 'More' }] }, blocks: [] },
      ],
      'Coaching',
    );
    expect(sections.map((section) => [section.id, section.heading?.level])).toEqual([
      ['crumbs', undefined],
      ['be-the-best', 1],
      ['more', 2],
    ]);
    expect(sections[1]!.blocks).toHaveLength(1);
  });

  it('keeps the title band of a bare title followed by a section under the same words', () => {
    const band = { height: 180, fill: '#000000', opacity: 0.7, color: '#ffffff' };
    const sections = fixOutline(
      [
        {
          id: 'band',
          heading: { level: 2, inlines: [{ text: 'Our story' }], align: 'center' },
          blocks: [],
          titleBand: band,
        },
        {
          id: 'story',
          heading: { level: 4, inlines: [{ text: 'Our story' }] },
          blocks: [{ kind: 'paragraph', inlines: [{ text: 'Founded in 1901.' }] }],
        },
      ],
      'College',
    );
    expect(sections).toEqual([
      {
        id: 'band',
        heading: { level: 1, inlines: [{ text: 'Our story' }], align: 'center', drawnAs: 2 },
        blocks: [{ kind: 'paragraph', inlines: [{ text: 'Founded in 1901.' }] }],
        titleBand: band,
      },
    ]);
  });

  it('keeps the box a section was drawn in (decision record 084)', () => {
    const box = { gradient: 'linear-gradient(135deg, #101030, #202040)', radius: 12 };
    const [section] = fixOutline(
      [
        {
          id: 'talks',
          heading: { level: 2, inlines: [{ text: 'Talks' }] },
          blocks: [{ kind: 'paragraph', inlines: [{ text: 'Given in 2024.' }] }],
          box,
        },
      ],
      'Talks',
    );
    expect(section).toMatchObject({ id: 'talks', heading: { level: 1 }, box });
  });

  it('is the h1 when the first heading was for screen readers only (a part a menu leads to)', () => {
    const sections = fixOutline(
      [
        { id: 'top', blocks: [{ kind: 'paragraph', inlines: [{ text: 'Fest 2015' }] }] },
        {
          id: 'program',
          heading: { level: 2, inlines: [{ text: 'Program' }], visuallyHidden: true },
          blocks: [{ kind: 'paragraph', inlines: [{ text: '10:30 Keynote' }] }],
        },
        { id: 'talks', heading: { level: 2, inlines: [{ text: 'Talks' }] }, blocks: [] },
      ],
      'Fest 2015 in Tokyo',
    );
    expect(sections.map((section) => [section.id, section.heading?.level])).toEqual([
      ['page-title', 1],
      ['top', undefined],
      ['program', 2],
      ['talks', 2],
    ]);
    expect(sections[0]!.heading).toMatchObject({
      inlines: [{ text: 'Fest 2015 in Tokyo' }],
      visuallyHidden: true,
    });
  });
});

describe('headings inside blocks', () => {
  it('sit one level below what holds them, items alike, never skipping a level', () => {
    const heading = (level: number, text: string) => ({
      kind: 'heading' as const,
      level,
      inlines: [{ text }],
    });
    const [section] = fixOutline(
      [
        {
          id: 'welcome',
          heading: { level: 1, inlines: [{ text: 'Welcome' }] },
          blocks: [
            {
              kind: 'items',
              columns: 2,
              items: [
                { blocks: [heading(4, 'Bootstrap'), heading(6, 'Version')] },
                { blocks: [heading(4, 'Free')] },
              ],
            },
            { kind: 'dialog', id: 'd', title: 'More', blocks: [heading(5, 'Details')] },
          ],
        },
      ],
      'Home',
    );
    const [items, dialog] = section!.blocks;
    expect(
      items?.kind === 'items' &&
        items.items.map((item) => item.blocks.map((b) => b.kind === 'heading' && b.level)),
    ).toEqual([[2, 3], [2]]);
    expect(dialog?.kind === 'dialog' && dialog.blocks[0]).toMatchObject({ level: 3 });
  });
});

describe('page titles the original did not show (issue 12)', () => {
  function plan() {
    const raw = toRawSite(
      `<title>Games</title><h1>Games</h1><p>Welcome. <a href="/left.html">Left menu</a></p>`,
      `${ORIGIN}/index.html`,
    );
    raw.pages.push(
      toRawPage(`${ORIGIN}/cheat.html`, '<title>Adding a cheat code</title><p>Type it in.</p>', 1),
      toRawPage(`${ORIGIN}/left.html`, '<p><a href="/index.html">Start</a></p>', 1),
    );
    return planSite(extractSite(raw), { strategy: 'STYLE_MODERNIZATION' });
  }

  it('keeps the title as an h1 for screen readers only, never shown', () => {
    const page = plan().pages.find((p) => p.route === '/cheat')!;
    expect(page.sections[0]!.heading).toMatchObject({
      level: 1,
      inlines: [{ text: 'Adding a cheat code' }],
      visuallyHidden: true,
    });
    // Its words stay, under the hidden title.
    expect(JSON.stringify(page.sections)).toContain('Type it in.');
  });

  it('never uses a file path as the title: the page is named after its link or the site', () => {
    const model = plan();
    const page = model.pages.find((p) => p.route === '/left')!;
    expect(page.title).not.toMatch(/left\.html/);
    expect(JSON.stringify(page.sections)).not.toMatch(/left\.html/);
    expect(page.sections[0]!.heading?.visuallyHidden).toBe(true);
  });

  it('shows the heading the original showed', () => {
    const page = plan().pages[0]!;
    expect(page.sections[0]!.heading).toEqual({ level: 1, inlines: [{ text: 'Games' }] });
  });
});

describe('the level a heading was drawn at (decision record 110)', () => {
  const heading = (level: number, text: string) => ({ level, inlines: [{ text }] });
  it('remembers it where the outline gives a heading another level', () => {
    const sections = fixOutline(
      [
        { id: 'welcome', heading: heading(2, 'Welcome!'), blocks: [] },
        { id: 'news', heading: heading(3, 'News'), blocks: [] },
        { id: 'again', heading: heading(1, 'Games'), blocks: [] },
        {
          id: 'deep',
          heading: heading(2, 'Deep'),
          blocks: [{ kind: 'heading', level: 5, inlines: [{ text: 'Notes' }] }],
        },
      ],
      'Home',
    );
    expect(sections.map((s) => [s.heading?.level, s.heading?.drawnAs])).toEqual([
      [1, 2], // the page's h1, drawn as the h2 it was
      [2, 3],
      [2, 1], // a second h1 made an h2, drawn as an h1
      [2, undefined], // drawn at its own level
    ]);
    // A block's heading deeper than h3 shares the small size: nothing to remember.
    expect(sections[3]!.blocks[0]).toEqual({
      kind: 'heading',
      level: 3,
      inlines: [{ text: 'Notes' }],
    });
  });

  it('is not set where the level stays', () => {
    const sections = fixOutline(
      [
        { id: 'title', heading: heading(1, 'Title'), blocks: [] },
        { id: 'part', heading: heading(2, 'Part'), blocks: [] },
      ],
      'Home',
    );
    expect(sections.map((s) => s.heading?.drawnAs)).toEqual([undefined, undefined]);
  });
});
