import { describe, expect, it } from 'vitest';
import type { SiteIdentity } from '../../../model';
import type {
  Control,
  HeaderProbe,
  LayoutSnapshot,
  Picture,
  TextBlock,
} from '../../../measure/layout-snapshot';
import { checkIdentity } from './identity-checks';
import {
  checkBrokenImageAlt,
  checkFirstScreen,
  checkHiddenTextShown,
  checkHoverMarks,
  checkLanguageMenu,
  checkLogoSize,
  checkMenuAsPictures,
  checkMenuTwice,
  checkNeverWorse,
  checkPictureTwice,
  checkSiteName,
  checkTextOverPicture,
  checkWidthUsed,
  isLanguageLabel,
  toPictureStem,
  toUsedWidth,
  type NeverWorseRoute,
} from './never-worse-checks';

const SITE = 'http://site.test';

const IDENTITY: SiteIdentity = {
  name: 'Harbour Bakery',
  nameSource: 'brand',
  title: 'Harbour Bakery',
  description: '',
  language: 'en',
  colors: {},
  fonts: {},
  menu: ['Home', 'Bread', 'Cakes', 'Contact'].map((label) => ({
    label,
    href: `${SITE}/${label.toLowerCase()}.html`,
    children: [],
  })),
};

function control(label: string, overrides: Partial<Control> = {}): Control {
  return {
    label,
    kind: 'link',
    isHome: false,
    background: 'rgba(0, 0, 0, 0)',
    box: { x: 0, y: 10, width: 80, height: 20 },
    place: 'main',
    ...overrides,
  };
}

function picture(src: string, overrides: Partial<Picture> = {}): Picture {
  return { kind: 'img', src, box: { x: 100, y: 1000, width: 300, height: 200 }, ...overrides };
}

function block(text: string, overrides: Partial<TextBlock> = {}): TextBlock {
  return {
    text,
    box: { x: 100, y: 1200, width: 600, height: 40 },
    area: 12_000,
    color: 'rgb(0, 0, 0)',
    background: 'rgb(255, 255, 255)',
    fontFamily: 'Inter',
    ...overrides,
  };
}

function header(overrides: Partial<HeaderProbe> = {}): HeaderProbe {
  return {
    selector: 'header',
    box: { x: 0, y: 0, width: 1440, height: 80 },
    background: 'rgb(255, 255, 255)',
    controls: [],
    textColors: [],
    pictures: [],
    ...overrides,
  };
}

function page(
  parts: {
    blocks?: TextBlock[];
    pictures?: Picture[];
    controls?: Control[];
    header?: HeaderProbe;
    logo?: Picture;
    firstScreenPictures?: Picture[];
    marked?: NonNullable<LayoutSnapshot['identity']>['marked'];
    filtered?: string[];
  } = {},
): LayoutSnapshot {
  return {
    viewport: { width: 1440, height: 900 },
    page: { width: 1440, height: 3000 },
    blocks: parts.blocks ?? [],
    sections: [],
    identity: {
      ...(parts.header ? { header: parts.header } : {}),
      controls: parts.controls ?? [],
      firstScreenPictures: parts.firstScreenPictures ?? [],
      pictures: parts.pictures ?? [],
      ...(parts.logo ? { logo: parts.logo } : {}),
      ...(parts.marked ? { marked: parts.marked } : {}),
      ...(parts.filtered ? { filtered: parts.filtered } : {}),
    },
  };
}

function route(rebuilt: LayoutSnapshot, original?: LayoutSnapshot): NeverWorseRoute {
  return { route: '/', rebuilt, ...(original ? { original } : {}) };
}

describe('picture stems', () => {
  it('names a rebuilt picture like the original it came from', () => {
    expect(toPictureStem('/images/cake-shop-1a2b3c4d.webp')).toBe('cake-shop');
    expect(toPictureStem('/images/cake-shop-1a2b3c4d-2.webp')).toBe('cake-shop');
    expect(toPictureStem('/images/cake-shop-1a2b3c4d-480w.webp')).toBe('cake-shop');
    expect(toPictureStem('http://site.test/img/Cake%20Shop.JPG')).toBe('cake-shop');
  });
});

