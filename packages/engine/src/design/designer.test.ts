import { describe, expect, it } from 'vitest';
import type { DesignResult, SiteCorners, SiteModel } from '../model';
import { STRATEGY_PROFILES } from '../model/strategy-profiles';
import { extractSite } from '../stages/extract/extract-site';
import { loadFixture } from '../stages/generate/testing/load-fixture';
import { planSite } from '../stages/plan/plan-site';
import { contrast, luminance, parseColor, toHsl } from '../lib/color';
import type { Designer } from './designer';
import { checkDesign, designSite } from './designer';
import {
  brandNameColor,
  buildTokens,
  fillPair,
  toFontStack,
  toReadableHeadings,
  toReadableHeaderTitle,
} from './offline-designer';
import { toTypeScale } from '../lib/type-scale';

/** An original of square panels and slightly rounded (4 px) buttons, as the probe measured it. */
const SQUARE: SiteCorners = { boxes: 'none', buttons: 'small' };

function modelWith(
  colors: SiteModel['identity']['colors'],
  fonts: SiteModel['identity']['fonts'] = {},
): SiteModel {
  const model = extractSite(loadFixture('contact-page').raw);
  // The name shown in the header, as most originals show it (the menu-colour test hides it).
  return { ...model, identity: { ...model.identity, colors, fonts, nameShown: true } };
}

