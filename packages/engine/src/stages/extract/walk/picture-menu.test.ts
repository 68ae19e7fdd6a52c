import { describe, expect, it } from 'vitest';
import { plainText, toFlatBlocks } from '../../../model';
import type { RawAsset } from '../../../types';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

const PAGE = 'http://old.example/index.html';

function button(name: string, height = 30): RawAsset {
  return {
    url: new URL(`img/${name}.gif`, PAGE).href,
    contentType: 'image/gif',
    body: Uint8Array.from([name.length, 1, 2]),
    width: 140,
    height,
  };
}

const ASSETS = ['home', 'about', 'shop', 'contact'].map((name) => button(name));

/** The picture buttons of an old site's left column, one under the other. */
const PICTURE_COLUMN = `<table><tr><td width="150">
  <a href="index.html"><img src="img/home.gif" alt="Home"></a><br>
  <a href="about.html"><img src="img/about.gif" alt="About us"></a><br>
  <a href="shop.html"><img src="img/shop.gif" alt="Our shop"></a><br>
  <a href="contact.html"><img src="img/contact.gif" alt="Contact"></a>
</td><td><h1>Welcome</h1><p>Hand-made shoes since 1962, from our workshop in the old town.</p></td></tr></table>`;

function pageOf(body: string, assets: RawAsset[] = ASSETS) {
  const html = `<!doctype html><html lang="en"><head><title>Old shop</title></head><body>${body}</body></html>`;
  const raw = toRawSite(html, PAGE);
  raw.assets = assets;
  const page = extractSite(raw).pages[0]!;
  const blocks = toFlatBlocks(page.sections.flatMap((section) => section.blocks));
  return {
    pictures: blocks.flatMap((block) =>
      block.kind === 'image' ? [new URL(block.image.src).pathname] : [],
    ),
    paragraphs: blocks.flatMap((block) =>
      block.kind === 'paragraph' ? [plainText(block.inlines)] : [],
    ),
    navLinks: page.navLinks.map((link) => `${link.label} -> ${new URL(link.href).pathname}`),
    hashes: page.navLinks.map((link) => new URL(link.href).hash),
  };
}

describe('a picture menu that repeats the text menu (issue 23)', () => {
  it('leaves out the column of picture buttons when a nav has the same links as text', () => {
    const page = pageOf(
      `<nav><a href="index.html">Home</a> <a href="about.html">About</a> <a href="shop.html">Shop</a> <a href="contact.html">Contact</a></nav>${PICTURE_COLUMN}`,
    );
    expect(page.pictures).toEqual([]);
    expect(page.navLinks).toEqual([
      'Home -> /index.html',
      'About -> /about.html',
      'Shop -> /shop.html',
      'Contact -> /contact.html',
    ]);
  });

  it('leaves out the hover-swap buttons when a footer repeats them as text links', () => {
    const page = pageOf(
      `<div><a href="index.html" onmouseover="this.firstChild.src='img/home_on.gif'"><img src="img/home.gif" alt="Home"></a><a href="about.html" onmouseover="this.firstChild.src='img/about_on.gif'"><img src="img/about.gif" alt="About us"></a><a href="shop.html"><img src="img/shop.gif" alt="Our shop"></a></div>
      <h1>Welcome</h1><p>Hand-made shoes since 1962, from our workshop in the old town.</p>
      <p><a href="index.html">Home</a> | <a href="about.html">About us</a> | <a href="shop.html">Shop</a></p>`,
    );
    expect(page.pictures).toEqual([]);
    expect(page.paragraphs).toContain('Home | About us | Shop');
  });

  it('keeps the text links of a nav and drops its picture links to the same pages', () => {
    const page = pageOf(
      `<nav><a href="index.html"><img src="img/home.gif" alt="Home page"></a> <a href="index.html">Home</a> <a href="shop.html"><img src="img/shop.gif" alt="Our shop"></a></nav><h1>Welcome</h1><p>Hand-made shoes since 1962.</p>`,
    );
    expect(page.navLinks).toEqual(['Home -> /index.html', 'Our shop -> /shop.html']);
  });

  it('names a nav of pictures by their alt text', () => {
    const page = pageOf(
      `<ul id="nav"><li><a href="index.html"><img src="img/home.gif" alt="Home"></a></li><li><a href="about.html"><img src="img/about.gif" alt="About us"></a></li></ul><h1>Welcome</h1><p>Hand-made shoes since 1962.</p>`,
    );
    expect(page.navLinks).toEqual(['Home -> /index.html', 'About us -> /about.html']);
    expect(page.pictures).toEqual([]);
  });

  it('makes a column of picture buttons the menu when the page has no text menu', () => {
    const page = pageOf(PICTURE_COLUMN);
    expect(page.pictures).toEqual([]);
    expect(page.navLinks).toEqual([
      'Home -> /index.html',
      'About us -> /about.html',
      'Our shop -> /shop.html',
      'Contact -> /contact.html',
    ]);
  });

  it("makes a one-page site's row of picture buttons to its sections the menu", () => {
    const page = pageOf(
      `<div><a href="index.html#intro"><img src="img/home.gif" alt="The event"></a><a href="index.html#program"><img src="img/about.gif" alt="Program"></a><a href="#sessions"><img src="img/shop.gif" alt="Sessions"></a><a href="index.html#sponsors"><img src="img/contact.gif" alt="Sponsors"></a></div>
      <h2 id="intro">The event</h2><p>A day of talks about the cloud, in Tokyo.</p>
      <h2 id="program">Program</h2><p>Keynote at ten, sessions after lunch.</p>
      <h2 id="sessions">Sessions</h2><p>Three tracks all afternoon.</p>
      <h2 id="sponsors">Sponsors</h2><p>Thanks to everyone who made it possible.</p>`,
    );
    expect(page.pictures).toEqual([]);
    expect(page.navLinks).toEqual([
      'The event -> /index.html',
      'Program -> /index.html',
      'Sessions -> /index.html',
      'Sponsors -> /index.html',
    ]);
    expect(page.hashes).toEqual(['#intro', '#program', '#sessions', '#sponsors']);
  });

  it('keeps linked photos of products, which are no menu', () => {
    const photos = ['boot', 'sandal', 'clog'].map((name) => button(name, 300));
    const page = pageOf(
      `<nav><a href="index.html">Home</a> <a href="shop.html">Shop</a></nav><h1>New in</h1><p><a href="boot.html"><img src="img/boot.gif" alt="Boot"></a><a href="sandal.html"><img src="img/sandal.gif" alt="Sandal"></a><a href="clog.html"><img src="img/clog.gif" alt="Clog"></a></p>`,
      photos,
    );
    expect(page.pictures).toEqual(['/img/boot.gif', '/img/sandal.gif', '/img/clog.gif']);
    expect(page.navLinks).toEqual(['Home -> /index.html', 'Shop -> /shop.html']);
  });

  it('keeps tall linked photos when the page has no text menu', () => {
    const photos = ['boot', 'sandal', 'clog'].map((name) => button(name, 300));
    const page = pageOf(
      `<h1>New in</h1><p><a href="boot.html"><img src="img/boot.gif" alt="Boot"></a><a href="sandal.html"><img src="img/sandal.gif" alt="Sandal"></a><a href="clog.html"><img src="img/clog.gif" alt="Clog"></a></p>`,
      photos,
    );
    expect(page.pictures).toHaveLength(3);
    expect(page.navLinks).toEqual([]);
  });
});
