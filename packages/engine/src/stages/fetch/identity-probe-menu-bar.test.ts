import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import { buildTokens } from '../../design/offline-designer';
import type { RawSite } from '../../types';
import { extractSite } from '../extract/extract-site';
import { toTypeScaleVariables } from '../generate/templates/styles';
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
const WORDS = '<p>Plain words about the practice and its work, long enough to read.</p>'.repeat(4);
const MENU = `<li><a href="/">Home</a></li><li><a href="/pills.html">Pills</a></li>
  <li class="has-sub"><a href="/plain.html">Plain</a><ul class="sub"><li><a href="/plain.html#a">Deep one</a></li><li><a href="/plain.html#b">Deep two</a></li></ul></li>
  <li><a href="/contact.html">Contact</a></li><li><a href="/centred.html">Centred</a></li>`;

/**
 * A white header with the name, then a pink bar across the page under it holding plain capital links
 * (each item painted the bar's pink too), a dropdown parked off-screen as themes do.
 */
const BAR = `<!doctype html><html lang="en"><head><title>Practice</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 16px/1.5 Verdana, sans-serif; }
  header { background: #ffffff; }
  .title { height: 90px; padding: 20px; box-sizing: border-box; font-size: 28px; }
  nav ul { margin: 0; padding: 0 20px; list-style: none; display: flex; background: #f099c1; }
  nav li { background: #f099c1; position: relative; }
  nav a { display: inline-block; padding: 0 10px; line-height: 44px; color: #000000; text-transform: uppercase; text-decoration: none; }
  nav .sub { position: absolute; left: -999em; top: 44px; display: block; background: #ffffff; }
  nav .sub a { display: block; padding: 8px 10px; background: #ffffff; }
</style></head><body>
  <header><div class="title">The Practice</div><nav><ul>${MENU}</ul></nav></header>
  <main><h1>Welcome</h1>${WORDS}</main>
  ${SCRIPT}
</body></html>`;

/** A white header whose menu items are pills of their own (no bar behind the row). */
const PILLS = `<!doctype html><html lang="en"><head><title>Pills</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 16px/1.5 Verdana, sans-serif; }
  header { background: #ffffff; display: flex; justify-content: space-between; padding: 12px 20px; }
  nav ul { margin: 0; padding: 0; list-style: none; display: flex; gap: 8px; }
  nav a { display: inline-block; padding: 6px 14px; border-radius: 20px; background: #1d3557; color: #ffffff; }
  nav .sub { display: none; }
</style></head><body>
  <header><div>The Practice</div><nav><ul>${MENU}</ul></nav></header>
  <main><h1>Pills</h1>${WORDS}</main>
  ${SCRIPT}
</body></html>`;

/** Plain links on the header's own colour: neither a bar nor boxes. */
const PLAIN = `<!doctype html><html lang="en"><head><title>Plain</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 16px/1.5 Verdana, sans-serif; }
  header { background: #eeeeee; display: flex; justify-content: space-between; padding: 12px 20px; }
  nav ul { margin: 0; padding: 0; list-style: none; display: flex; gap: 16px; }
  nav .sub { display: none; }
</style></head><body>
  <header><div>The Practice</div><nav><ul>${MENU}</ul></nav></header>
  <main><h1>Plain</h1>${WORDS}</main>
  ${SCRIPT}
</body></html>`;

/** A dark bar boxed around its links only, light grey words that do not read on it. */
const BOXED = `<!doctype html><html lang="en"><head><title>Contact</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 16px/1.5 Verdana, sans-serif; }
  header { background: #ffffff; padding: 20px; }
  nav ul { margin: 0 auto; width: 420px; padding: 0; list-style: none; display: flex; background: #777777; }
  nav a { display: inline-block; padding: 0 10px; line-height: 40px; color: #999999; font-weight: 700; }
  nav .sub { display: none; }
</style></head><body>
  <header><div>The Practice</div><nav><ul>${MENU}</ul></nav></header>
  <main><h1>Contact</h1>${WORDS}</main>
  ${SCRIPT}
</body></html>`;

/** A dark bar across the page under a banner, its light links gathered in its middle. */
const CENTRED = `<!doctype html><html lang="en"><head><title>Centred</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 16px/1.5 Verdana, sans-serif; }
  #top { background: #ffffff; }
  .banner { height: 120px; background: #000000; color: #ffffff; }
  #nav { background: #333333; }
  #nav ul { margin: 0; padding: 0; list-style: none; display: flex; justify-content: center; }
  #nav a { display: block; padding: 20px 12px; color: #c0c0c0; font-weight: 300; text-decoration: none; }
  #nav .sub { display: none; }
</style></head><body>
  <div id="top"><div class="banner">Drums</div><div id="nav"><ul>${MENU}</ul></div></div>
  <main><h1>Centred</h1>${WORDS}<p><a href="/stacked.html">Stacked bars</a></p></main>
  ${SCRIPT}
</body></html>`;

