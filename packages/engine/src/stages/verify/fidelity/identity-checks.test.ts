import { describe, expect, it } from 'vitest';
import type { SiteIdentity } from '../../../model';
import { checkIdentity, toFamilyName, toLabelKey } from './identity-checks';
import type { Control, LayoutSnapshot } from '../../../measure/layout-snapshot';

const IDENTITY: SiteIdentity = {
  name: 'Academic Pages',
  nameSource: 'brand',
  title: 'Academic Pages',
  description: '',
  language: 'en',
  colors: {},
  fonts: {},
};

function control(label: string, overrides: Partial<Control> = {}): Control {
  return {
    label,
    kind: 'link',
    isHome: false,
    background: 'rgba(0, 0, 0, 0)',
    box: { x: 0, y: 10, width: 80, height: 20 },
    ...overrides,
  };
}

function snapshot(identity: LayoutSnapshot['identity'], fonts: string[] = []): LayoutSnapshot {
  return {
    viewport: { width: 1440, height: 900 },
    page: { width: 1440, height: 2000 },
    blocks: fonts.map((fontFamily, index) => ({
      text: `Block ${index}`,
      box: { x: 0, y: index * 40, width: 200, height: 20 },
      area: 4000,
      color: 'rgb(0, 0, 0)',
      background: 'rgb(255, 255, 255)',
      fontFamily,
    })),
    sections: [],
    identity,
  };
}

const HEADER = {
  selector: 'header.site-header',
  box: { x: 0, y: 0, width: 1440, height: 64 },
  background: 'rgb(255, 255, 255)',
  textColors: ['rgb(17, 24, 39)'],
  pictures: [],
};

describe('identity keys', () => {
  it('compares labels without case, spacing or the arrows of dropdown toggles', () => {
    expect(toLabelKey('  Academic ▼')).toBe('academic');
    expect(toLabelKey('Other  Pages ▾')).toBe('other pages');
    expect(toLabelKey('»Home«')).toBe('home');
  });

  it('compares font families by the first of the stack, unquoted, without "Variable"', () => {
    expect(toFamilyName('"Montserrat Variable", Helvetica, sans-serif')).toBe('montserrat');
    expect(toFamilyName("'Roboto Slab', serif")).toBe('roboto slab');
  });
});

