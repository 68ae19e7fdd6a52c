import { describe, expect, it } from 'vitest';
import { siteModelSchema } from '../contract/site-model';
import { extractSite } from '../stages/extract/extract-site';
import { toRawPage } from '../stages/generate/testing/load-fixture';
import type { RawSite } from '../types';
import { applyLabels, findUnsure, type UnderstandAnswer } from './understand';

const ORIGIN = 'http://shop.example';

function site(nav: string, top = ''): RawSite {
  const html = `<!doctype html><html lang="en"><head><title>Corner Shop</title></head><body>
    ${top}<nav><ul>${nav}</ul></nav>
    <main><h1>Corner Shop</h1><p>Fresh fruit and vegetables from the farms around the town.</p>
    <p><a href="/"><img src="partner.png" alt=""></a></p></main>
    </body></html>`;
  const about = `<!doctype html><html lang="en"><head><title>About</title></head><body>
    <main><h1>About</h1><p>We opened the shop in 1990 and still run it ourselves.</p></main></body></html>`;
  return {
    startUrl: `${ORIGIN}/`,
    finalUrl: `${ORIGIN}/`,
    notRead: [],
    pages: [
      toRawPage(`${ORIGIN}/`, html, 0),
      toRawPage(`${ORIGIN}/about.html`, about, 1),
      toRawPage(`${ORIGIN}/contact.html`, about.replace(/About/g, 'Contact'), 1),
    ],
    stylesheets: [],
    assets: [
      { url: `${ORIGIN}/btn-about.png`, contentType: 'image/png', body: new Uint8Array([1]) },
      { url: `${ORIGIN}/home.png`, contentType: 'image/png', body: new Uint8Array([2]) },
    ],
    diagnostics: [],
  };
}

const NAV = [
  '<li><a href="/">Home</a></li>',
  '<li><a href="about.html"><img src="btn-about.png" alt=""></a></li>',
  '<li><a href="contact.html"><img src="btn_contact.gif" alt="btn_contact.gif"></a></li>',
  '<li><a href="/news.html"><img src="news.png" alt="Latest news"></a></li>',
  '<li><a href="/" data-sitelift-brand><img src="logo.png" alt=""></a></li>',
].join('');

/** The menu without the brand: the rules find no logo. */
const NAV_NO_BRAND = NAV.replace(/<li><a href="\/" data-sitelift-brand>.*?<\/li>/, '');

function setUp(nav = NAV, top = '') {
  const raw = site(nav, top);
  const model = extractSite(raw);
  const elements = findUnsure(raw.pages[0]!.html, raw.pages[0]!.url, {
    logoFound: model.identity.logo !== undefined,
  });
  return { raw, model, elements };
}

describe('findUnsure', () => {
  it('lists the menu picture links without words (empty alt, file name), not the brand', () => {
    const { elements } = setUp();
    expect(elements).toEqual([
      expect.objectContaining({
        id: 'e1',
        href: `${ORIGIN}/about.html`,
        picture: `${ORIGIN}/btn-about.png`,
        rulesHave: '',
        selector: 'body > nav > ul > li:nth-of-type(2) > a',
        before: ['Home'],
      }),
      expect.objectContaining({
        id: 'e2',
        href: `${ORIGIN}/contact.html`,
        rulesHave: 'btn_contact.gif',
      }),
    ]);
  });

  it('finds nothing on a menu of words', () => {
    expect(
      setUp('<li><a href="/">Home</a></li><li><a href="about.html">About</a></li>').elements,
    ).toEqual([]);
  });
});

describe('findUnsure without a logo', () => {
  it('lists the pictures linking home outside the menu, after the menu items', () => {
    // A link to a part of the start page (`#news`) is no home link; a partner's picture linking
    // home below the menu (in the fixture's main) is no logo.
    const top =
      '<div><a href="#news"><img src="arrow.png" alt=""></a><a href="index.html"><img src="home.png" alt=""></a></div>';
    const { model, elements } = setUp(NAV_NO_BRAND, top);
    expect(model.identity.logo).toBeUndefined();
    expect(elements.map((element) => [element.id, element.kind, element.selector])).toEqual([
      ['e1', 'picture-link', 'body > nav > ul > li:nth-of-type(2) > a'],
      ['e2', 'picture-link', 'body > nav > ul > li:nth-of-type(3) > a'],
      ['e3', 'home-picture', 'body > div > a:nth-of-type(2)'],
    ]);
  });
});

