import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPng } from '../../../../test/fixtures/is-png';
import { launchChromium } from '../../../browser/chromium';
import { captureDesktopAndMobile, DESKTOP_VIEWPORT } from '../../../browser/screenshots';
import type { SiteIdentity } from '../../../model';
import { findVerifyChromePath } from '../open-browser';
import type { CapturedPage } from '../../../measure/fidelity';
import { measureFidelity } from './measure-fidelity';

const chromePath = await findVerifyChromePath();

const LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#fed136"/><text x="10" y="27" font-size="20">Bakery</text></svg>')}`;
const HERO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="500"><defs><linearGradient id="g"><stop offset="0" stop-color="#7a4b2a"/><stop offset="1" stop-color="#f3c77b"/></linearGradient></defs><rect width="1440" height="500" fill="url(#g)"/><circle cx="1000" cy="250" r="180" fill="#fff3" /></svg>')}`;

interface PageOptions {
  /** Section order: the ids of the three content sections. */
  order?: string[];
  textColor?: string;
  headingColor?: string;
  ctaColor?: string;
  logo?: boolean;
  hero?: boolean;
  menu?: string[];
  font?: string;
}

const SECTIONS: Record<string, string> = {
  bread: `<section id="bread" style="padding:40px 80px;background:#fff8ee"><h2>Fresh bread every morning</h2><p>Sourdough, rye and spelt loaves leave the oven at six, baked with flour from the mill down the road.</p><p>Order before noon for the next day.</p></section>`,
  cakes: `<section id="cakes" style="padding:40px 80px;background:#f4ede4"><h2>Cakes for every occasion</h2><p>Birthday cakes, wedding tiers and a tart of the week, made by hand in small numbers.</p><ul><li>Chocolate layer cake</li><li>Lemon tart</li><li>Carrot cake</li></ul></section>`,
  visit: `<section id="visit" style="padding:40px 80px;background:#fff"><h2>Visit us</h2><p>Kerkstraat 12, Utrecht. Open Monday to Saturday from 7 to 18.</p><p>Phone 030 123 45 67</p></section>`,
};