describe('checkIdentity', () => {
  it('finds every top-level menu item among the header labels, dropdown toggles included', () => {
    const rebuilt = snapshot({
      header: {
        ...HEADER,
        controls: [
          control('Academic Pages', { isHome: true }),
          control('Publications'),
          control('Academic', { kind: 'button' }),
        ],
      },
      controls: [],
      firstScreenPictures: [],
    });
    const [navigation] = checkIdentity(
      {
        ...IDENTITY,
        nameSource: undefined,
        menu: [
          { label: 'Publications', href: 'https://a.example/pubs', children: [] },
          {
            label: 'Academic ▼',
            children: [{ label: 'Teaching', href: 'https://a.example/t', children: [] }],
          },
          { label: 'Talks', href: 'https://a.example/talks', children: [] },
        ],
      },
      rebuilt,
    );
    expect(navigation).toEqual({
      check: 'navigation',
      ok: false,
      found: '2/3 menu items in the header; missing: Talks',
      expected: 'Publications, Academic ▼, Talks',
    });
  });

  it('takes the brand colour from the header text when there is no call to action', () => {
    const rebuilt = snapshot({
      header: { ...HEADER, textColors: ['rgb(17, 24, 39)', 'rgb(254, 209, 54)'], controls: [] },
      controls: [],
      firstScreenPictures: [],
    });
    const [brand] = checkIdentity(
      { ...IDENTITY, nameSource: undefined, colors: { primary: '#fed136' } },
      rebuilt,
    );
    expect(brand).toMatchObject({ check: 'brand_color', ok: true, expected: '#fed136' });
    expect(brand?.found).toBe('#fed136 on the header text (ΔE2000 0.0)');
  });

  it("looks for the brand colour in the first screen's words when the original showed it only there", () => {
    const blue = 'rgb(30, 115, 190)';
    const page = (color: string): LayoutSnapshot => ({
      ...snapshot({ header: { ...HEADER, controls: [] }, controls: [], firstScreenPictures: [] }),
      blocks: [
        {
          text: 'Sample Page',
          box: { x: 0, y: 120, width: 200, height: 20 },
          area: 4000,
          color,
          background: 'rgb(255, 255, 255)',
          fontFamily: 'serif',
        },
      ],
    });
    const identity = { ...IDENTITY, nameSource: undefined, colors: { primary: '#1e73be' } };
    const [kept] = checkIdentity(identity, page(blue), page(blue));
    expect(kept).toMatchObject({ check: 'brand_color', ok: true });
    expect(kept?.found).toBe('#1e73be on the words "Sample Page" (ΔE2000 0.0)');
    // Lost from the words: fails; and an original that showed it on its header is held to that.
    expect(checkIdentity(identity, page('rgb(17, 24, 39)'), page(blue))[0]?.ok).toBe(false);
    const brandedHeader = snapshot({
      header: { ...HEADER, textColors: [blue], controls: [] },
      controls: [],
      firstScreenPictures: [],
    });
    expect(checkIdentity(identity, page(blue), brandedHeader)[0]?.ok).toBe(false);
  });

  it('looks over the whole page for a brand colour the original showed lower down, and asks none it never showed', () => {
    const blue = 'rgb(0, 114, 198)';
    const page = (ground: string, y = 1400): LayoutSnapshot => ({
      ...snapshot({ header: { ...HEADER, controls: [] }, controls: [], firstScreenPictures: [] }),
      blocks: [
        {
          text: 'Program',
          box: { x: 0, y, width: 200, height: 20 },
          area: 4000,
          color: 'rgb(255, 255, 255)',
          background: ground,
          fontFamily: 'serif',
        },
      ],
    });
    const identity = { ...IDENTITY, nameSource: undefined, colors: { primary: '#0072c6' } };
    // A band filled with it below the first screen: the rebuild's band anywhere on its page counts.
    const [kept] = checkIdentity(identity, page(blue, 2200), page(blue));
    expect(kept).toMatchObject({ check: 'brand_color', ok: true });
    expect(kept?.found).toBe('#0072c6 on the ground of "Program" (ΔE2000 0.0)');
    expect(checkIdentity(identity, page('rgb(34, 34, 34)'), page(blue))[0]).toMatchObject({
      check: 'brand_color',
      ok: false,
    });
    // Shown nowhere in the original at load (its links' hover colour): nothing to keep.
    const white = 'rgb(255, 255, 255)';
    expect(
      checkIdentity(identity, page(white), page(white)).map((check) => check.check),
    ).not.toContain('brand_color');
  });

  it('allows the name on the brand link but not on any other link or button', () => {
    const original = (controls: Control[]) =>
      snapshot({ controls, firstScreenPictures: [] }) satisfies LayoutSnapshot;
    const rebuilt = snapshot({ controls: [], firstScreenPictures: [] });
    expect(
      checkIdentity(IDENTITY, rebuilt, original([control('Academic Pages', { isHome: true })]))[0]
        ?.ok,
    ).toBe(true);
    expect(
      checkIdentity(IDENTITY, rebuilt, original([control('academic pages')]))[0],
    ).toMatchObject({
      ok: false,
      found: '"Academic Pages" from brand, the label of a link of the original',
    });
  });

  it('finds the fonts on the computed styles, ignoring generic families', () => {
    const rebuilt = snapshot({ controls: [], firstScreenPictures: [] }, [
      '"Montserrat Variable", sans-serif',
      'Georgia, serif',
    ]);
    const [fonts] = checkIdentity(
      {
        ...IDENTITY,
        nameSource: undefined,
        fonts: { heading: 'Montserrat, sans-serif', body: 'sans-serif' },
      },
      rebuilt,
    );
    expect(fonts).toEqual({
      check: 'fonts',
      ok: true,
      found: 'used: montserrat, georgia',
      expected: 'montserrat',
    });
  });

  it('asks for no family the original had no file of and systems do not install', () => {
    const rebuilt = snapshot({ controls: [], firstScreenPictures: [] }, ['ui-sans-serif']);
    const fonts = (faces: NonNullable<SiteIdentity['fonts']['faces']>) =>
      checkIdentity(
        {
          ...IDENTITY,
          nameSource: undefined,
          fonts: { heading: 'Maven Pro', body: 'Verdana', faces },
        },
        rebuilt,
      )[0];
    // A font CDN out of reach: the original's visitors saw a fallback; Verdana is installed.
    expect(
      fonts([
        { family: 'Maven Pro', source: 'system' },
        { family: 'Verdana', source: 'system' },
      ]),
    ).toMatchObject({ ok: false, expected: 'verdana' });
    // Files at hand, or a Google family: the rebuild ships it and is held to it.
    expect(
      fonts([
        { family: 'Maven Pro', source: 'google' },
        { family: 'Verdana', source: 'system' },
      ]),
    ).toMatchObject({ ok: false, expected: 'maven pro, verdana' });
  });

  it('leaves out every check without input', () => {
    const rebuilt = snapshot({ controls: [], firstScreenPictures: [] });
    expect(checkIdentity({ ...IDENTITY, nameSource: undefined }, rebuilt)).toEqual([]);
  });
});
