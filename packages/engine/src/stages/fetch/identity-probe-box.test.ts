import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTokens } from '../../design/offline-designer';
import { STRATEGY_PROFILES } from '../../model/strategy-profiles';
import type { DesignTokens } from '../../model';
import type { Strategy } from '../../types';
import { extractSite } from '../extract/extract-site';
import { toStylesheet } from '../generate/templates/styles';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, probeSite, type ProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

const WORDS =
  'We coach teams and their leaders through change, one conversation at a time, for as long as it takes. ';

/** An old theme's page: a white 960 px column on a grey page, the header in it, the footer under it. */
const BOXED = `<!doctype html><html lang="en"><head><title>Coach</title><style>
  body { margin: 0; background: #d4d4d4; color: #333333; font: 15px/24px Arial, sans-serif; }
  #wrapper { width: 960px; margin: 20px auto 0; background: #ffffff; padding: 0 20px; box-sizing: border-box; }
  #header { height: 90px; }
  #footer { background: #222222; color: #eeeeee; padding: 20px; }
</style></head><body>
  <div id="wrapper">
    <div id="header"><a href="/">Coach</a> <ul class="menu"><li><a href="/">Home</a></li><li><a href="/about.html">About</a></li></ul></div>
    <div id="content"><h1>Coaching for teams</h1><p>${WORDS.repeat(8)}</p><h2>How we work</h2><p>${WORDS.repeat(8)}</p><p>${WORDS.repeat(8)}</p></div>
  </div>
  <div id="footer"><p>Coach, Main street 4</p></div>
  <script>window.ready = true;</script>
</body></html>`;

/** The same page whose column and page share their white: a centred column, no box. */
const PLAIN = BOXED.replace('background: #d4d4d4;', 'background: #ffffff;');

/**
 * A table-era page: a 780 px table centred on a dark page, no fill of its own, its cells grey with
 * black words (a FrontPage layout): the cells' grey is the column's fill.
 */
const CELLS = `<!doctype html><html lang="en"><head><title>Garage</title><style>
  body { margin: 0; background: #1c2333; color: #000000; font: 15px/24px Arial, sans-serif; }
</style></head><body>
  <table width="780" align="center" cellspacing="6" cellpadding="8">
    <tr><td colspan="2" bgcolor="#c0c0c0" height="80"><a href="/">Garage</a></td></tr>
    <tr><td width="160" bgcolor="#c0c0c0" valign="top"><a href="/">Home</a><br><a href="/about.html">About</a></td>
      <td bgcolor="#c0c0c0"><h1>Repairs</h1><p>${WORDS.repeat(10)}</p><p>${WORDS.repeat(10)}</p><p>${WORDS.repeat(10)}</p></td></tr>
    <tr><td colspan="2" bgcolor="#c0c0c0" align="center">Garage, Main street 4</td></tr>
  </table>
  <script>window.ready = true;</script>
</body></html>`;

const strategies: Strategy[] = ['STYLE_MODERNIZATION', 'INCREMENTAL_UPDATE', 'FULL_REBUILD'];

let boxed: ProbedSite;
let plain: ProbedSite;
let cells: ProbedSite;
let browser: Browser | undefined;

beforeAll(async () => {
  boxed = await probeSite({ '/': BOXED }, 1);
  plain = await probeSite({ '/': PLAIN }, 1);
  cells = await probeSite({ '/': CELLS }, 1);
  if (chromePath)
    browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
}, 90_000);

afterAll(async () => {
  await boxed?.close();
  await plain?.close();
  await cells?.close();
  await browser?.close();
});

/** The rebuild's stylesheet without Tailwind's build: its theme as plain custom properties. */
const plainCss = (tokens: DesignTokens): string =>
  toStylesheet(tokens, false).replace('@import "tailwindcss";', '').replace('@theme {', ':root {');