describe('never-worse checks', () => {
  it('fails a picture shown twice that the original showed once', () => {
    const original = page({ pictures: [picture(`${SITE}/img/hero.jpg`)] });
    const twice = page({
      pictures: [
        picture('/images/hero-0a1b2c3d.webp'),
        picture('/images/hero-0a1b2c3d.webp', { box: { x: 0, y: 0, width: 120, height: 80 } }),
      ],
    });
    const failed = checkPictureTwice([route(twice, original)]);
    expect(failed).toMatchObject({ check: 'picture_twice', ok: false });
    expect(failed?.found).toContain('hero 2× (original 1×)');
    const once = page({ pictures: [picture('/images/hero-0a1b2c3d.webp')] });
    expect(checkPictureTwice([route(once, original)])?.ok).toBe(true);
    // Shown twice by the original too, or an icon: not a defect.
    const originalTwice = page({
      pictures: [picture(`${SITE}/img/hero.jpg`), picture(`${SITE}/img/hero.jpg`)],
    });
    expect(checkPictureTwice([route(twice, originalTwice)])?.ok).toBe(true);
    const icons = page({
      pictures: [1, 2, 3].map(() =>
        picture('/images/star.svg', { box: { x: 0, y: 0, width: 16, height: 16 } }),
      ),
    });
    expect(checkPictureTwice([route(icons, original)])?.ok).toBe(true);
  });

  it('counts a picture behind a gallery filter as one the original had once more', () => {
    // The original showed the photo once as a thumbnail; its gallery item was under a category
    // the filter hid at load. The rebuild has no filter: thumbnail and gallery item both show.
    const thumbnail = picture(`${SITE}/img/drill.jpg`, {
      box: { x: 100, y: 400, width: 80, height: 80 },
    });
    const rebuilt = page({
      pictures: [
        picture('/images/drill-0a1b2c3d.webp', { box: { x: 100, y: 400, width: 80, height: 80 } }),
        picture('/images/drill-0a1b2c3d.webp'),
      ],
    });
    const unfiltered = page({ pictures: [thumbnail] });
    expect(checkPictureTwice([route(rebuilt, unfiltered)])?.ok).toBe(false);
    const filtered = page({ pictures: [thumbnail], filtered: [`${SITE}/img/drill.jpg`] });
    expect(checkPictureTwice([route(rebuilt, filtered)])?.ok).toBe(true);
    // Once more, not any number of times: a third copy is still one too many.
    const thrice = page({
      pictures: [...rebuilt.identity!.pictures!, picture('/images/drill-0a1b2c3d-480w.webp')],
    });
    expect(checkPictureTwice([route(thrice, filtered)])?.found).toContain('drill 3×');
  });

  it('fails the main menu linked again in the content where the original did not', () => {
    const menu = ['Home', 'Bread', 'Cakes', 'Contact'];
    const inHeader = menu.map((label) => control(label, { place: 'header' }));
    const original = page({ controls: inHeader });
    const twice = page({
      controls: [...inHeader, ...menu.slice(1).map((label) => control(label, { place: 'main' }))],
    });
    const failed = checkMenuTwice(IDENTITY, route(twice, original));
    expect(failed).toMatchObject({ check: 'menu_twice', ok: false });
    expect(failed?.found).toContain('3/4 menu items linked again');
    expect(checkMenuTwice(IDENTITY, route(original, original))?.ok).toBe(true);
    // A footer menu is no copy in the content.
    const footer = page({
      controls: [...inHeader, ...menu.map((label) => control(label, { place: 'footer' }))],
    });
    expect(checkMenuTwice(IDENTITY, route(footer, original))?.ok).toBe(true);
  });

  it('fails a menu kept as picture links to the header menu’s pages', () => {
    const links = ['bread', 'cakes', 'contact'].map((name) =>
      control(name, { place: 'header', href: `${SITE}/${name}` }),
    );
    const pictures = ['bread', 'cakes', 'contact'].map((name) =>
      picture(`/images/btn-${name}.gif`, { href: `${SITE}/${name}#top` }),
    );
    const failed = checkMenuAsPictures(
      route(page({ header: header({ controls: links }), pictures })),
    );
    expect(failed).toMatchObject({ check: 'menu_as_pictures', ok: false });
    expect(failed?.found).toContain('3 picture links');
    const textOnly = page({ header: header({ controls: links }), pictures: [picture('/a.jpg')] });
    expect(checkMenuAsPictures(route(textOnly))?.ok).toBe(true);
  });

  it('fails a logo under half its original height, or under 32 px', () => {
    const logo = (height: number) =>
      picture('/images/logo.png', { box: { x: 20, y: 10, width: height * 2, height } });
    const original = page({ logo: logo(100) });
    expect(checkLogoSize(route(page({ logo: logo(41) }), original))).toMatchObject({
      check: 'logo_size',
      ok: false,
      found: '41 px high (82×41), the original 100 px (200×100)',
    });
    expect(checkLogoSize(route(page({ logo: logo(60) }), original))?.ok).toBe(true);
    expect(checkLogoSize(route(page({ logo: logo(28) }), page({ logo: logo(40) })))?.ok).toBe(
      false,
    );
    expect(checkLogoSize(route(page({ logo: logo(20) }), page({ logo: logo(24) })))?.ok).toBe(true);
    expect(checkLogoSize(route(page(), original))).toMatchObject({
      ok: false,
      found: 'no logo in the header',
    });
    expect(checkLogoSize(route(page({ logo: logo(41) }), page()))).toBeUndefined();
  });

  it('compares no height with a logo that did not load in the original', () => {
    const broken = picture('/images/logo.png', {
      box: { x: 20, y: 10, width: 170, height: 29 },
      broken: true,
    });
    expect(checkLogoSize(route(page(), page({ logo: broken })))).toBeUndefined();
  });

  it('fails overlay and hidden-state words shown as content', () => {
    const original = page({
      marked: [
        { kind: 'overlay', text: 'We use cookies to improve your visit. Accept' },
        { kind: 'hidden', text: 'Contact form submitted!' },
      ],
    });
    const shown = page({
      blocks: [block('We use cookies to improve your visit.'), block('Contact form submitted!')],
    });
    const failed = checkHiddenTextShown([route(shown, original)]);
    expect(failed).toMatchObject({ check: 'hidden_text_shown', ok: false });
    expect(failed?.found).toContain('overlay "We use cookies');
    expect(failed?.found).toContain('hidden "Contact form submitted!"');
    const clean = page({ blocks: [block('Fresh bread every morning since 1952.')] });
    expect(checkHiddenTextShown([route(clean, original)])?.ok).toBe(true);
    expect(checkHiddenTextShown([route(shown)])).toBeUndefined();
    expect(checkHiddenTextShown([route(shown, page())])?.ok).toBe(true);
  });

  it('fails language links in the header menu, not in a language switcher of their own', () => {
    expect(isLanguageLabel('Deutsch')).toBe(true);
    expect(isLanguageLabel('Home en')).toBe(true);
    expect(isLanguageLabel('Bread')).toBe(false);
    const languages = header({
      controls: [control('Home en', { place: 'header' }), control('Home de', { place: 'header' })],
    });
    expect(checkLanguageMenu(route(page({ header: languages })))).toMatchObject({
      check: 'language_menu',
      ok: false,
      found: '2 language links in the header’s menu: Home en, Home de',
    });
    const flags = header({
      pictures: [
        picture('/flag-en.png', { alt: 'English', href: `${SITE}/en/` }),
        picture('/flag-fr.png', { alt: 'Français', href: `${SITE}/fr/` }),
      ],
    });
    expect(checkLanguageMenu(route(page({ header: flags })))?.ok).toBe(false);
    const switcher = header({
      controls: ['English', 'Deutsch'].map((label) =>
        control(label, { place: 'header', group: 'Language' }),
      ),
    });
    expect(checkLanguageMenu(route(page({ header: switcher })))?.ok).toBe(true);
    // A switcher is a group of language links only, whatever its label's language says.
    const sprache = header({
      controls: [
        ...['EN', 'DE'].map((label) => control(label, { place: 'header', group: 'Sprache' })),
        ...['Brot', 'Kontakt'].map((label) => control(label, { place: 'header', group: 'Menü' })),
      ],
    });
    expect(checkLanguageMenu(route(page({ header: sprache })))?.ok).toBe(true);
    const mixed = header({
      controls: ['Brot', 'EN', 'DE'].map((label) =>
        control(label, { place: 'header', group: 'Menü' }),
      ),
    });
    expect(checkLanguageMenu(route(page({ header: mixed })))?.ok).toBe(false);
  });

  it('fails hover-only marks shown where the original did not show them', () => {
    const marks = page({ blocks: [block('Opening hours ¶'), block('¶')] });
    const failed = checkHoverMarks([route(marks, page({ blocks: [block('Opening hours')] }))]);
    expect(failed).toMatchObject({ check: 'hover_marks', ok: false });
    expect(failed?.found).toContain('2 shown (original 0)');
    expect(checkHoverMarks([route(page({ blocks: [block('Opening hours')] }))])?.ok).toBe(true);
    expect(checkHoverMarks([route(page({ blocks: [block('Tickets #1 to #3')] }))])?.ok).toBe(true);
  });

  it('fails a first screen without the original’s hero picture or headline', () => {
    const identity: SiteIdentity = {
      ...IDENTITY,
      hero: {
        pageUrl: SITE,
        layout: 'full-bleed',
        image: { src: `${SITE}/hero.jpg`, alt: '', asset: `${SITE}/hero.jpg` },
        headline: 'Baked by the sea',
      },
    };
    const hero = picture('/images/hero.webp', { box: { x: 0, y: 80, width: 1440, height: 600 } });
    const good = page({
      firstScreenPictures: [hero],
      blocks: [block('Baked by the sea', { box: { x: 100, y: 300, width: 500, height: 60 } })],
    });
    expect(checkFirstScreen(identity, route(good))?.ok).toBe(true);
    const noHeadline = page({
      firstScreenPictures: [hero],
      blocks: [block('Baked by the sea', { box: { x: 100, y: 1300, width: 500, height: 60 } })],
    });
    expect(checkFirstScreen(identity, route(noHeadline))).toMatchObject({
      check: 'first_screen',
      ok: false,
    });
    expect(checkFirstScreen(identity, route(noHeadline))?.found).toContain('missing: the headline');
    const noPicture = page({ blocks: good.blocks });
    expect(checkFirstScreen(identity, route(noPicture))?.found).toContain(
      'missing: the hero picture',
    );
    expect(checkFirstScreen(IDENTITY, route(good))).toBeUndefined();
    // A hero picture beside the words (12 % of the original's first screen) needs half of that.
    const beside = (height: number) =>
      page({
        firstScreenPictures: [
          picture('/images/hero.webp', { box: { x: 700, y: 100, width: 600, height } }),
        ],
        blocks: good.blocks,
      });
    expect(checkFirstScreen(identity, route(beside(150), beside(260)))?.ok).toBe(true);
    expect(checkFirstScreen(identity, route(beside(40), beside(260)))?.ok).toBe(false);
    // A picture fetch could not download showed in the original as its colour alone.
    const { asset: _asset, ...lost } = identity.hero!.image!;
    const unloaded: SiteIdentity = { ...identity, hero: { ...identity.hero!, image: lost } };
    expect(checkFirstScreen(unloaded, route(noPicture))).toMatchObject({
      ok: true,
      found: 'headline "Baked by the sea" shown',
    });
  });

  it('fails body text over a picture under 4.5:1', () => {
    const body = 'Our ovens are lit at four every morning, seven days a week.';
    const low: NeverWorseRoute = {
      ...route(page()),
      textOverPictures: [{ text: body, contrast: 2.1 }],
    };
    expect(checkTextOverPicture([low])).toMatchObject({ check: 'text_over_picture', ok: false });
    const readable = { ...low, textOverPictures: [{ text: body, contrast: 7.3 }] };
    expect(checkTextOverPicture([readable])?.ok).toBe(true);
    // A short headline is large text, not body text.
    const headline = { ...low, textOverPictures: [{ text: 'Welcome', contrast: 3.2 }] };
    expect(checkTextOverPicture([headline])?.ok).toBe(true);
  });

  it('fails a 1440 px layout leaving over 40 % of the width empty where the original used it', () => {
    const wide = page({
      blocks: [
        block('Left column', { box: { x: 60, y: 200, width: 640, height: 300 }, area: 192_000 }),
        block('Right column', { box: { x: 740, y: 200, width: 640, height: 300 }, area: 192_000 }),
      ],
    });
    const narrow = page({
      blocks: [
        block('One column', { box: { x: 400, y: 200, width: 640, height: 600 }, area: 384_000 }),
      ],
    });
    expect(toUsedWidth(wide)).toBeCloseTo(1280 / 1440);
    expect(checkWidthUsed([route(narrow, wide)])).toMatchObject({
      check: 'width_used',
      ok: false,
      found: '/: 56 % of 1440 px empty, the original 11 %',
    });
    expect(checkWidthUsed([route(wide, wide)])?.ok).toBe(true);
    expect(checkWidthUsed([route(narrow, narrow)])?.ok).toBe(true);
  });

  it('passes a rebuild past 40 % empty by a page margin where its original was just under', () => {
    // A 1998 page: its intro line from the window's edge to 691 px, a table of captions to 928
    // px (36 % empty). The rebuild: the line inside 32 px margins, the captions one centred
    // column (41 % empty): the same layout, the edges moved by a margin and a line's length.
    const original = page({
      blocks: [
        block('Here are screenshots of my programs.', {
          box: { x: 0, y: 100, width: 691, height: 16 },
          area: 691 * 16,
        }),
        block('Maze game', { box: { x: 731, y: 140, width: 197, height: 20 }, area: 197 * 20 }),
      ],
    });
    const rebuilt = page({
      blocks: [
        block('Here are screenshots of my programs.', {
          box: { x: 32, y: 100, width: 851, height: 24 },
          area: 851 * 24,
        }),
      ],
    });
    expect(checkWidthUsed([route(rebuilt, original)])?.ok).toBe(true);
    // A column 150 px narrower than that is a narrower layout.
    const narrower = page({
      blocks: [
        block('Here are screenshots of my programs.', {
          box: { x: 32, y: 100, width: 700, height: 24 },
          area: 700 * 24,
        }),
      ],
    });
    expect(checkWidthUsed([route(narrower, original)])?.ok).toBe(false);
  });

  it('counts words, not boxes: paragraphs across the whole screen used no more than a readable line', () => {
    // A 1998 page: a short centred heading in a full-width box, paragraphs of 1424 px lines.
    const runOn = page({
      blocks: [
        block('Welcome', { box: { x: 8, y: 100, width: 1424, height: 40 }, area: 12_000 }),
        block('Long lines', { box: { x: 8, y: 160, width: 1424, height: 120 }, area: 170_880 }),
      ],
    });
    expect(toUsedWidth(runOn)).toBeCloseTo(800 / 1440);
    const column = page({
      blocks: [
        block('Welcome', { box: { x: 360, y: 100, width: 720, height: 40 }, area: 8_000 }),
        block('Long lines', { box: { x: 360, y: 160, width: 720, height: 240 }, area: 172_800 }),
      ],
    });
    expect(checkWidthUsed([route(column, runOn)])?.ok).toBe(true);
  });

  it('counts pictures centred over and under run-on lines inside their readable line', () => {
    // A 1998 page: a logo centred over lines across the whole screen, a banner centred under them.
    const centredOver = (beside: TextBlock[] = []) =>
      page({
        blocks: [
          block('Long lines', { box: { x: 0, y: 160, width: 1440, height: 80 }, area: 115_000 }),
          ...beside,
        ],
        pictures: [
          picture('logo.gif', { box: { x: 560, y: 20, width: 320, height: 120 } }),
          picture('banner.gif', { box: { x: 514, y: 300, width: 411, height: 10 } }),
        ],
      });
    expect(toUsedWidth(centredOver())).toBeCloseTo(800 / 1440);
    // The rebuild: the same in a 736 px column, flush left in a centred wrap.
    const column = page({
      blocks: [
        block('Long lines', { box: { x: 176, y: 300, width: 736, height: 150 }, area: 110_000 }),
      ],
      pictures: [picture('logo.gif', { box: { x: 176, y: 160, width: 320, height: 120 } })],
    });
    expect(checkWidthUsed([route(column, centredOver())])?.ok).toBe(true);
    // Columns side by side under the lines are columns, not lines of the page's one column.
    const twoColumns = centredOver([
      block('Left', { box: { x: 40, y: 400, width: 600, height: 300 }, area: 180_000 }),
      block('Right', { box: { x: 800, y: 400, width: 600, height: 300 }, area: 180_000 }),
    ]);
    expect(toUsedWidth(twoColumns)).toBeCloseTo(1400 / 1440);
    expect(checkWidthUsed([route(column, twoColumns)])?.ok).toBe(false);
  });

  it('counts a wrapped paragraph as its column, no picture that did not load, and the rebuild’s long lines whole', () => {
    // A sidebar of short links beside a paragraph wrapped in its column (its last line short).
    const sidebar = (x: number, column: number) =>
      page({
        blocks: [
          ...['Home', 'About', 'Services'].map((label, index) =>
            block(label, { box: { x, y: 200 + index * 40, width: 60, height: 20 }, area: 1_200 }),
          ),
          block('Lorem ipsum', {
            box: { x: x + 300, y: 200, width: column, height: 60 },
            area: column * 20 * 2.3,
          }),
        ],
      });
    expect(toUsedWidth(sidebar(150, 800))).toBeCloseTo(860 / 1440);
    expect(checkWidthUsed([route(sidebar(180, 720), sidebar(150, 840))])?.ok).toBe(true);
    // The original's blank boxes of pictures that did not load used nothing.
    const blank = picture('/p.png', {
      box: { x: 150, y: 200, width: 700, height: 300 },
      broken: true,
    });
    const beside = page({
      blocks: [
        block('One Column Portfolio', {
          box: { x: 150, y: 100, width: 433, height: 40 },
          area: 17_320,
        }),
        block('Project', { box: { x: 880, y: 200, width: 450, height: 80 }, area: 36_000 }),
      ],
      pictures: [blank],
    });
    expect(toUsedWidth(beside)).toBeCloseTo(883 / 1440);
    // The rebuild's text across 1130 px leaves none of it empty, however long its lines.
    const across = page({
      blocks: [
        block('Project', { box: { x: 150, y: 200, width: 1130, height: 40 }, area: 45_200 }),
      ],
    });
    expect(checkWidthUsed([route(across, beside)])?.ok).toBe(true);
    expect(toUsedWidth(across)).toBeCloseTo(800 / 1440);
  });

  it('fails a broken picture showing its alt text', () => {
    const broken = page({
      pictures: [picture('/images/menu.png', { alt: 'Our menu', broken: true })],
    });
    expect(checkBrokenImageAlt([route(broken)])).toMatchObject({
      check: 'broken_image_alt',
      ok: false,
    });
    const loaded = page({ pictures: [picture('/images/menu.png', { alt: 'Our menu' })] });
    expect(checkBrokenImageAlt([route(loaded)])?.ok).toBe(true);
  });

  it('fails a site named after its host or a control label', () => {
    const host: SiteIdentity = { ...IDENTITY, name: '127.0.0.1', nameSource: 'host' };
    const named = page({
      header: header({ controls: [control('127.0.0.1')] }),
      controls: [control('127.0.0.1')],
    });
    expect(checkSiteName(host, route(named))).toMatchObject({ check: 'site_name', ok: false });
    // An original that names itself nowhere: a rebuild showing no name invents none.
    expect(checkSiteName(host, route(page()))).toMatchObject({
      ok: true,
      found: expect.stringContaining('the original names itself nowhere'),
    });
    const label: SiteIdentity = { ...IDENTITY, name: 'Read more', nameSource: 'title' };
    const original = page({ controls: [control('Read more')] });
    expect(checkSiteName(label, route(page(), original))?.found).toContain('the label of a link');
    expect(checkSiteName(IDENTITY, route(page(), original))?.ok).toBe(true);
  });

  it('lists only the checks whose input there is', () => {
    const checks = checkNeverWorse(undefined, [
      { route: '/', rebuilt: { ...page(), identity: undefined } },
    ]);
    expect(checks).toEqual([
      expect.objectContaining({ check: 'hover_marks', ok: true, found: 'none on 1 page' }),
    ]);
  });
});