describe('offline designer', () => {
  it.each([
    [{ primary: '#ffff00', background: '#000000', text: '#ffff00' }],
    [{ primary: '#00ff00' }],
    [{ primary: '#f0f0ff', accent: '#ffffcc' }],
    [{}],
  ])('passes WCAG AA for every text pair with brand %j', (colors) => {
    const tokens = buildTokens(modelWith(colors));
    const c = tokens.colors;
    const pairs = [
      [c.text, c.background],
      [c.text, c.surface],
      [c.muted, c.background],
      [c.muted, c.surface],
      [c.link, c.background],
      [c.link, c.surface],
      [c.onPrimary, c.primary],
      [c.onAccent, c.accent],
    ];
    for (const [fg, bg] of pairs)
      expect(contrast(parseColor(fg!)!, parseColor(bg!)!)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the brand hue', () => {
    const tokens = buildTokens(modelWith({ primary: '#b22222' }));
    const primary = parseColor(tokens.colors.primary)!;
    expect(primary.r).toBeGreaterThan(primary.g + 60);
  });

  it('keeps a light brand colour (#fed136) and flips the text on it to dark, not the yellow to olive', () => {
    const tokens = buildTokens(modelWith({ primary: '#fed136' }));
    expect(tokens.colors.primary).toBe('#fed136');
    const onPrimary = parseColor(tokens.colors.onPrimary)!;
    expect(contrast(onPrimary, parseColor('#fed136')!)).toBeGreaterThan(12);
    // Links are text on the page: they are the yellow's hue made readable, the button stays yellow.
    expect(
      contrast(parseColor(tokens.colors.link)!, parseColor('#ffffff')!),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it("uses the original's text on its brand colour when it passes, and moves a fill's lightness only when no text passes", () => {
    expect(
      buildTokens(modelWith({ primary: '#1e3a8a', onPrimary: '#fde68a' })).colors,
    ).toMatchObject({ primary: '#1e3a8a', onPrimary: '#fde68a' });
    // Mid grey: neither white (3.9:1) nor near-black passes at first... it moves as little as needed.
    const { fill, text } = fillPair(parseColor('#8a8a8a')!);
    expect(contrast(fill, text)).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(toHsl(fill).l - toHsl(parseColor('#8a8a8a')!).l)).toBeLessThan(0.08);
  });

  it("takes no brand from the browser's default link blue", () => {
    const tokens = buildTokens(modelWith({ primary: '#0000ee', link: '#0000EE' }));
    expect(tokens.colors.primary).not.toBe('#0000ee');
    expect(tokens.colors.primary).toBe(buildTokens(modelWith({})).colors.primary);
  });

  it('keeps a blue the page asked for (#0000ff) as its brand, only the default link colours are no brand', () => {
    const tokens = buildTokens(modelWith({ primary: '#0000ff', link: '#0000ee' }));
    expect(tokens.colors.primary).toBe('#0000ff');
    expect(tokens.colors.onPrimary).toBe('#ffffff');
    // Its links are the brand blue, not the browser's #0000ee nor the rebuild's default blue.
    expect(tokens.colors.link).toBe('#0000ff');
  });

  it("gives headings the original's own colour, readable, and none that does not read on the page", () => {
    const heading = buildTokens(modelWith({ text: '#777777', heading: '#333333' })).colors.heading!;
    expect(heading).toBe('#333333');
    // White headings (drawn over pictures) are no colour of the page's headings.
    expect(buildTokens(modelWith({ heading: '#ffffff' })).colors.heading).toBeUndefined();
    // A light grey is darkened until it reads on the page and its bands.
    const pale = buildTokens(modelWith({ heading: '#8a8a8a' })).colors;
    expect(contrast(parseColor(pale.heading!)!, parseColor(pale.surface)!)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it("gives definition terms the original's own colour, readable, and none that does not read", () => {
    const colors = buildTokens(modelWith({ term: '#0072c6' })).colors;
    expect(colors.term).toBe('#0072c6');
    expect(contrast(parseColor(colors.term!)!, parseColor(colors.surface)!)).toBeGreaterThanOrEqual(
      4.5,
    );
    // White labels (drawn on chips of their own) are no colour of the page's terms.
    expect(buildTokens(modelWith({ term: '#ffffff' })).colors.term).toBeUndefined();
    expect(buildTokens(modelWith({})).colors.term).toBeUndefined();
  });

  it("writes the site's name in the brand colour where it reads on the header, else in the header's text", () => {
    // A light header without colours of its own: the brand blue as it was.
    expect(buildTokens(modelWith({ primary: '#0000ff', background: '#ededed' })).chrome).toEqual({
      brandText: '#0000ff',
    });
    // #2a7ae2 is 4.3:1 on white: darkened a little, hue kept, still the same blue to the eye.
    const nearly = brandNameColor(parseColor('#2a7ae2')!, parseColor('#fdfdfd')!)!;
    expect(contrast(nearly, parseColor('#fdfdfd')!)).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(toHsl(nearly).h - toHsl(parseColor('#2a7ae2')!).h)).toBeLessThan(3);
    // Light blue on a navy bar: lightened a touch, for the bar shows 94 % opaque over the white page.
    expect(
      buildTokens(
        modelWith({ primary: '#64b5f6', headerBackground: '#1e3a5f', headerText: '#ffffff' }),
      ).chrome?.brandText,
    ).toBe('#6cb9f6');
    // A dark bar drawn 94 % opaque over a white page shows lighter than its colour: #337ab7 passed on
    // #222222 once lightened, but on the #2f2f2f that shows it would have to move too far (it read
    // 3.9:1 in modern-business-bs3's rebuild): the name keeps the header's text colour.
    expect(
      buildTokens(
        modelWith({ primary: '#337ab7', headerBackground: '#222222', headerText: '#9d9d9d' }),
      ).chrome?.brandText,
    ).toBeUndefined();
    // A pale yellow on white would have to turn olive: the name keeps the header's text colour.
    expect(brandNameColor(parseColor('#fed136')!, parseColor('#ffffff')!)).toBeUndefined();
    expect(buildTokens(modelWith({ primary: '#fed136' })).chrome).toBeUndefined();
  });

  it('draws the menu in the link colour where the original had no header and its name is not shown', () => {
    const model = modelWith({ primary: '#0000ff', link: '#0000ff', background: '#ededed' });
    const hidden = { ...model, identity: { ...model.identity, nameShown: false } };
    expect(buildTokens(hidden).chrome?.menuItemText).toBe('#0000ff');
    // A name shown (or a header of its own) keeps the header's text on the menu.
    expect(buildTokens(model).chrome?.menuItemText).toBeUndefined();
    const withHeader = modelWith({
      primary: '#0000ff',
      headerText: '#222222',
      headerBackground: '#ffffff',
    });
    expect(
      buildTokens({ ...withHeader, identity: { ...withHeader.identity, nameShown: false } }).chrome
        ?.menuItemText,
    ).toBeUndefined();
  });

  it('gives a dark original a dark rebuild, its background kept', () => {
    // Without a scheme from extract, the background decides.
    const { scheme: _scheme, ...unknownScheme } = modelWith({
      primary: '#c8a165',
      background: '#161616',
      text: '#dddddd',
    }).identity;
    const tokens = buildTokens({ ...modelWith({}), identity: unknownScheme });
    expect(tokens.scheme).toBe('dark');
    expect(tokens.colors.background).toBe('#161616');
    expect(tokens.colors.text).toBe('#dddddd');
    const { identity, ...rest } = modelWith({ primary: '#c8a165' });
    expect(buildTokens({ ...rest, identity: { ...identity, scheme: 'dark' } }).scheme).toBe('dark');
    expect(
      luminance(
        parseColor(
          buildTokens({ ...rest, identity: { ...identity, scheme: 'dark' } }).colors.background,
        )!,
      ),
    ).toBeLessThan(0.05);
    expect(buildTokens(modelWith({ primary: '#c8a165' })).scheme).toBe('light');
  });

  it("keeps the original's header and footer colours with readable text on them", () => {
    const tokens = buildTokens(
      modelWith({ primary: '#fed136', headerBackground: '#222222', footerBackground: '#f7f7f7' }),
    );
    expect(tokens.header).toBe('brand');
    expect(tokens.chrome).toEqual({
      headerBackground: '#222222',
      headerText: '#ffffff',
      // The yellow reads on the dark bar (about 11:1): the site's name is written in it.
      brandText: '#fed136',
      footerBackground: '#f7f7f7',
      footerText: '#111111',
    });
  });

  it('keeps menu items drawn as pills, their words readable on them', () => {
    const chrome = buildTokens(
      modelWith({
        headerBackground: '#1e3a5f',
        headerText: '#ffffff',
        menuItemBackground: '#2a4469',
        menuItemBorder: '#354e6f',
        menuItemText: '#e8e9ea',
      }),
    ).chrome!;
    expect(chrome).toMatchObject({
      menuItemBackground: '#2a4469',
      menuItemBorder: '#354e6f',
      menuItemText: '#e8e9ea',
    });
    // Words that would not read on the pill become white or near-black.
    expect(
      buildTokens(modelWith({ menuItemBackground: '#eeeeee', menuItemText: '#cccccc' })).chrome,
    ).toMatchObject({ menuItemBackground: '#eeeeee', menuItemText: '#111111' });
  });

  it.each(Object.values(STRATEGY_PROFILES))(
    "keeps the original's square corners and boxy buttons only where the profile keeps its look (%#)",
    (profile) => {
      const model = modelWith({});
      const square = { ...model, identity: { ...model.identity, corners: SQUARE } };
      const tokens = buildTokens(square, profile);
      if (profile.keepsOriginalLayout) {
        expect(tokens.radius).toBe('none');
        expect(tokens.buttonRadius).toBe('small');
      } else {
        expect(tokens.radius).toBe('large');
        expect(tokens.buttonRadius).toBeUndefined();
      }
      // Unmeasured corners: the template's rounded ones and pill buttons, whatever the profile.
      expect(buildTokens(model, profile)).toMatchObject({ radius: 'large' });
      expect(buildTokens(model, profile).buttonRadius).toBeUndefined();
    },
  );

  it("uses the site's own font by name when its files ship with the rebuild", () => {
    const model = modelWith(
      {},
      {
        heading: 'Montserrat',
        body: 'Droid Serif',
        faces: [
          {
            family: 'Montserrat',
            source: 'google',
            files: [{ url: 'http://x/m.woff2', weight: '700', style: 'normal' }],
          },
          {
            family: 'Droid Serif',
            source: 'self-hosted',
            files: [{ url: 'http://x/d.woff2', weight: '400', style: 'normal' }],
          },
        ],
      },
    );
    const tokens = buildTokens(model);
    expect(tokens.fonts.heading).toMatch(/^"Montserrat", ui-sans-serif/);
    expect(tokens.fonts.body).toMatch(/^"Droid Serif", ui-serif/);
    expect(buildTokens(modelWith({}, { body: 'Droid Serif' })).fonts.body).toMatch(/^ui-serif/);
  });

  it("follows a kept family with the original's web-safe fallbacks of its kind (issue 23)", () => {
    // Verdana, Helvetica, sans-serif: a visitor without Verdana read the original in Helvetica.
    const tokens = buildTokens(
      modelWith(
        {},
        { body: 'Verdana', heading: 'Georgia', fallbacks: { body: ['Helvetica', 'Times', 'Foo'] } },
      ),
    );
    expect(tokens.fonts.body).toMatch(/^"Verdana", "Helvetica", ui-sans-serif/);
    // The heading's own stack had no fallbacks; a serif is never the fallback of a sans.
    expect(tokens.fonts.heading).toMatch(/^"Georgia", ui-serif/);
    // A family the rebuild does not name gets no fallbacks of its own either (the system's stack).
    expect(
      buildTokens(modelWith({}, { body: 'Open Sans', fallbacks: { body: ['Arial'] } })).fonts.body,
    ).toMatch(/^ui-sans-serif/);
  });

  it('uses web-safe fonts by name and system stacks otherwise, never a font CDN', () => {
    expect(toFontStack('Georgia')).toMatch(/^"Georgia", ui-serif/);
    expect(toFontStack('Comic Sans MS')).toMatch(/^ui-sans-serif/);
    expect(toFontStack('Merriweather')).toMatch(/^ui-serif/);
    // The CJK platforms' own fonts stay first for the visitors who have them.
    expect(toFontStack('Meiryo')).toMatch(/^"Meiryo", ui-sans-serif/);
    expect(toFontStack('PMingLiU')).toMatch(/^"PMingLiU", ui-serif/);
    const tokens = buildTokens(modelWith({}, { body: 'Open Sans' }));
    expect(Object.values(tokens.fonts).join(' ')).not.toMatch(/url\(|https?:/);
  });
});

describe('the Designer seam', () => {
  const model = extractSite(loadFixture('contact-page').raw);
  const plan = planSite(model, { strategy: 'INCREMENTAL_UPDATE' });

  function designer(result: (base: DesignResult) => DesignResult): Designer {
    return { name: 'test', design: () => Promise.resolve(result(plan.design)) };
  }

  it('applies a valid design from another designer', async () => {
    const key = Object.keys(plan.design.sections)[0]!;
    const designed = await designSite(
      model,
      plan,
      designer((base) => ({
        ...base,
        sections: { ...base.sections, [key]: { variant: 'prose' } },
      })),
    );
    expect(designed.designer).toBe('test');
    const [route, id] = key.split('#');
    expect(
      designed.pages.find((p) => p.route === route)!.sections.find((s) => s.id === id)!.variant,
    ).toBe('prose');
  });

  it('keeps the offline design when a designer fails contrast, invents sections or throws', async () => {
    const lowContrast = designer((base) => ({
      ...base,
      tokens: { ...base.tokens, colors: { ...base.tokens.colors, text: '#eeeeee' } },
    }));
    const unknown = designer((base) => ({ ...base, sections: { '/#nope': { variant: 'hero' } } }));
    const throwing: Designer = {
      name: 'broken',
      design: () => Promise.reject(new Error('model offline')),
    };
    for (const bad of [lowContrast, unknown, throwing]) {
      const result = await designSite(model, plan, bad);
      expect(result.designer).toBe('offline');
      expect(result.diagnostics.at(-1)!.code).toMatch(/^ENGINE_PLAN_DESIGN_/);
    }
    expect(checkDesign(plan.design, plan)).toBeUndefined();
  });

  it('keeps the offline design when an answer is not a design result, however deep', async () => {
    const forged = [
      designer((base) => ({ ...base, tokens: { ...base.tokens, radius: 'huge' as 'large' } })),
      designer((base) => ({
        ...base,
        tokens: { ...base.tokens, fonts: { ...base.tokens.fonts, mono: 7 as unknown as string } },
      })),
      designer((base) => ({ tokens: base.tokens }) as DesignResult),
    ];
    for (const bad of forged) {
      const result = await designSite(model, plan, bad);
      expect(result.designer).toBe('offline');
      expect(result.design).toEqual(plan.design);
      expect(result.diagnostics.at(-1)).toMatchObject({
        code: 'ENGINE_PLAN_DESIGN_REJECTED',
        message: expect.stringMatching(/^Designer test: not a design result \(.+\); the offline/),
      });
    }
  });
});

describe("the heading levels' own colours and bars (issue 23)", () => {
  const WHITE = { r: 255, g: 255, b: 255 };
  const SURFACE = { r: 246, g: 246, b: 246 };
  const scale = toTypeScale({
    body: { size: 16, lineHeight: 24 },
    h1: { size: 32, weight: 700, color: 'rgb(255, 255, 255)' },
    h2: {
      size: 20,
      weight: 700,
      case: 'uppercase',
      fill: { color: 'rgb(230, 57, 70)', text: 'rgb(255, 255, 255)' },
    },
    h3: {
      size: 18,
      weight: 700,
      color: 'rgb(0, 0, 128)',
      fill: { color: 'rgb(255, 221, 0)', text: 'rgb(255, 255, 255)' },
    },
    hasBands: false,
  });
  const readable = toReadableHeadings(scale, WHITE, SURFACE);

  it('keeps a bar with its own words where they read on it, else words that do', () => {
    // White on #e63946 is 4.0:1: near-black words keep the red bar red.
    expect(readable.headings.h2.fill?.color).toBe('#e63946');
    const red = readable.headings.h2.fill!;
    expect(contrast(parseColor(red.text)!, parseColor(red.color)!)).toBeGreaterThanOrEqual(4.5);
    expect(readable.headings.h2.case).toBe('uppercase');
    // White on yellow does not read: dark words on the same yellow.
    expect(readable.headings.h3.fill).toEqual({ color: '#ffdd00', text: '#111111' });
  });

  it("draws a level's translucent line in its colour over the page, hex (issue 23)", () => {
    const lined = toReadableHeadings(
      {
        ...scale,
        headings: {
          ...scale.headings,
          h2: {
            size: 24,
            weight: 700,
            rule: { side: 'top', width: 1, color: 'rgba(0, 0, 0, 0.5)', gap: 20 },
          },
        },
      },
      WHITE,
      SURFACE,
    );
    expect(lined.headings.h2.rule).toEqual({ side: 'top', width: 1, color: '#808080', gap: 20 });
  });

  it("keeps a level's colour that reads on the page, and drops white words meant for pictures", () => {
    expect(readable.headings.h3.color).toBe('#000080');
    expect(readable.headings.h1.color).toBeUndefined();
  });
});

describe("the header band's title (issue 23)", () => {
  const band = (color: string, gradient?: string) =>
    toTypeScale({
      body: { size: 16, lineHeight: 24 },
      hasBands: false,
      header: {
        height: 360,
        title: { text: 'Ada Example', size: 56, color, height: 300 },
        ...(gradient ? { gradient } : {}),
      },
    });
  const NAVY = { r: 30, g: 58, b: 95 };
  const gradient = 'linear-gradient(135deg, rgb(30, 58, 95) 0%, rgb(230, 230, 250) 100%)';

  it("keeps the title's colour where it reads on every stop of the band, hex", () => {
    const scale = toReadableHeaderTitle(band('rgb(223, 233, 255)'), NAVY);
    expect(scale.header?.title?.color).toBe('#dfe9ff');
  });

  it('makes it white or near-black where it does not read on one of the stops', () => {
    // Light lavender words vanish on the gradient's light end: the better of white and near-black.
    const scale = toReadableHeaderTitle(band('rgb(223, 233, 255)', gradient), NAVY);
    expect(['#ffffff', '#111111']).toContain(scale.header!.title!.color);
    expect(scale.header?.gradient).toBe('linear-gradient(135deg, #1e3a5f 0%, #e6e6fa 100%)');
  });

  it('rebuilds the band’s gradient from its stops, and drops one it cannot rebuild', () => {
    const forged = 'linear-gradient(#000, #fff); } body { display: none';
    const scale = toReadableHeaderTitle(band('rgb(255, 255, 255)', forged), NAVY);
    expect(scale.header?.gradient).toBeUndefined();
    expect(scale.header?.title?.color).toBe('#ffffff');
  });
});