describe('applyLabels', () => {
  it('puts the words read on a picture button into the menu where the link stands', () => {
    const { model, elements } = setUp();
    expect(model.identity.menu?.map((item) => item.label)).toEqual(['Home', 'Latest news']);
    const answer: UnderstandAnswer = {
      labels: [
        { id: 'e2', label: 'menu', words: 'Contact us' },
        { id: 'e1', label: 'menu', words: '  Our  story ' },
      ],
    };
    const applied = applyLabels(model, elements, answer, '/');
    expect(applied.model.identity.menu?.map((item) => [item.label, item.href])).toEqual([
      ['Home', `${ORIGIN}/`],
      ['Our story', `${ORIGIN}/about.html`],
      ['Contact us', `${ORIGIN}/contact.html`],
      ['Latest news', `${ORIGIN}/news.html`],
    ]);
    // The rules' link named by its file name takes the words.
    expect(applied.model.navigation.map((link) => link.label)).toContain('Contact us');
    expect(applied.model.navigation.map((link) => link.label)).not.toContain('btn_contact.gif');
    expect(applied.labels).toEqual([
      {
        route: '/',
        selector: 'body > nav > ul > li:nth-of-type(2) > a',
        label: 'menu: Our story',
        taken: true,
      },
      {
        route: '/',
        selector: 'body > nav > ul > li:nth-of-type(3) > a',
        label: 'menu: Contact us',
        taken: true,
      },
    ]);
    expect(applied.written).toEqual([
      { route: '/', field: 'alt', target: `${ORIGIN}/btn-about.png`, text: 'Our story' },
      { route: '/', field: 'alt', target: `${ORIGIN}/btn_contact.gif`, text: 'Contact us' },
    ]);
    // The model given is not changed.
    expect(model.identity.menu?.map((item) => item.label)).toEqual(['Home', 'Latest news']);
    // Saved with extract.json and read back on resume: the labels pass the stage's schema.
    const saved = siteModelSchema.safeParse({
      ...applied.model,
      aiUnderstood: { labels: applied.labels, written: applied.written },
    });
    expect(saved.success).toBe(true);
    expect(saved.data?.aiUnderstood?.labels).toHaveLength(2);
  });

  it('does not take a label naming an id not in the list, nor one named twice', () => {
    const { model, elements } = setUp();
    const applied = applyLabels(
      model,
      elements,
      {
        labels: [
          { id: 'e7', label: 'menu', words: 'Prices' },
          { id: 'e1', label: 'decorative', words: '' },
          { id: 'e1', label: 'menu', words: 'About' },
        ],
      },
      '/',
    );
    expect(applied.labels).toEqual([
      {
        route: '/',
        selector: 'body > nav > ul > li:nth-of-type(2) > a',
        label: 'decorative',
        taken: true,
      },
      { route: '/', selector: 'e1', label: 'menu', taken: false },
      { route: '/', selector: 'e7', label: 'menu', taken: false },
    ]);
    expect(applied.model.identity.menu?.map((item) => item.label)).toEqual(['Home', 'Latest news']);
    expect(applied.written).toEqual([]);
  });

  it('does not take words with markup or an address, or too many, with a note', () => {
    const { model, elements } = setUp();
    const applied = applyLabels(
      model,
      elements,
      {
        labels: [
          { id: 'e1', label: 'menu', words: '<b>About</b>' },
          {
            id: 'e2',
            label: 'menu',
            words: 'Write to us at www.shop-mail.example any day of the week',
          },
        ],
      },
      '/',
    );
    expect(applied.labels.map((label) => [label.label, label.taken])).toEqual([
      ['menu', false],
      ['menu', false],
    ]);
    expect(applied.notes).toHaveLength(2);
    expect(applied.model.identity.menu?.map((item) => item.label)).toEqual(['Home', 'Latest news']);
  });

  it('takes a logo only for a picture linking home when the rules found none', () => {
    const nav =
      '<li><a href="/"><img src="home.png" alt=""></a></li><li><a href="about.html"><img src="btn-about.png" alt=""></a></li>';
    const { model, elements } = setUp(nav);
    expect(model.identity.logo).toBeUndefined();
    const applied = applyLabels(
      model,
      elements,
      {
        labels: [
          { id: 'e1', label: 'logo', words: '' },
          // The DOM contradicts it: this link leads to another page.
          { id: 'e2', label: 'logo', words: '' },
        ],
      },
      '/',
    );
    expect(applied.labels.map((label) => label.taken)).toEqual([true, false]);
    expect(applied.model.identity.logo).toMatchObject({
      kind: 'img',
      src: `${ORIGIN}/home.png`,
      asset: `${ORIGIN}/home.png`,
    });
    // With a logo found by the rules, the model's is not taken.
    const withLogo = { ...model, identity: { ...model.identity, logo: { src: 'x', alt: '' } } };
    const again = applyLabels(
      withLogo,
      elements,
      { labels: [{ id: 'e1', label: 'logo', words: '' }] },
      '/',
    );
    expect(again.labels[0]?.taken).toBe(false);
    expect(again.model.identity.logo?.src).toBe('x');
  });

  it('takes a home picture outside the menu as the logo, never as a menu item', () => {
    const top = '<div><a href="/"><img src="home.png" alt=""></a></div>';
    const { model, elements } = setUp(NAV_NO_BRAND, top);
    expect(elements[2]?.kind).toBe('home-picture');
    const logo = applyLabels(
      model,
      elements,
      { labels: [{ id: 'e3', label: 'logo', words: '' }] },
      '/',
    );
    expect(logo.labels).toEqual([
      { route: '/', selector: 'body > div > a', label: 'logo', taken: true },
    ]);
    expect(logo.model.identity.logo?.src).toBe(`${ORIGIN}/home.png`);
    const menu = applyLabels(
      model,
      elements,
      { labels: [{ id: 'e3', label: 'menu', words: 'Home' }] },
      '/',
    );
    expect(menu.labels).toEqual([
      { route: '/', selector: 'body > div > a', label: 'menu', taken: false },
    ]);
    expect(menu.model.identity.menu?.map((item) => item.label)).toEqual(['Home', 'Latest news']);
    expect(menu.written).toEqual([]);
  });
});