/** The centred bar with a second bar of the page's own links stacked right under it. */
const STACKED = CENTRED.replace('<title>Centred</title>', '<title>Stacked</title>')
  .replace(
    '#nav .sub { display: none; }',
    '#nav .sub { display: none; } #page-nav { background: #222222; height: 56px; display: flex; justify-content: center; gap: 12px; align-items: center; } #page-nav a { color: #c0c0c0; }',
  )
  .replace(
    '</ul></div></div>',
    '</ul></div><nav id="page-nav"><a href="#about">About</a><a href="#team">Team</a><a href="#work">Work</a></nav></div>',
  )
  .replace(
    '<h1>Centred</h1>',
    '<h1>Stacked</h1><h2 id="about">About</h2><h2 id="team">Team</h2><h2 id="work">Work</h2>',
  );

let site: TestServer;
let raw: RawSite;

beforeAll(async () => {
  site = await startTestServer({
    '/': { body: BAR },
    '/pills.html': { body: PILLS },
    '/plain.html': { body: PLAIN },
    '/contact.html': { body: BOXED },
    '/centred.html': { body: CENTRED },
    '/stacked.html': { body: STACKED },
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

/** The STYLE_MODERNIZATION tokens' CSS variables for one page read as the whole site. */
const variablesOf = (path: string): string => {
  const page = pageOf(path);
  const model = extractSite({ ...raw, startUrl: page.url, finalUrl: page.url, pages: [page] });
  return toTypeScaleVariables(buildTokens(model, { keepsOriginalLayout: true }).typography);
};

describe.skipIf(!chromePath)("the menu's bar (issue 23)", () => {
  it('reads the band behind the whole row, not each item, and its dropdown is not on it', () => {
    const probe = pageOf('/').probe!;
    expect(probe.typography?.menuBar).toEqual({
      color: 'rgb(240, 153, 193)',
      text: 'rgb(0, 0, 0)',
      weight: 400,
      size: 16,
      height: 44,
      isFullWidth: true,
    });
    // The items are painted the bar's colour: no boxes of their own, no plate per item.
    expect(probe.menuItems).toBeUndefined();
  });

  it('draws the bar across the header with its links on it, items square and unboxed', () => {
    const css = variablesOf('/');
    expect(css).toContain('--menu-bar: linear-gradient(#f099c1, #f099c1);');
    expect(css).toContain(
      '--menu-bar-bleed: linear-gradient(#f099c1, #f099c1) fill 0 / 0 / 0 100vmax;',
    );
    expect(css).toContain('--menu-bar-fill: #f099c1;');
    expect(css).toContain('--menu-bar-h: 44px;');
    expect(css).toContain('--on-menu-bar: #000000;');
    expect(css).toContain('--menu-item-radius: 0;');
    expect(css).toContain('--menu-case: uppercase;');
    expect(css).not.toContain('--menu-box');
    expect(css).not.toContain('--menu-justify');
  });

  it('keeps pills as pills without a bar, and plain links plain', () => {
    expect(pageOf('/pills.html').probe!.typography?.menuBar).toBeUndefined();
    expect(pageOf('/pills.html').probe!.menuItems).toMatchObject({
      background: 'rgb(29, 53, 87)',
      text: 'rgb(255, 255, 255)',
      radius: '20px',
    });
    expect(variablesOf('/pills.html')).not.toContain('--menu-bar');
    // The header's own grey is the header's, not a bar of the menu's.
    expect(pageOf('/plain.html').probe!.typography?.menuBar).toBeUndefined();
    expect(pageOf('/plain.html').probe!.menuItems).toBeUndefined();
    expect(variablesOf('/plain.html')).not.toContain('--menu-');
  });

  it("keeps the height of a bar of links stacked right under the menu's bar", () => {
    expect(pageOf('/stacked.html').probe!.typography?.menuBar).toMatchObject({
      color: 'rgb(51, 51, 51)',
      under: 56,
    });
    expect(pageOf('/centred.html').probe!.typography?.menuBar?.under).toBeUndefined();
    expect(variablesOf('/stacked.html')).toContain('--menu-under-h: 56px;');
  });

  it('keeps links in the middle of their bar there', () => {
    expect(pageOf('/centred.html').probe!.typography?.menuBar).toMatchObject({
      color: 'rgb(51, 51, 51)',
      text: 'rgb(192, 192, 192)',
      weight: 300,
      isFullWidth: true,
      isCentered: true,
    });
    const css = variablesOf('/centred.html');
    expect(css).toContain('--menu-bar: linear-gradient(#333333, #333333);');
    expect(css).toContain('--on-menu-bar: #c0c0c0;');
    expect(css).toContain('--menu-justify: center;');
  });

  it('boxes a bar drawn around the links only, its words made readable there', () => {
    expect(pageOf('/contact.html').probe!.typography?.menuBar).toMatchObject({
      color: 'rgb(119, 119, 119)',
      text: 'rgb(153, 153, 153)',
      weight: 700,
      isFullWidth: false,
    });
    const css = variablesOf('/contact.html');
    expect(css).toContain('--menu-box: linear-gradient(#777777, #777777);');
    expect(css).not.toContain('--menu-bar-bleed');
    // #999 on #777 is 1.7:1: white words instead (4.5:1).
    expect(css).toContain('--on-menu-bar: #ffffff;');
    expect(css).toContain('--menu-weight: 700;');
  });
});