function buildPage(options: PageOptions = {}): string {
  const {
    order = ['bread', 'cakes', 'visit'],
    textColor = '#2b2118',
    headingColor = '#5a3418',
    ctaColor = '#fed136',
    logo = true,
    hero = true,
    menu = ['Home', 'Bread', 'Cakes', 'Visit'],
    font = 'Georgia, serif',
  } = options;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bakery</title><style>
    body { margin: 0; font-family: ${font}; color: ${textColor}; font-size: 18px; line-height: 1.5; }
    h1, h2 { color: ${headingColor}; margin: 0 0 12px; }
    header { display: flex; align-items: center; justify-content: space-between; padding: 16px 80px; background: #2b2118; }
    header nav a { color: #fff; margin-left: 24px; text-decoration: none; }
    .brand { color: #fff; font-size: 22px; text-decoration: none; display: flex; align-items: center; gap: 12px; }
    .hero { height: 460px; padding: 80px; box-sizing: border-box; ${hero ? `background: url("${HERO}") center / cover;` : 'background: #eee;'} }
    .hero h1 { color: #fff; font-size: 48px; }
    .btn { display: inline-block; padding: 14px 28px; background: ${ctaColor}; color: #2b2118; text-decoration: none; border-radius: 4px; }
    footer { padding: 24px 80px; background: #2b2118; color: #fff; }
    @media (max-width: 600px) { header { padding: 12px; flex-wrap: wrap; } .hero { padding: 24px; height: 360px; } section { padding: 24px !important; } }
  </style></head><body>
    <header><a class="brand" href="/">${logo ? `<img src="${LOGO}" alt="Bakery" width="120" height="40">` : ''}<span>Bakery de Korenbloem</span></a>
      <nav>${menu.map((label) => `<a href="/${label.toLowerCase()}">${label}</a>`).join('')}</nav></header>
    <section class="hero"><h1>Welcome to the bakery</h1><p style="color:#fff">Baking in Utrecht since 1921.</p><a class="btn" href="/order">Order now</a></section>
    ${order.map((id) => SECTIONS[id]).join('\n')}
    <footer><p>© 2024 Bakery de Korenbloem</p></footer>
  </body></html>`;
}

const IDENTITY: SiteIdentity = {
  name: 'Bakery de Korenbloem',
  nameSource: 'brand',
  title: 'Bakery',
  description: '',
  language: 'en',
  logo: { kind: 'img', src: 'https://bakery.example/logo.png', alt: 'Bakery' },
  colors: { primary: '#fed136' },
  fonts: { heading: 'Georgia, serif', body: 'Georgia, serif' },
  hero: {
    pageUrl: 'https://bakery.example/',
    image: {
      src: 'https://bakery.example/hero.jpg',
      alt: '',
      asset: 'https://bakery.example/hero.jpg',
    },
    layout: 'full-bleed',
  },
  menu: ['Home', 'Bread', 'Cakes', 'Visit'].map((label) => ({
    label,
    href: `https://bakery.example/${label.toLowerCase()}`,
    children: [],
  })),
};

describe.skipIf(chromePath === undefined)('measureFidelity on pages rendered in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let original: CapturedPage;
  // Each page is served at / of its own loopback server run: links resolve as on a real site.
  let served = '';

  async function capture(html: string): Promise<CapturedPage> {
    served = html;
    const page = await browser.newPage({ viewport: DESKTOP_VIEWPORT });
    try {
      const { port } = server.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
      return await captureDesktopAndMobile(page);
    } finally {
      await page.close();
    }
  }

  async function compare(html: string, identity?: SiteIdentity) {
    const rebuilt = await capture(html);
    return measureFidelity({ routes: [{ route: '/', original, rebuilt }], identity });
  }

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    browser = await launchChromium({ executablePath: chromePath });
    original = await capture(buildPage());
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('measures the text blocks, sections and header of the page as it is shown', () => {
    const desktop = original.layout!.desktop;
    expect(desktop.blocks.map((block) => block.text)).toContain('Fresh bread every morning');
    expect(desktop.blocks.find((block) => block.text === 'Order now')?.color).toBe(
      'rgb(43, 33, 24)',
    );
    expect(desktop.sections.map((section) => section.selector)).toEqual([
      'body > header',
      'body > section.hero',
      'section#bread',
      'section#cakes',
      'section#visit',
      'body > footer',
    ]);
    expect(desktop.identity?.header?.controls.map((control) => control.label)).toEqual([
      'Bakery de Korenbloem',
      'Home',
      'Bread',
      'Cakes',
      'Visit',
    ]);
    expect(desktop.identity?.firstScreenPictures[0]?.kind).toBe('css-background');
    expect(original.layout!.mobile.viewport.width).toBe(375);
  });

  it("leaves out text its container clips: a carousel's other slides, a collapsed panel", async () => {
    const slide = (text: string) =>
      `<div style="flex:0 0 100%;scroll-snap-align:start"><p>${text}</p></div>`;
    const page = buildPage().replace(
      '<section id="visit"',
      `<div style="display:flex;overflow-x:auto;scroll-snap-type:x mandatory;width:600px;margin:0 80px">${slide('First slide shown')}${slide('Second slide waiting')}</div>
      <div style="height:0;overflow:hidden"><p>Folded answer</p></div><section id="visit"`,
    );
    const texts = (await capture(page)).layout!.desktop.blocks.map((block) => block.text);
    expect(texts).toContain('First slide shown');
    expect(texts).not.toContain('Second slide waiting');
    expect(texts).not.toContain('Folded answer');
    expect(texts).toContain('Visit us');
  });

  it('splits a block whose text a nested block interrupts, not one an inline-block sits in', async () => {
    // Old man pages: a <pre> closes the <p>, and the words after it are body text until the next <p>.
    const blocks = (
      await capture(`<!doctype html><html><body><p>Run
        <pre>./configure --help</pre>
        The following sections describe options.
        <h2>Building</h2>
        Words straight in the body after the heading.
        <p>Press <span style="display:inline-block;padding:4px">Start</span> to begin.</p>
        </body></html>`)
    ).layout!.desktop.blocks.map((block) => block.text);
    expect(blocks).toEqual([
      'Run',
      './configure --help',
      'The following sections describe options.',
      'Building',
      'Words straight in the body after the heading.',
      'Press to begin.',
      'Start',
    ]);
  });

  it('collects every text block of a page longer than the matching budget', async () => {
    const paragraphs = Array.from({ length: 700 }, (_, index) => `<p>Paragraph ${index}</p>`);
    const blocks = (
      await capture(`<!doctype html><html><body>${paragraphs.join('')}</body></html>`)
    ).layout!.desktop.blocks;
    expect(blocks).toHaveLength(700);
    expect(blocks.at(-1)?.text).toBe('Paragraph 699');
  });

  it("leaves text only a screen reader gets out of the header's text colours", async () => {
    const shots = await capture(`<!doctype html><html><head><style>
      .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); }
    </style></head><body style="margin:0">
      <header style="background:#222;padding:20px"><a href="/" style="color:rgb(255, 255, 255)">Brand</a>
        <button style="color:rgb(255, 0, 0);width:40px;height:30px"><span class="sr-only">Toggle navigation</span></button>
      </header><p>Content</p></body></html>`);
    expect(shots.layout!.desktop.identity?.header?.textColors).toEqual(['rgb(255, 255, 255)']);
  });

  it('keeps a navbar fixed over the hero as a section, and splits a <main> wrapper, not a <section>', async () => {
    const shots = await capture(`<!doctype html><html><body style="margin:0">
      <nav style="position:fixed;top:0;left:0;right:0;height:60px;background:#000;color:#fff">Brand</nav>
      <div id="app"><main>
        <section class="hero" style="height:600px;background:#333"><h1 style="margin:0;padding:200px 40px 0">Hello</h1><p style="height:200px">Sub</p></section>
        <section id="news" style="height:500px"><h2>News</h2><p style="height:300px">Items</p></section>
      </main><footer style="height:80px">Footer</footer></div>
      <div style="position:absolute;top:0;left:0;width:100%;height:900px;pointer-events:none"></div>
    </body></html>`);
    expect(shots.layout!.desktop.sections.map((section) => section.selector)).toEqual([
      'body > nav',
      'div#app > main > section.hero',
      'section#news',
      'div#app > footer',
    ]);
  });

  it('keeps the screenshots but no layout when the page answers the collector with nonsense', async () => {
    // An original's own script can replace the DOM functions the collector calls.
    const shots = await capture(`<!doctype html><html><body><p>Hello</p><script>
      const real = window.getComputedStyle.bind(window);
      window.getComputedStyle = (element) => {
        const style = real(element);
        return new Proxy(style, { get: (target, key) => (key === 'color' ? 'x'.repeat(10000) : target[key]) });
      };
    </script></body></html>`);
    expect(isPng(shots.desktop)).toBe(true);
    expect(isPng(shots.mobile)).toBe(true);
    expect(shots.layout).toBeUndefined();
  });

  it('scores an identical page 1 on every measure, with every identity check passing', async () => {
    const { fidelity } = await compare(buildPage(), IDENTITY);
    expect(fidelity!.overall).toEqual({ block: 1, text: 1, position: 1, color: 1, visual: 1 });
    expect(fidelity!.routes[0]!.worstSections.every((section) => section.score === 1)).toBe(true);
    expect(fidelity!.identity.map((check) => [check.check, check.ok])).toEqual([
      ['brand_color', true],
      ['logo', true],
      ['hero_image', true],
      ['navigation', true],
      ['site_name', true],
      ['fonts', true],
    ]);
  });

  it('loses position, not text, when the sections are shuffled', async () => {
    const { fidelity } = await compare(buildPage({ order: ['visit', 'cakes', 'bread'] }));
    const scores = fidelity!.overall;
    expect(scores.text).toBe(1);
    expect(scores.block).toBeGreaterThan(0.95);
    expect(scores.position).toBeLessThan(0.95);
    expect(scores.color).toBe(1);
  });

  it('loses colour, not position, when the text is recoloured', async () => {
    const { fidelity } = await compare(
      buildPage({ textColor: '#1d4ed8', headingColor: '#be123c' }),
    );
    const scores = fidelity!.overall;
    expect(scores.text).toBe(1);
    expect(scores.position).toBe(1);
    expect(scores.color).toBeLessThan(0.8);
  });

  it('names the least similar sections with crops of both sides', async () => {
    const { fidelity, crops } = await compare(buildPage({ hero: false, ctaColor: '#777' }));
    const route = fidelity!.routes[0]!;
    expect(route.visual).toBeLessThan(0.95);
    const worst = route.worstSections[0]!;
    expect(worst.selector).toBe('body > section.hero');
    expect(worst.score).toBeLessThan(0.8);
    expect(worst.crops).toBeDefined();
    expect(isPng(crops[worst.crops!.before]!)).toBe(true);
    expect(isPng(crops[worst.crops!.after]!)).toBe(true);
  });

  it('measures what the never-worse checks compare: pictures, logo, marks, places, text over pictures', async () => {
    const html = buildPage()
      .replace(
        '<p style="color:#fff">Baking in Utrecht since 1921.</p>',
        '<p style="color:#fff">Baking in Utrecht since 1921, with flour from the mill down the road.</p>',
      )
      .replace(
        '<footer>',
        `<p><a href="/bread"><img src="${LOGO}" alt="" width="80" height="40"></a><img src="/missing.png" alt="Our shop front" width="200" height="100"></p>
        <div data-sitelift-overlay="cookie" style="display:none">We use cookies. Accept</div>
        <form><input name="email"><p data-sitelift-hidden style="display:none">Thank you, your message was sent.</p></form>
        <h2 data-sitelift-hidden style="visibility:hidden">Become the best version of yourself</h2>
        <footer><a href="/visit">Visit</a>`,
      );
    const desktop = (await capture(html)).layout!.desktop;
    const identity = desktop.identity!;
    expect(identity.logo).toMatchObject({ kind: 'img', box: { width: 120, height: 40 } });
    const pictures = identity.pictures!;
    expect(pictures.find((picture) => picture.alt === 'Our shop front')).toMatchObject({
      broken: true,
      natural: { width: 0, height: 0 },
    });
    expect(pictures.find((picture) => picture.href !== undefined)?.href).toMatch(/\/bread$/);
    // A hidden heading waits for an animation: no form's state.
    expect(identity.marked).toEqual([
      { kind: 'overlay', text: 'We use cookies. Accept' },
      { kind: 'hidden', text: 'Thank you, your message was sent.' },
    ]);
    const place = (label: string) =>
      identity.controls.filter((control) => control.label === label).map((c) => c.place);
    expect(place('Bread')).toEqual(['header']);
    expect(place('Visit')).toEqual(['header', 'footer']);
    expect(identity.controls.find((control) => control.label === 'Bread')?.href).toMatch(
      /\/bread$/,
    );
    const overPicture = desktop.blocks.filter((block) => block.overPicture).map((b) => b.text);
    expect(overPicture).toContain('Welcome to the bakery');
    expect(overPicture).not.toContain('Fresh bread every morning');
  });

  it('fails the never-worse checks of a rebuild with a shrunk logo, low-contrast text and cookie words', async () => {
    const original = await capture(
      buildPage().replace(
        '<footer>',
        '<div data-sitelift-overlay="cookie" style="display:none">We use cookies on this site. Accept</div><footer>',
      ),
    );
    const rebuilt = await capture(
      buildPage()
        .replace('width="120" height="40"', 'width="48" height="16"')
        .replace(
          '<p style="color:#fff">Baking in Utrecht since 1921.</p>',
          '<p style="color:#c9a36a">Baking in Utrecht since 1921, with flour from the mill down the road.</p>',
        )
        .replace('<footer>', '<p>We use cookies on this site.</p><footer>'),
    );
    const { fidelity } = await measureFidelity({
      routes: [{ route: '/', original, rebuilt }],
      identity: IDENTITY,
    });
    const checks = Object.fromEntries(
      (fidelity!.neverWorse ?? []).map((check) => [check.check, check]),
    );
    expect(checks.logo_size).toMatchObject({
      ok: false,
      found: expect.stringContaining('16 px high'),
    });
    expect(checks.hidden_text_shown?.ok).toBe(false);
    expect(checks.text_over_picture).toMatchObject({
      ok: false,
      found: expect.stringContaining('"Baking in Utrecht'),
    });
    expect(checks.picture_twice?.ok).toBe(true);
    expect(checks.width_used?.ok).toBe(true);
    const same = await measureFidelity({
      routes: [{ route: '/', original, rebuilt: original }],
      identity: IDENTITY,
    });
    expect(same.fidelity!.neverWorse!.filter((check) => !check.ok)).toEqual([]);
  });

  it('fails the identity checks of a rebuild without logo, hero, brand colour, full menu and fonts', async () => {
    const { fidelity } = await compare(
      buildPage({
        logo: false,
        hero: false,
        ctaColor: '#8e700b',
        menu: ['Home', 'Bread'],
        font: 'Arial, sans-serif',
      }),
      IDENTITY,
    );
    const checks = Object.fromEntries(fidelity!.identity.map((check) => [check.check, check]));
    expect(checks.brand_color?.ok).toBe(false);
    expect(checks.brand_color?.expected).toBe('#fed136');
    expect(checks.logo).toMatchObject({ ok: false, found: 'no logo in the header' });
    expect(checks.hero_image?.ok).toBe(false);
    expect(checks.navigation).toMatchObject({
      ok: false,
      found: '2/4 menu items in the header; missing: Cakes, Visit',
    });
    expect(checks.fonts).toMatchObject({ ok: false, expected: 'georgia' });
    expect(checks.fonts?.found).toContain('missing: georgia');
  });

  it('fails site_name when the name is the label of a button of the original, and leaves out checks without input', async () => {
    const { fidelity } = await compare(buildPage(), {
      ...IDENTITY,
      name: 'Order now',
      nameSource: 'title',
      logo: undefined,
      hero: undefined,
      menu: undefined,
      colors: {},
      fonts: {},
    });
    expect(fidelity!.identity).toEqual([
      {
        check: 'site_name',
        ok: false,
        found: '"Order now" from title, the label of a button of the original',
        expected:
          'a name read from the site (og:site_name, logo, brand or title), not a host or a control label',
      },
    ]);
  });
});