describe('stricter identity checks', () => {
  it('fails a logo check on a logo shrunk to under half the original’s height', () => {
    const logo = (height: number) =>
      picture('/images/logo.png', { box: { x: 20, y: 10, width: 170, height } });
    const identity: SiteIdentity = {
      ...IDENTITY,
      logo: { src: `${SITE}/logo.png`, alt: '' },
    };
    const rebuilt = page({ header: header({ pictures: [logo(41)] }), logo: logo(41) });
    const check = checkIdentity(identity, rebuilt, page({ logo: logo(170) })).find(
      (item) => item.check === 'logo',
    );
    expect(check).toMatchObject({ ok: false, found: expect.stringContaining('41 px high') });
  });

  it('leaves out the logo check where the original’s logo did not load and was not downloaded', () => {
    const box = { x: 20, y: 10, width: 170, height: 29 };
    const logo = { src: `${SITE}/logo.png`, alt: 'Sense', kind: 'img' as const };
    const original = page({ logo: picture('/logo.png', { box, broken: true }) });
    const logoCheck = (identity: SiteIdentity, before: LayoutSnapshot) =>
      checkIdentity(identity, page(), before).find((item) => item.check === 'logo');
    expect(logoCheck({ ...IDENTITY, logo }, original)).toBeUndefined();
    // Downloaded, or drawn in the original: a rebuild without it fails.
    expect(logoCheck({ ...IDENTITY, logo: { ...logo, asset: logo.src } }, original)?.ok).toBe(
      false,
    );
    expect(
      logoCheck({ ...IDENTITY, logo }, page({ logo: picture('/logo.png', { box }) }))?.ok,
    ).toBe(false);
  });

  it("asks of a hero picture half the original's share where that was under 15 %", () => {
    const identity: SiteIdentity = {
      ...IDENTITY,
      hero: {
        pageUrl: SITE,
        layout: 'contained',
        image: { src: `${SITE}/mark.png`, alt: '', asset: `${SITE}/mark.png` },
      },
    };
    // A 160 px logo mark over a hero of words: 2 % of the original's first screen.
    const mark = (size: number) =>
      page({
        firstScreenPictures: [
          picture('/images/mark.webp', { box: { x: 640, y: 100, width: size, height: size } }),
        ],
      });
    const hero = (rebuilt: LayoutSnapshot) =>
      checkIdentity(identity, rebuilt, mark(160)).find((item) => item.check === 'hero_image');
    expect(hero(mark(120))?.ok).toBe(true);
    expect(hero(mark(60))?.ok).toBe(false);
  });

  it('fails a site name taken from the host', () => {
    const identity: SiteIdentity = { ...IDENTITY, name: 'site.test', nameSource: 'host' };
    const shown = page({
      blocks: [block('site.test', { box: { x: 20, y: 10, width: 90, height: 24 } })],
    });
    const check = checkIdentity(identity, shown).find((item) => item.check === 'site_name');
    expect(check?.ok).toBe(false);
    // Only a screen reader hears it (a 1 px clipped home link): the rebuild shows no name.
    const quiet = page({
      blocks: [block('site.test', { box: { x: 0, y: 0, width: 1, height: 1 } })],
    });
    expect(checkIdentity(identity, quiet).find((item) => item.check === 'site_name')?.ok).toBe(
      true,
    );
  });
});
