import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import type { RawSite } from '../../types';
import { extractSite } from '../extract/extract-site';
import {
  failOnConsoleOutput,
  fetchRendered,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const chromePath = await findChromePath();
if (!chromePath) {
  console.info('Skipping the identity probe tests: no Chromium found (set CHROME_PATH).');
}

/** A script makes fetch render the page in Chromium (pages without one are read as served). */
const SCRIPT = '<script>window.ready = true;</script>';

const HOME = `<!doctype html><html lang="en"><head><title>Home | Acme Studio</title><style>
  @font-face { font-family: "Fixture Sans"; src: url(/fixture-sans.woff2) format("woff2"); }
  body { margin: 0; background: #fafafa; color: #222222; font-family: "Fixture Sans", serif; }
  h1, h2, h3 { font-family: Georgia, serif; color: #1d3557; }
  .navbar { background: #1d3557; color: #ffffff; height: 60px; display: flex; }
  .navbar a { color: #ffffff; padding: 0 8px; }
  .navbar ul { display: flex; list-style: none; margin: 0; }
  .dropdown-menu { display: none; }
  .hero { height: 500px; background: linear-gradient(rgba(0, 0, 0, 0.5), rgba(0, 0, 0, 0.5)), url(/hero.png) center / cover no-repeat; }
  .btn { display: inline-block; padding: 12px 24px; background: #e63946; color: #ffffff; border: 1px solid #e63946; }
  .tags span { display: block; height: 200px; background: #2a9d8f; }
  .row { display: flex; }
  .card { width: 300px; }
  .card img { width: 300px; height: 200px; }
  article a { color: #0057b8; }
  footer { background: #264653; color: #e9c46a; padding: 20px; }
</style></head><body>
  <nav class="navbar">
    <a class="navbar-brand" href="/"><img src="/logo.png" alt="Acme Studio" width="120" height="40"></a>
    <ul class="nav">
      <li><a href="/about.html">About</a></li>
      <li class="dropdown"><a href="#" class="dropdown-toggle">More ▾</a>
        <ul class="dropdown-menu"><li><a href="/dark.html">Dark page</a></li><li><a href="/svg.html">Svg page</a></li></ul>
      </li>
    </ul>
  </nav>
  <section class="hero"><h1>Build better sites</h1><p>Since 1999</p><a class="btn" href="/start.html">Get started</a></section>
  <div class="tags"><span>One</span><span>Two</span><span>Three</span></div>
  <div class="row">
    <div class="card"><img src="/card.png" alt=""><h3>First</h3></div>
    <div class="card"><img src="/card.png" alt=""><h3>Second</h3></div>
    <div class="card"><img src="/card.png" alt=""><h3>Third</h3></div>
  </div>
  <article><p>Plain words with <a href="/more.html">a content link</a>.</p></article>
  <footer><p>Acme Studio, since 1999 · <a href="/splash.html">Bistro</a> · <a href="/cover.html">Club</a> · <a href="/pills.html">Lab</a> · <a href="/plate.html">Sushi</a> · <a href="/bar.html">Tools</a> · <a href="/popup.html">Gallery</a></p></footer>
  ${SCRIPT}
</body></html>`;

const DARK = `<!doctype html><html><head><title></title><style>
  body { margin: 0; background: url(/texture.png); color: #999999; font-family: Tahoma, sans-serif; }
  .spinner { position: fixed; inset: 0; z-index: 9999; background: #ffffff url(/loader.gif) 50% 50% no-repeat; }
  .logo { display: block; width: 200px; height: 100px; text-indent: 100%; overflow: hidden; background: url(/logo-bg.png) no-repeat; }
</style></head><body>
  <div class="spinner"></div>
  <header><h1><a class="logo" href="/"></a></h1></header>
  <a class="enter" href="/menu.html"><h2>Lets begin</h2></a>
  <p>Dark words on a dark page.</p>
  ${SCRIPT}
</body></html>`;

const SVG_LOGO = `<!doctype html><html><head><title>Svg</title></head><body>
  <header><a class="navbar-brand" href="/"><svg width="80" height="30" viewBox="0 0 80 30"><title>Svg Co</title><rect width="80" height="30" fill="#e63946"/></svg></a>
  <nav><a href="/">Home</a> <a href="/about.html">About</a></nav></header>
  <p>A page whose logo is drawn inline.</p>
  ${SCRIPT}
</body></html>`;

/** A one-page site whose first panel is an entry screen: "Lets begin" alone, the dishes hidden beside it. */
const SPLASH = `<!doctype html><html><head><title></title><style>
  body { margin: 0; background: #111111; color: #dddddd; }
  .pages > li { list-style: none; min-height: 400px; }
  .pages > li + li { display: none; }
  .enter { display: inline-block; padding: 16px 32px; background: #222222; color: #ffffff; }
</style></head><body>
  <ul class="pages">
    <li id="page_splash"><div class="in"><a class="enter" href="#!/page_home"><img src="/card.png" alt=""><h2>Lets begin</h2></a></div></li>
    <li id="page_home"><h2>Our dishes</h2><p>Fresh fish every morning, rolled by hand and served with rice from the valley.</p></li>
    <li id="page_contacts"><h2>Contacts</h2><p>Find us by the harbour, open from noon until late every day of the week.</p></li>
  </ul>
  ${SCRIPT}
</body></html>`;

/** A lightbox hidden by its stylesheet that a plain link opens, beside tabs (hidden, targeted, not dialogs). */
const POPUP = `<!doctype html><html><head><title>Gallery</title><style>
  .white-popup { display: none; } .tab-pane { display: none; } .tab-pane.active { display: block; }
</style></head><body>
  <h1>Gallery</h1>
  <p><a class="open-popup" href="#work-1">See the first piece</a></p>
  <div id="work-1" class="white-popup"><h2>First piece</h2><p>Oil on canvas, 1999.</p></div>
  <ul class="nav-tabs"><li><a href="#one" data-toggle="tab">One</a></li><li><a href="#two" data-toggle="tab">Two</a></li></ul>
  <div class="tab-pane active" id="one"><p>Tab one.</p></div><div class="tab-pane" id="two"><p>Tab two.</p></div>
  <ul class="tabs"><li><a href="#t-1">Starters</a></li><li><a href="#t-2">Mains</a></li></ul>
  <div><div id="t-1"><p>Soup.</p></div><div id="t-2" style="display: none"><p>Fish.</p></div></div>
  ${SCRIPT}
</body></html>`;

/** A full-screen layer over the page with one button that lifts it. */
const COVER = `<!doctype html><html><head><title>Club</title><style>
  .gate { position: fixed; inset: 0; z-index: 5000; background: #000000; display: flex; align-items: center; justify-content: center; }
  .gate button { padding: 12px 24px; }
</style></head><body>
  <div class="gate"><button type="button">Enter site</button></div>
  <h1>The club</h1><p>Members meet every Friday.</p>
  ${SCRIPT}
</body></html>`;

/** A menu whose items are faint pills on a navy bar. */
const PILLS = `<!doctype html><html><head><title>Lab</title><style>
  body { margin: 0; background: #0a0a2c; color: #e8e9ea; }
  nav { background: #1e3a5f; display: flex; gap: 8px; padding: 8px; }
  nav a { padding: 6px 12px; border-radius: 20px; color: #e8e9ea; background: rgba(255, 255, 255, 0.05); border: 1px solid rgba(255, 255, 255, 0.1); }
  nav a.active { background: rgba(100, 181, 246, 0.3); border-color: #64b5f6; }
</style></head><body>
  <nav><a class="active" href="/pills.html">About</a><a href="/team.html">Team</a><a href="/work.html">Work</a></nav>
  <h1>The lab</h1><p>We study the stars.</p>
  ${SCRIPT}
</body></html>`;

/** A menu drawn on a red board of its own: a picture, half of it transparent. */
const PLATE = `<!doctype html><html><head><title>Sushi</title><style>
  body { margin: 0; background: #1e1d1b; color: #dddddd; }
  header { background: #1e1d1b; }
  #menu { width: 140px; padding: 8px; background: url(/plate.png) no-repeat; list-style: none; }
  #menu a { color: #ffffff; }
</style></head><body>
  <header><nav class="menu"><ul id="menu"><li><a href="/plate.html">Main</a></li><li><a href="/dishes.html">Dishes</a></li><li><a href="/contact.html">Contact</a></li></ul></nav></header>
  <h1>Sushi</h1><p>Rolled by hand.</p>
  ${SCRIPT}
</body></html>`;

/** No header element: a navy bar with the logo at the top, as table-era sites drew it. */
const BAR = `<!doctype html><html><head><title>Tools</title><style>
  body { margin: 0; background: #ffffff; color: #000000; }
  .logobar { background: #294563; height: 70px; }
  .hero { background: #cfdced; height: 140px; }
</style></head><body>
  <div class="logobar"><a href="/bar.html"><img src="/logo.png" alt="Tools" width="120" height="40"></a></div>
  <div class="hero"><a href="/about.html">About</a></div>
  <h1>Tools</h1><p>A build tool.</p>
  ${SCRIPT}
</body></html>`;

let site: TestServer;
let raw: RawSite;

async function png(width: number, height: number, color: string): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  const image = (body: Uint8Array) => ({ headers: { 'content-type': 'image/png' }, body });
  site = await startTestServer({
    '/': { body: HOME },
    '/dark.html': { body: DARK },
    '/svg.html': { body: SVG_LOGO },
    '/splash.html': { body: SPLASH },
    '/cover.html': { body: COVER },
    '/pills.html': { body: PILLS },
    '/plate.html': { body: PLATE },
    '/bar.html': { body: BAR },
    '/popup.html': { body: POPUP },
    '/plate.png': image(
      await sharp({
        create: {
          width: 140,
          height: 60,
          channels: 4,
          background: { r: 223, g: 7, b: 6, alpha: 1 },
        },
      })
        .extend({ bottom: 60, background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer(),
    ),
    '/logo.png': image(await png(120, 40, '#1d3557')),
    '/hero.png': image(await png(1600, 900, '#457b9d')),
    '/card.png': image(await png(300, 200, '#a8dadc')),
    '/texture.png': image(await png(8, 8, '#1e1d1b')),
    '/logo-bg.png': image(await png(200, 100, '#ffffff')),
  });
  if (chromePath) {
    raw = await fetchRendered(site.origin, 10);
  }
}, 60_000);

afterAll(async () => {
  await site?.close();
});

const pageOf = (path: string) => {
  const page = raw.pages.find((p) => p.url === `${site.origin}${path}`);
  if (!page) throw new Error(`${path} was not read`);
  return page;
};

describe.skipIf(!chromePath)('the identity probe in Chromium', () => {
  it('reads computed colours with their roles, the families in use and the hero', () => {
    const probe = pageOf('/').probe!;
    expect(probe.background.color).toBe('rgb(250, 250, 250)');
    expect(probe.text).toBe('rgb(34, 34, 34)');
    // The button's fill, though the teal blocks cover more of the page.
    expect(probe.buttons[0]).toMatchObject({
      background: 'rgb(230, 57, 70)',
      text: 'rgb(255, 255, 255)',
    });
    expect(probe.accents[0]!.color).not.toBe('rgb(230, 57, 70)');
    expect(probe.links[0]!.color).toBe('rgb(0, 87, 184)');
    expect(probe.header).toMatchObject({
      background: 'rgb(29, 53, 87)',
      text: 'rgb(255, 255, 255)',
    });
    expect(probe.footer).toMatchObject({
      background: 'rgb(38, 70, 83)',
      text: 'rgb(233, 196, 106)',
    });
    expect(probe.fonts.body).toBe('"Fixture Sans", serif');
    expect(probe.fonts.heading).toBe('Georgia, serif');
    expect(probe.hero).toMatchObject({
      image: `${site.origin}/hero.png`,
      isBackground: true,
      isFullBleed: true,
      overlay: 'rgba(0, 0, 0, 0.5)',
      headline: 'Build better sites',
      subline: 'Since 1999',
      cta: { label: 'Get started', href: `${site.origin}/start.html` },
    });
  });

  it('marks the brand, the main menu, links drawn as buttons and columns of repeated items', () => {
    const { html, probe } = pageOf('/');
    expect(probe!.logo).toMatchObject({
      kind: 'img',
      src: `${site.origin}/logo.png`,
      alt: 'Acme Studio',
    });
    expect(html).toMatch(/<a class="navbar-brand" href="\/" data-sitelift-brand="">/);
    expect(html).toMatch(/<nav class="navbar" data-sitelift-menu="">/);
    expect(html).toMatch(/<a class="btn" href="\/start.html" data-sitelift-button="primary">/);
    expect(html).toMatch(/<div class="row" data-sitelift-columns="3">/);
  });

  it('marks a dialog hidden at load and its trigger, not a hidden tab panel (issue 12)', () => {
    const { html } = pageOf('/popup.html');
    expect(html).toMatch(/<a class="open-popup" href="#work-1" data-sitelift-opens="work-1">/);
    expect(html).toMatch(/<div id="work-1" class="white-popup" data-sitelift-dialog="work-1">/);
    expect(html).not.toMatch(/id="two"[^>]*data-sitelift-dialog/);
    // jQuery tabs by plain links: one panel shown, its hidden siblings targeted too.
    expect(html).not.toMatch(/id="t-2"[^>]*data-sitelift-dialog/);
  });

  it('sees a CSS background logo and a page drawn on a dark picture behind a loading cover', () => {
    const probe = pageOf('/dark.html').probe!;
    expect(probe.logo).toMatchObject({
      kind: 'css-background',
      src: `${site.origin}/logo-bg.png`,
      width: 200,
      height: 100,
    });
    expect(probe.brand).toEqual({ text: '', href: `${site.origin}/` });
    // The white loading cover is not the page: the texture is, and fetch measured its colour.
    expect(probe.background).toMatchObject({
      image: `${site.origin}/texture.png`,
      imageColor: 'rgb(30, 29, 27)',
    });
    expect(raw.assets.map((asset) => asset.url)).toContain(`${site.origin}/logo-bg.png`);
  });

  it('reads an inline SVG logo with its title', () => {
    const probe = pageOf('/svg.html').probe!;
    expect(probe.logo).toMatchObject({ kind: 'svg', alt: 'Svg Co', width: 80, height: 30 });
    expect(probe.logo!.svg).toMatch(/^<svg[^>]*>.*<rect/s);
  });

  it('gives extract the identity a visitor sees', () => {
    const model = extractSite(raw);
    expect(model.identity).toMatchObject({
      name: 'Acme Studio',
      nameSource: 'logo',
      scheme: 'light',
      colors: {
        primary: '#e63946',
        onPrimary: '#ffffff',
        background: '#fafafa',
        text: '#222222',
        link: '#0057b8',
        headerBackground: '#1d3557',
        footerBackground: '#264653',
      },
      fonts: { body: 'Fixture Sans', heading: 'Georgia' },
      logo: { kind: 'img', src: `${site.origin}/logo.png`, asset: `${site.origin}/logo.png` },
      hero: { layout: 'full-bleed', headline: 'Build better sites', overlay: 'rgba(0, 0, 0, 0.5)' },
      menu: [
        { label: 'About', href: `${site.origin}/about.html`, children: [] },
        {
          label: 'More',
          children: [
            { label: 'Dark page', href: `${site.origin}/dark.html`, children: [] },
            { label: 'Svg page', href: `${site.origin}/svg.html`, children: [] },
          ],
        },
      ],
    });
    expect(model.identity.hero!.image!.asset).toBe(`${site.origin}/hero.png`);
  });

  it('names a site by its host rather than by its entry button, and keeps its dark theme', () => {
    const dark = pageOf('/dark.html');
    const model = extractSite({ ...raw, startUrl: dark.url, finalUrl: dark.url, pages: [dark] });
    expect(model.identity).toMatchObject({
      name: '127.0.0.1',
      nameSource: 'host',
      scheme: 'dark',
      colors: { background: '#1e1d1b' },
      logo: { kind: 'css-background', asset: `${site.origin}/logo-bg.png` },
    });
  });

  it('marks an entry screen, and extract opens on the content instead (neither hero, name nor text)', () => {
    const splash = pageOf('/splash.html');
    expect(splash.html).toMatch(/<li id="page_splash" data-sitelift-splash="Lets begin">/);
    expect(splash.probe!.hero?.headline).not.toBe('Lets begin');
    expect(pageOf('/cover.html').html).toMatch(
      /<div class="gate" data-sitelift-splash="Enter site">/,
    );
    // A call to action to another page is no entry screen.
    expect(pageOf('/').html).not.toContain('data-sitelift-splash');
    const model = extractSite({
      ...raw,
      startUrl: splash.url,
      finalUrl: splash.url,
      pages: [splash],
    });
    const page = model.pages[0]!;
    expect(page.textBlocks).not.toContain('Lets begin');
    expect(page.textBlocks).toContain('Our dishes');
    expect(page.dropped).toContainEqual(
      expect.objectContaining({ kind: 'other', what: 'Entry screen "Lets begin"' }),
    );
    expect(model.identity.name).not.toBe('Lets begin');
    expect(model.identity.hero?.headline).not.toBe('Lets begin');
  });

  it("reads a menu's items drawn as pills: the most common look, not the active one's", () => {
    expect(pageOf('/pills.html').probe!.menuItems).toEqual({
      background: 'rgba(255, 255, 255, 0.05)',
      border: 'rgba(255, 255, 255, 0.1)',
      text: 'rgb(232, 233, 234)',
      radius: '20px',
    });
    // Plain menu links (no padding, no box) are no pills.
    expect(pageOf('/').probe!.menuItems).toBeUndefined();
  });

  it("reads the plate a menu is drawn on, a cut-out picture's colour being its opaque pixels' mean", () => {
    expect(pageOf('/plate.html').probe!.menuItems).toMatchObject({
      image: `${site.origin}/plate.png`,
      imageColor: 'rgb(223, 7, 6)',
      border: 'transparent',
      text: 'rgb(255, 255, 255)',
    });
    const plate = pageOf('/plate.html');
    const model = extractSite({ ...raw, startUrl: plate.url, finalUrl: plate.url, pages: [plate] });
    expect(model.identity.colors).toMatchObject({
      menuItemBackground: '#df0706',
      menuItemText: '#ffffff',
    });
  });

  it('takes the filled bar at the top as the header when the page has no header element', () => {
    expect(pageOf('/bar.html').probe!.header).toEqual({
      background: 'rgb(41, 69, 99)',
      text: 'rgb(0, 0, 0)',
    });
  });
});
