import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import type { RawSite } from '../../types';
import {
  failOnConsoleOutput,
  fetchRendered,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const chromePath = await findChromePath();

/** A script makes fetch render the page in Chromium (pages without one are read as served). */
const SCRIPT = '<script>window.ready = true;</script>';
const WORDS =
  'Plain words about the studio and its work, long enough to be most of the page. '.repeat(4);

/** A centred 900 px container (20 px padding): 17/27 px text, 40 px h1, 28 px h2, 12 px and 48 px gaps. */
const CENTRED = `<!doctype html><html lang="en"><head><title>Studio</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 17px/27px Arial, sans-serif; }
  header { height: 60px; background: #eeeeee; font-size: 12px; }
  .container { max-width: 900px; margin: 0 auto; padding: 0 20px; box-sizing: border-box; }
  h1 { font-size: 40px; font-weight: 600; margin: 20px 0; }
  h2 { font-size: 28px; font-weight: 400; margin: 48px 0 12px; }
  p { margin: 0 0 12px; }
  footer { background: #333333; color: #ffffff; font-size: 11px; }
</style></head><body>
  <header><a href="/">Studio</a> <nav><a href="/">Home</a> <a href="/left.html">Docs</a> <a href="/hero.html">Agency</a> <a href="/club.html">Club</a></nav></header>
  <div class="container">
    <h1>Studio</h1>
    <p>${WORDS}</p><p>${WORDS}</p>
    <h2>Work</h2>
    <p>${WORDS}</p><p>${WORDS}</p>
    <h2>People</h2>
    <p>${WORDS}</p>
  </div>
  <footer><p>Footer words in a small size, many of them: ${WORDS}${WORDS}</p></footer>
  ${SCRIPT}
</body></html>`;

/** A column flush left beside a sidebar, and a full-width grey band. */
const LEFT = `<!doctype html><html lang="en"><head><title>Docs</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 13px/16px Verdana, sans-serif; }
  .layout { display: flex; }
  .side { width: 240px; flex: none; }
  .main { width: 800px; padding: 0 10px; }
  .band { background: #eeeeee; height: 200px; }
  .main p { text-align: center; }
  h2 { text-transform: uppercase; letter-spacing: 2px; font-size: 20px; }
  h2.plain { text-transform: none; letter-spacing: normal; }
</style></head><body>
  <div class="layout">
    <div class="side"><a href="/">Home</a></div>
    <div class="main"><h1>Docs</h1><p>${WORDS}</p><h2>Setup</h2><p>${WORDS}</p>
      <h2>Usage</h2><p>${WORDS}</p><h2 class="plain">Notes</h2></div>
  </div>
  <div class="band"><p>A band.</p></div>
  ${SCRIPT}
</body></html>`;

/** A photo hero whose headline is set in spaced capitals by CSS (the words are title case). */
const HERO = `<!doctype html><html lang="en"><head><title>Agency</title><style>
  body { margin: 0; font: 16px/24px Arial, sans-serif; }
  .intro { height: 600px; background: #333 url(/photo.png) center / cover; color: #fff; text-align: center; padding-top: 200px; box-sizing: border-box; }
  .lead { font-size: 24px; font-style: italic; }
  .big { font-size: 60px; font-weight: 700; text-transform: uppercase; letter-spacing: 3px; }
  nav { position: fixed; top: 0; left: 0; right: 0; height: 60px; }
  nav a { color: #fff; margin: 0 10px; text-transform: uppercase; }
</style></head><body>
  <nav><a href="/">Agency</a> <a href="/">Services</a> <a href="/left.html">Team</a></nav>
  <div class="intro"><div class="lead">Welcome to our studio</div><div class="big">It's nice to meet you</div></div>
  <p>${WORDS}</p>
  ${SCRIPT}
</body></html>`;

/**
 * A club's page of the table era: a 90 px banner logo centred on a navy masthead, a menu bar under
 * it (160 px in all), and section headings drawn as red bars in white capitals.
 */
const CLUB = `<!doctype html><html lang="en"><head><title>Club</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 16px/24px Arial, sans-serif; }
  .masthead { height: 120px; background: #1d3557; text-align: center; padding-top: 15px; box-sizing: border-box; }
  .masthead img { display: inline-block; vertical-align: top; }
  #menu { display: flex; gap: 16px; height: 40px; margin: 0; padding: 0 20px; list-style: none; background: #a8dadc; align-items: center; }
  .container { width: 900px; margin: 0 auto; }
  h2 { background: #e63946; color: #ffffff; text-transform: uppercase; font-size: 20px; line-height: 1.5; padding: 4px 8px; }
</style></head><body>
  <div id="header">
    <div class="masthead"><a href="/"><img src="/banner.png" width="600" height="90" alt="River Rowing Club"></a></div>
    <ul id="menu"><li><a href="/">Home</a></li><li><a href="/left.html">Crew</a></li><li><a href="/hero.html">Races</a></li></ul>
  </div>
  <div class="container">
    <h2>Training times</h2><p>${WORDS}</p>
    <h2>Membership</h2><p>${WORDS}</p>
  </div>
  ${SCRIPT}
</body></html>`;

let site: TestServer;
let raw: RawSite;

beforeAll(async () => {
  const photo = await sharp({
    create: { width: 400, height: 200, channels: 3, background: '#556677' },
  })
    .png()
    .toBuffer();
  const banner = await sharp({
    create: { width: 600, height: 90, channels: 3, background: '#f1faee' },
  })
    .png()
    .toBuffer();
  site = await startTestServer({
    '/club.html': { body: CLUB },
    '/banner.png': { headers: { 'content-type': 'image/png' }, body: new Uint8Array(banner) },
    '/': { body: CENTRED },
    '/left.html': { body: LEFT },
    '/hero.html': { body: HERO },
    '/photo.png': { headers: { 'content-type': 'image/png' }, body: new Uint8Array(photo) },
  });
  if (chromePath) {
    raw = await fetchRendered(site.origin, 5);
  }
}, 60_000);

afterAll(async () => {
  await site?.close();
});

const probeOf = (path: string) => {
  const page = raw.pages.find((p) => p.url === `${site.origin}${path}`);
  if (!page?.probe) throw new Error(`${path} was not probed`);
  return page.probe;
};

describe.skipIf(!chromePath)("the identity probe's type scale (decision record 029)", () => {
  it('reads the body text, the headings, the centred column and the rhythm at 1440 px', () => {
    expect(probeOf('/').typography).toEqual({
      // The text holding most characters: not the header's nor the footer's.
      body: { size: 17, lineHeight: 27 },
      // The headings' line pitch is the body's 27 px they inherit (a share of their size).
      h1: { size: 40, weight: 600, leading: 0.68 },
      h2: { size: 28, weight: 400, leading: 0.96 },
      // The container's content box: (1440 - 900) / 2 + 20 px padding.
      column: { left: 290, width: 860, measure: 860, isCentered: true },
      paragraphGap: 12,
      // The h2's top margin (48 px) and the paragraph's bottom margin (12 px) collapse.
      sectionGap: 48,
      hasBands: false,
      // The 60 px header: the name's line, the menu's (a block) under it.
      header: { height: 60, menuTop: 27 },
      // Its menu's links, each label on one line, as tall as their text.
      menuRow: { isOneLine: true, linkHeight: 14 },
      // Read again at 375 px: the name's and the menu's lines make the same 60 px bar there.
      phoneHeader: { height: 60 },
    });
  });

  it('reads a column left of centre, a line height of its own and a band of another fill', () => {
    const typography = probeOf('/left.html').typography!;
    expect(typography.body).toEqual({ size: 13, lineHeight: 16 });
    expect(typography.column).toEqual({ left: 250, width: 800, measure: 800, isCentered: false });
    expect(typography.hasBands).toBe(true);
    expect(typography.isTextCentered).toBe(true);
  });

  it("reads the hero headline's size, case and letter spacing", () => {
    const typography = probeOf('/hero.html').typography!;
    expect(typography).toMatchObject({
      heroHeadline: 60,
      heroCase: 'uppercase',
      heroTracking: 0.05,
    });
    // Its menu in capitals, and its transparent header laid over the picture.
    expect(typography.menuCase).toBe('uppercase');
    expect(probeOf('/').typography?.menuCase).toBeUndefined();
    expect(probeOf('/hero.html').hero?.isUnderHeader).toBe(true);
    expect(probeOf('/').hero?.isUnderHeader).toBeUndefined();
  });

  it("reads a heading level's case and letter spacing as most of its headings show them", () => {
    // Two of three h2s in capitals, spaced 2 px at 20 px (0.1 em); the h1 has neither.
    expect(probeOf('/left.html').typography!.h2).toEqual({
      size: 20,
      weight: 700,
      case: 'uppercase',
      tracking: 0.1,
      leading: 0.8,
    });
    expect(probeOf('/left.html').typography!.h1).toEqual({ size: 26, weight: 700, leading: 0.62 });
  });

  it('reads the header band: its height, the menu bar under a centred banner logo (issue 23)', () => {
    // The masthead (120 px) and the menu bar under it (40 px); the menu's row starts at 120 px.
    expect(probeOf('/club.html').typography!.header).toEqual({
      height: 160,
      menuTop: 120,
      isBrandCentered: true,
    });
    // The logo as high as it was drawn.
    expect(probeOf('/club.html').logo).toMatchObject({ height: 90, width: 600 });
  });

  it('reads a heading level drawn as a filled bar, its words and their case (issue 23)', () => {
    expect(probeOf('/club.html').typography!.h2).toEqual({
      size: 20,
      weight: 700,
      case: 'uppercase',
      // A theme's own line pitch (30 px) where a browser sets about 1.2.
      leading: 1.5,
      color: 'rgb(255, 255, 255)',
      fill: { color: 'rgb(230, 57, 70)', text: 'rgb(255, 255, 255)' },
    });
    // Plain headings have neither a colour of their own nor a bar.
    expect(probeOf('/').typography!.h2).toEqual({ size: 28, weight: 400, leading: 0.96 });
  });
});