/** Where the rebuild's landmarks sit, and their fills, at a viewport width. */
async function layoutAt(tokens: DesignTokens, width: number) {
  const page = await browser!.newPage({ viewport: { width, height: 800 } });
  try {
    await page.setContent(
      `<!doctype html><html><head><style>${plainCss(tokens)}</style></head><body style="margin:0">
      <header class="site-header"><div class="header-bar">Coach</div></header>
      <main id="main"><p>${WORDS}</p></main>
      <footer class="site-footer"><p>Coach</p></footer></body></html>`,
    );
    return await page.evaluate(() => {
      const box = (selector: string) => {
        const e = document.querySelector(selector)!;
        const r = e.getBoundingClientRect();
        return { left: Math.round(r.left), width: Math.round(r.width) };
      };
      return {
        header: box('.site-header'),
        main: box('main'),
        footer: box('.site-footer'),
        mainFill: getComputedStyle(document.querySelector('main')!).backgroundColor,
        page: getComputedStyle(document.body).backgroundColor,
      };
    });
  } finally {
    await page.close();
  }
}

describe.skipIf(!chromePath)('a boxed page (issue 23)', () => {
  it('reads the white column on the grey page, with the header inside it and the footer out', () => {
    expect(boxed.raw!.pages[0]!.probe!.background).toEqual({ color: 'rgb(212, 212, 212)' });
    expect(boxed.raw!.pages[0]!.probe!.typography!.box).toEqual({
      width: 960,
      color: 'rgb(255, 255, 255)',
      header: true,
    });
  });

  it('reads no box where the column and the page share their colour', () => {
    expect(plain.raw!.pages[0]!.probe!.typography).toBeDefined();
    expect(plain.raw!.pages[0]!.probe!.typography!.box).toBeUndefined();
    const tokens = buildTokens(extractSite(plain.raw!), STRATEGY_PROFILES.STYLE_MODERNIZATION);
    expect(tokens.typography?.box).toBeUndefined();
  });

  it('keeps the column in STYLE_MODERNIZATION only', () => {
    const model = extractSite(boxed.raw!);
    for (const strategy of strategies) {
      const tokens = buildTokens(model, STRATEGY_PROFILES[strategy]);
      if (strategy === 'STYLE_MODERNIZATION')
        expect(tokens.typography?.box).toEqual({
          width: 960,
          color: '#ffffff',
          ground: '#d4d4d4',
          header: true,
        });
      else expect(tokens.typography?.box).toBeUndefined();
    }
  });

  it('draws the box over the grey page at 1440 px and spans a phone with it', async () => {
    const model = extractSite(boxed.raw!);
    const kept = buildTokens(model, STRATEGY_PROFILES.STYLE_MODERNIZATION);
    const desktop = await layoutAt(kept, 1440);
    expect(desktop.main).toEqual({ left: 240, width: 960 });
    expect(desktop.header).toEqual({ left: 240, width: 960 });
    expect(desktop.footer).toEqual({ left: 0, width: 1440 });
    expect(desktop.mainFill).toBe('rgb(255, 255, 255)');
    expect(desktop.page).toBe('rgb(212, 212, 212)');
    // The words are drawn on the column's white.
    expect(kept.colors.background).toBe('#ffffff');
    const phone = await layoutAt(kept, 375);
    expect(phone.main).toEqual({ left: 0, width: 375 });
    expect(phone.mainFill).toBe('rgb(255, 255, 255)');
    expect(phone.page).toBe('rgb(255, 255, 255)');
    // The other strategies draw the page across the width, as before.
    const restructured = await layoutAt(buildTokens(model, STRATEGY_PROFILES.FULL_REBUILD), 1440);
    expect(restructured.main).toEqual({ left: 0, width: 1440 });
    expect(restructured.mainFill).toBe('rgba(0, 0, 0, 0)');
  });

  it("reads a table's grey cells on a dark page as a light column the words are drawn on", () => {
    expect(cells.raw!.pages[0]!.probe!.typography!.box).toMatchObject({
      width: 780,
      color: 'rgb(192, 192, 192)',
    });
    const tokens = buildTokens(extractSite(cells.raw!), STRATEGY_PROFILES.STYLE_MODERNIZATION);
    expect(tokens.typography?.box).toMatchObject({
      width: 780,
      color: '#c0c0c0',
      ground: '#1c2333',
    });
    // The grey the black words read on stays the canvas; the scheme is the column's, not the page's.
    expect(tokens.scheme).toBe('light');
    expect(tokens.colors.background).toBe('#c0c0c0');
  });
});
