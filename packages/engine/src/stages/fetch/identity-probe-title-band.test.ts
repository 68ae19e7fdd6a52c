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

/**
 * A header band of its own in a diagonal gradient, the name large and light in its middle with a
 * line under it; the menu under the band on a dark bar across the page, its items outlined pills
 * gathered in the middle, each label on one line.
 */
const TITLED = `<!doctype html><html lang="en"><head><title>Observatory</title><style>
  body { margin: 0; background: #0a0a2c; color: #e8e9ea; font: 16px/1.5 Verdana, sans-serif; }
  .band { background: linear-gradient(135deg, #1e3a5f 0%, #4a0e4e 50%, #1a237e 100%); padding: 48px 0; text-align: center; }
  .band h1 { margin: 0; font-size: 56px; color: #dfe9ff; }
  .band p { margin: 16px 0 0; font-size: 28px; }
  .menu { background: #0d1421; padding: 8px 0; }
  .menu ul { margin: 0 auto; max-width: 1200px; padding: 0; list-style: none; display: flex; justify-content: center; gap: 8px; }
  .menu a { display: inline-block; padding: 6px 13px; border-radius: 20px; border: 1px solid #3b4a63; background: #1b2638; color: #e8e9ea; white-space: nowrap; text-decoration: none; }
</style></head><body>
  <header class="band"><h1>Ada Example</h1><p>Statistics of the stars</p></header>
  <nav class="menu"><ul><li><a href="/">About Me</a></li><li><a href="/wide.html">Our Team</a></li>
    <li><a href="/#work">My Work</a></li><li><a href="/#join">Join Us</a></li><li><a href="/#bio">Biography</a></li></ul></nav>
  <main><h2>Who am I?</h2>${WORDS}</main>
  ${SCRIPT}
</body></html>`;

/**
 * A banner, then a dark bar across the page whose long capital labels wrap to a second row, each
 * row in the bar's middle, every label on one line.
 */
const LONG = [
  'Home',
  'About Us',
  'Contact Us',
  'Donation Corner',
  'Photo Gallery',
  'Mahalo Corner',
  'Classes For All Ages',
  'Upcoming Public Performances',
]
  .map((label, i) => `<li><a href="/wide.html#${i}">${label}</a></li>`)
  .join('');
const WIDE = `<!doctype html><html lang="en"><head><title>Drums</title><style>
  body { margin: 0; background: #ffffff; color: #333333; font: 16px/1.5 Verdana, sans-serif; }
  .banner { height: 180px; background: #000000; color: #ffffff; }
  #nav { background: #333333; text-align: center; }
  #nav ul { margin: 0; padding: 0; list-style: none; }
  #nav li { display: inline-block; margin-left: 1em; }
  #nav a { display: block; padding: 20px 8px; color: #c0c0c0; font-size: 20px; text-transform: uppercase; text-decoration: none; }
</style></head><body>
  <div class="banner"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Drums" width="600" height="160"></div>
  <div id="nav"><ul>${LONG}</ul></div>
  <main><h1>Drums</h1>${WORDS}</main>
  ${SCRIPT}
</body></html>`;

let site: TestServer;
let raw: RawSite;

beforeAll(async () => {
  site = await startTestServer({ '/': { body: TITLED }, '/wide.html': { body: WIDE } });
  if (chromePath) {
    raw = await fetchRendered(site.origin, 5);
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

describe.skipIf(!chromePath)('the header band with a title and the menu row (issue 23)', () => {
  it("reads the band's centred title, its gradient and where the menu starts under it", () => {
    const band = pageOf('/').probe!.typography?.header;
    expect(band?.title).toMatchObject({
      text: 'Ada Example',
      size: 56,
      color: 'rgb(223, 233, 255)',
    });
    expect(band?.title?.height).toBeGreaterThan(150);
    expect(band?.gradient).toBe(
      'linear-gradient(135deg, rgb(30, 58, 95) 0%, rgb(74, 14, 78) 50%, rgb(26, 35, 126) 100%)',
    );
  });

  it('draws the title band in its gradient, the title large and light', () => {
    const css = variablesOf('/');
    expect(css).toMatch(/--title-band-h: \d+px;/);
    expect(css).toContain(
      '--title-band: linear-gradient(135deg, #1e3a5f 0%, #4a0e4e 50%, #1a237e 100%);',
    );
    expect(css).toContain('--title-size: 56px;');
    expect(css).toContain('--title-color: #dfe9ff;');
  });

  it("keeps pills on the menu's bar as pills, centred, labels on one line", () => {
    const probe = pageOf('/').probe!;
    expect(probe.typography?.menuBar).toMatchObject({
      color: 'rgb(13, 20, 33)',
      isFullWidth: true,
    });
    expect(probe.typography?.menuRow).toMatchObject({
      isCentered: true,
      isOneLine: true,
      radius: 20,
    });
    const css = variablesOf('/');
    expect(css).toContain('--menu-bar-bleed:');
    expect(css).toContain('--menu-item-radius: 20px;');
    expect(css).not.toContain('--menu-item-radius: 0;');
    expect(css).toContain('--menu-justify: center;');
    expect(css).toContain('--nav-link-max: none;');
  });

  it('centres a menu whose rows wrapped where each row sat in the middle, labels unwrapped', () => {
    const row = pageOf('/wide.html').probe!.typography?.menuRow;
    expect(row).toEqual({ isCentered: true, isOneLine: true, linkHeight: 70 });
    const css = variablesOf('/wide.html');
    // Each link as tall as the original's: the rows keep their pitch.
    expect(css).toContain('--nav-link-h: 70px;');
    expect(css).toContain('--menu-justify: center;');
    expect(css).toContain('--nav-link-wrap: nowrap;');
    // Plain links: no corners of their own.
    expect(css).not.toMatch(/--menu-item-radius: [1-9]/);
    // No title band: the banner is a picture, not a title in words.
    expect(css).not.toContain('--title-band');
  });
});
