import { describe, expect, it } from 'vitest';
import type { Block, HeroModel, PlannedPage } from '../../model';
import { applyHero } from './plan-hero';

const URL_ = 'https://inn.test/';
const picture = (src: string): Block => ({ kind: 'image', image: { src, alt: '' } });
const words = (text: string): Block => ({ kind: 'paragraph', inlines: [{ text }] });

const PAGE: PlannedPage = {
  url: URL_,
  route: '/',
  componentName: 'HomePage',
  moduleName: 'home',
  title: 'Harbour Inn',
  description: '',
  language: 'en',
  textBlocks: [],
  sections: [
    { id: 'welcome', variant: 'prose', blocks: [words('Rooms by the sea')] },
    { id: 'rooms', variant: 'prose', blocks: [words('Our rooms'), picture('/images/bay.jpg')] },
  ],
};

const rewrite = {
  image: (image: { src: string; alt: string }) => image,
  href: (href: string) => href,
};

describe('the hero (issue 23: a picture appears once)', () => {
  it('shows its picture once, though the original showed it further down the page', () => {
    const hero: HeroModel = {
      pageUrl: URL_,
      image: { src: '/images/bay.jpg', alt: '' },
      layout: 'contained',
      headline: 'Rooms by the sea',
    };
    const page = applyHero(PAGE, hero, rewrite);
    const pictures = page.sections.flatMap((section) =>
      section.blocks.filter((block) => block.kind === 'image').map(() => section.id),
    );
    expect(pictures).toEqual(['welcome']);
    expect(page.sections[0]!.variant).toBe('hero');
    // The words of the section it came from stay.
    expect(page.sections[1]!.blocks).toEqual([words('Our rooms')]);
  });

  it("takes its picture out of a row of items too (a sliced layout's table)", () => {
    const row: Block = {
      kind: 'items',
      columns: 2,
      items: [
        { blocks: [], image: { src: '/images/bay.jpg', alt: '' } },
        { blocks: [words('Breakfast')], image: { src: '/images/terrace.jpg', alt: '' } },
      ],
    };
    const page = applyHero(
      { ...PAGE, sections: [PAGE.sections[0]!, { id: 'rooms', variant: 'prose', blocks: [row] }] },
      {
        pageUrl: URL_,
        image: { src: '/images/bay.jpg', alt: '' },
        layout: 'full-bleed',
        headline: 'Rooms by the sea',
      },
      rewrite,
    );
    expect(page.sections[1]!.blocks).toEqual([{ ...row, items: [row.items[1]] }]);
  });

  it('keeps the width the original drew its picture at, read where the page held it', () => {
    // A fixed-width table's banner: the file is 2086 px, the markup 665, drawn 998 at 1440 px.
    const row: Block = {
      kind: 'items',
      columns: 3,
      items: [
        { blocks: [], image: { src: '/images/edge.gif', alt: '', width: 77 } },
        {
          blocks: [],
          image: {
            src: '/images/home.jpg',
            alt: '',
            width: 2086,
            shownWidth: 665,
            drawnWidth: 998,
          },
        },
      ],
    };
    const page = applyHero(
      { ...PAGE, sections: [{ id: 'top', variant: 'prose', blocks: [row] }] },
      {
        pageUrl: URL_,
        image: { src: '/images/home.jpg', alt: '', width: 2086 },
        layout: 'contained',
      },
      rewrite,
    );
    expect(page.sections[0]!.blocks[0]).toEqual({
      kind: 'image',
      image: { src: '/images/home.jpg', alt: '', width: 2086, shownWidth: 665, drawnWidth: 998 },
    });
  });

  it('lays only its opening words over its picture; long text follows on the page', () => {
    const long = 'We have welcomed guests since 1950, and every room looks at the sea. '.repeat(5);
    const page = applyHero(
      {
        ...PAGE,
        sections: [
          {
            id: 'welcome',
            variant: 'prose',
            blocks: [
              words('Rooms by the sea'),
              {
                kind: 'paragraph',
                inlines: [{ text: 'Book now', href: '/book', button: 'primary' }],
              },
              words(long),
              words('Breakfast on the terrace.'),
            ],
          },
        ],
      },
      {
        pageUrl: URL_,
        image: { src: '/images/bay.jpg', alt: '' },
        layout: 'full-bleed',
        headline: 'Rooms by the sea',
      },
      rewrite,
    );
    expect(
      page.sections.map((section) => [section.id, section.variant, section.blocks.length]),
    ).toEqual([
      ['welcome', 'hero', 2],
      ['welcome-more', 'prose', 2],
    ]);
    expect(page.sections[0]!.backdrop?.image.src).toBe('/images/bay.jpg');
    // A short hero stays whole.
    const short = applyHero(
      PAGE,
      {
        pageUrl: URL_,
        image: { src: '/images/sea.jpg', alt: '' },
        layout: 'full-bleed',
        headline: 'Rooms by the sea',
      },
      rewrite,
    );
    expect(short.sections.map((section) => section.id)).toEqual(['welcome', 'rooms']);
  });

  it('shows a full-width picture with no words over it as a band of its own, before the words', () => {
    // A banner section holding only a picture (an emblem and a poster on the page's ground).
    const hero: HeroModel = {
      pageUrl: URL_,
      image: { src: '/images/emblem.png', alt: '' },
      layout: 'full-bleed',
      shownHeight: 448,
    };
    const page = applyHero(PAGE, hero, rewrite);
    expect(page.sections.map((s) => [s.id, s.variant])).toEqual([
      ['welcome-picture', 'hero'],
      ['welcome', 'prose'],
      ['rooms', 'prose'],
    ]);
    expect(page.sections[0]!.backdrop).toEqual({
      image: { src: '/images/emblem.png', alt: '' },
      shownHeight: 448,
    });
    expect(page.sections[0]!.blocks).toEqual([]);
    // With a headline it stays the backdrop behind the words.
    const worded = applyHero(PAGE, { ...hero, headline: 'Rooms by the sea' }, rewrite);
    expect(worded.sections[0]!.id).toBe('welcome');
    expect(worded.sections[0]!.backdrop?.image.src).toBe('/images/emblem.png');
  });

  it('leaves another page as it is', () => {
    const hero: HeroModel = { pageUrl: 'https://inn.test/rooms', layout: 'contained' };
    expect(applyHero(PAGE, hero, rewrite)).toBe(PAGE);
  });
});
