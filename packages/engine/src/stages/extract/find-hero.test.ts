import { describe, expect, it } from 'vitest';
import type { Block, PageModel } from '../../model';
import { findHero, findStaticHero, toProbedHero } from './find-hero';
import { pageProbe } from './page-probe.fixture';

const PAGE = 'https://example.com/';

describe('hero kinds', () => {
  it('keeps a background picture with its overlay, headline, sub-line and call to action', () => {
    const hero = toProbedHero(
      {
        image: 'https://example.com/img/header-bg.jpg',
        isBackground: true,
        alt: '',
        width: 1440,
        height: 758,
        isFullBleed: true,
        isUnderHeader: true,
        overlay: 'rgba(0, 0, 0, 0.5)',
        headline: "It's Nice To Meet You",
        subline: 'Welcome To Our Studio!',
        cta: { label: 'Tell Me More', href: 'https://example.com/#services' },
      },
      PAGE,
      new Map([['https://example.com/img/header-bg.jpg', { width: 1900, height: 1250 }]]),
    );
    expect(hero).toEqual({
      pageUrl: PAGE,
      layout: 'full-bleed',
      isUnderHeader: true,
      image: {
        src: 'https://example.com/img/header-bg.jpg',
        alt: '',
        width: 1900,
        height: 1250,
        asset: 'https://example.com/img/header-bg.jpg',
      },
      overlay: 'rgba(0, 0, 0, 0.5)',
      headline: "It's Nice To Meet You",
      subline: 'Welcome To Our Studio!',
      cta: { label: 'Tell Me More', href: 'https://example.com/#services' },
      // The box the first view showed it in (issue 23: a band keeps the original's height).
      shownHeight: 758,
    });
  });

  it('takes a large first picture of the content as the hero when no browser ran', () => {
    const photo = {
      src: 'https://example.com/big.jpg',
      alt: 'The shop',
      width: 1600,
      height: 700,
      asset: 'https://example.com/big.jpg',
    };
    const blocks: Block[] = [
      { kind: 'image', image: photo },
      { kind: 'heading', level: 1, inlines: [{ text: 'Fresh bread daily' }] },
      { kind: 'paragraph', inlines: [{ text: 'Since 1921.' }] },
    ];
    expect(findStaticHero(blocks, PAGE)).toEqual({
      pageUrl: PAGE,
      image: photo,
      layout: 'contained',
      headline: 'Fresh bread daily',
      subline: 'Since 1921.',
    });
  });

  it('sees no hero in a small picture or one after the words start', () => {
    const small = {
      src: 'https://example.com/s.jpg',
      alt: '',
      width: 300,
      asset: 'https://example.com/s.jpg',
    };
    expect(findStaticHero([{ kind: 'image', image: small }], PAGE)).toBeUndefined();
    const late: Block[] = [
      { kind: 'paragraph', inlines: [{ text: 'First words.' }] },
      { kind: 'paragraph', inlines: [{ text: 'More words.' }] },
      { kind: 'image', image: { ...small, width: 1600 } },
    ];
    expect(findStaticHero(late, PAGE)).toBeUndefined();
  });

  /** An event page: its introduction beside a logo (a layout row), then a wide photo collage. */
  const collage = {
    src: 'https://example.com/collage.jpg',
    alt: 'The venue',
    width: 962,
    height: 458,
    asset: 'https://example.com/collage.jpg',
  };
  const eventPage: Block[] = [
    {
      kind: 'items',
      columns: 2,
      widths: [30, 70],
      items: [
        { blocks: [{ kind: 'image', image: { ...collage, src: 'https://example.com/logo.jpg' } }] },
        {
          blocks: [
            { kind: 'heading', level: 2, inlines: [{ text: 'The event on 16 January' }] },
            { kind: 'paragraph', inlines: [{ text: 'A day of talks. '.repeat(20) }] },
          ],
        },
      ],
    },
    { kind: 'image', image: collage },
    { kind: 'heading', level: 2, inlines: [{ text: 'Programme' }] },
    { kind: 'paragraph', inlines: [{ text: 'Talks from 10:30.' }] },
  ];

  it('sees no hero in a picture after a layout row of words', () => {
    expect(findStaticHero(eventPage, PAGE)).toBeUndefined();
  });

  it('takes no hero where the rendered page showed none', () => {
    const page: PageModel = {
      url: PAGE,
      title: 'Event',
      description: '',
      language: 'en',
      kind: 'page',
      navLinks: [],
      contact: { phones: [], emails: [], addresses: [], hours: [] },
      social: [],
      textBlocks: [],
      anchors: {},
      dropped: [],
      sections: [{ id: 'top', blocks: [{ kind: 'image', image: collage }, ...eventPage.slice(2)] }],
    };
    const assets = new Map([[collage.src, { width: 962, height: 458 }]]);
    // Without a browser the collage before the words stands in…
    expect(findHero(undefined, page, assets)?.image?.src).toBe(collage.src);
    // …but the browser saw the page and found no hero in its first view.
    expect(findHero(pageProbe({}), page, assets)).toBeUndefined();
  });
});
