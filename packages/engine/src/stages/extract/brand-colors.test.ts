import { describe, expect, it } from 'vitest';
import { pageProbe } from './page-probe.fixture';
import { toProbedBrand } from './brand-colors';

const probe = pageProbe;

describe('toProbedBrand', () => {
  it("takes the buttons' fill as primary, not the colour that covers most of the page", () => {
    const brand = toProbedBrand(
      probe({
        accents: [
          { color: 'rgb(42, 157, 143)', weight: 900_000 },
          { color: 'rgb(254, 209, 54)', weight: 30_000 },
        ],
        buttons: [
          {
            background: 'rgb(254, 209, 54)',
            text: 'rgb(255, 255, 255)',
            border: '',
            weight: 30_000,
          },
        ],
        links: [{ color: 'rgb(51, 122, 183)', weight: 4 }],
      }),
    );
    expect(brand).toEqual({
      scheme: 'light',
      colors: {
        background: '#ffffff',
        text: '#333333',
        primary: '#fed136',
        onPrimary: '#ffffff',
        accent: '#2a9d8f',
        link: '#337ab7',
      },
    });
  });

  it("keeps the headings' own colour when a third of them wear one other than the text's", () => {
    // agency-bs3: muted #777 paragraphs and sub-titles, #333 section titles.
    const headings = [
      { color: 'rgb(119, 119, 119)', weight: 5 },
      { color: 'rgb(51, 51, 51)', weight: 4 },
      { color: 'rgb(255, 255, 255)', weight: 1 },
    ];
    expect(toProbedBrand(probe({ text: 'rgb(119, 119, 119)', headings })).colors.heading).toBe(
      '#333333',
    );
    // Headings in the text's colour, or a colour only a few wear: none of their own.
    expect(
      toProbedBrand(probe({ text: 'rgb(51, 51, 51)', headings: headings.slice(1, 2) })).colors
        .heading,
    ).toBeUndefined();
    expect(
      toProbedBrand(
        probe({
          headings: [
            { color: 'rgb(51, 51, 51)', weight: 9 },
            { color: 'rgb(200, 0, 0)', weight: 1 },
          ],
        }),
      ).colors.heading,
    ).toBeUndefined();
  });

  it("keeps the definition terms' own colour when most of them wear it", () => {
    // A schedule's "Title", "Speaker" labels in the brand's blue, two white labels on dark chips.
    const terms = [
      { color: 'rgb(0, 114, 198)', weight: 52 },
      { color: 'rgb(255, 255, 255)', weight: 2 },
    ];
    expect(toProbedBrand(probe({ terms })).colors.term).toBe('#0072c6');
    // Terms written like the text, or in no colour most of them share, have none of their own.
    expect(
      toProbedBrand(probe({ terms: [{ color: 'rgb(51, 51, 51)', weight: 9 }] })).colors.term,
    ).toBeUndefined();
    expect(
      toProbedBrand(probe({ terms: [terms[0]!, { ...terms[1]!, weight: 60 }] })).colors.term,
    ).toBeUndefined();
    expect(toProbedBrand(probe({})).colors.term).toBeUndefined();
  });

  it('makes a page drawn on a dark picture dark, and blends translucent fills over the page', () => {
    const brand = toProbedBrand(
      probe({
        background: {
          color: 'rgba(0, 0, 0, 0)',
          image: 'https://x/t.jpg',
          imageColor: 'rgb(30, 29, 27)',
        },
        text: 'rgb(232, 233, 234)',
        footer: { background: 'rgba(255, 255, 255, 0.5)', text: 'rgb(255, 255, 255)' },
        headings: [{ color: 'rgb(100, 181, 246)', weight: 12 }],
      }),
    );
    expect(brand.scheme).toBe('dark');
    expect(brand.colors).toMatchObject({
      background: '#1e1d1b',
      primary: '#64b5f6',
      footerBackground: '#8f8e8d',
      footerText: '#ffffff',
    });
  });

  it("falls back to the CSS scan's primary when the page shows no chromatic colour of its own", () => {
    expect(toProbedBrand(probe({}), { primary: '#337ab7' }).colors.primary).toBe('#337ab7');
    // Links the site left unstyled are the browser's blue, not the brand's colour.
    const unstyled = toProbedBrand(probe({ links: [{ color: 'rgb(0, 0, 238)', weight: 3 }] }), {
      primary: '#df0706',
    });
    expect(unstyled.colors).toMatchObject({ primary: '#df0706', link: '#0000ee' });
  });

  it("reads menu items drawn as faint pills as they show on the header's colour", () => {
    const { colors } = toProbedBrand(
      probe({
        background: { color: 'rgb(10, 10, 44)' },
        header: { background: 'rgb(30, 58, 95)', text: 'rgb(255, 255, 255)' },
        menuItems: {
          background: 'rgba(255, 255, 255, 0.05)',
          border: 'rgba(255, 255, 255, 0.1)',
          text: 'rgb(232, 233, 234)',
          radius: '20px',
        },
      }),
    );
    // 5 % and 10 % white over the navy bar: a little lighter navy, each.
    expect(colors).toMatchObject({
      menuItemBackground: '#294467',
      menuItemBorder: '#354e6f',
      menuItemText: '#e8e9ea',
    });
    // Plain links (no fill, no border) are no boxes.
    const plain = toProbedBrand(
      probe({
        menuItems: {
          background: 'transparent',
          border: 'transparent',
          text: 'rgb(0, 0, 0)',
          radius: '0px',
        },
      }),
    ).colors;
    expect(plain.menuItemBackground).toBeUndefined();
    expect(plain.menuItemText).toBeUndefined();
  });
});
