import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import { buildTokens } from '../../design/offline-designer';
import { plainText, type Block } from '../../model';
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

/**
 * A page re-made in a page builder (issue 23): the logo, then a dark bar boxed to the page's column
 * whose <nav> holds anchors with no address (placeholder links the builder leaves unwired), its
 * light capital words on the bar's right.
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Garden</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 16px/1.5 Verdana, sans-serif; }
  .top { padding: 10px 50px; }
  .top img { display: block; width: 80px; height: 80px; }
  .bar { margin: 0 50px; width: 1220px; background: #222222; height: 70px; display: flex; justify-content: flex-end; align-items: center; }
  .bar nav { display: flex; padding-right: 140px; }
  .bar nav a { color: #dddddd; padding: 10px 15px; text-transform: uppercase; cursor: pointer; }
  main { width: 900px; margin: 40px auto; }
</style></head><body>
  <div class="top"><img src="/logo.png" alt="The Garden"><div class="bar"><nav><a>Home</a><a>Plants</a><a>Visit</a></nav></div></div>
  <main><h1>The garden</h1><p>Plain words about the garden and its plants, long enough to read well.</p>
  <p>More words about the seasons in the garden, and when the gates are open to walk in.</p></main>
  <script>window.ready = true;</script>
</body></html>`;

let site: TestServer;
let raw: RawSite;

beforeAll(async () => {
  site = await startTestServer({ '/': { body: PAGE } });
  if (chromePath) {
    raw = await fetchRendered(site.origin, 2);
  }
}, 60_000);

afterAll(async () => {
  await site?.close();
});

const wordsOf = (blocks: readonly Block[]): string =>
  blocks.map((block) => JSON.stringify(block)).join(' ');

describe.skipIf(!chromePath)('a menu of placeholder links (issue 23)', () => {
  it('is the menu: its dark bar is read and rebuilt', () => {
    const page = raw.pages[0]!;
    expect(page.probe?.typography?.menuBar).toMatchObject({
      color: 'rgb(34, 34, 34)',
      text: 'rgb(221, 221, 221)',
      height: 70,
    });
    const model = extractSite(raw);
    const css = toTypeScaleVariables(buildTokens(model, { keepsOriginalLayout: true }).typography);
    expect(css).toContain('--menu-bar-fill: #222222');
  });

  it('its words are not the page content', () => {
    const model = extractSite(raw);
    const page = model.pages[0]!;
    const content = page.sections.map((s) => wordsOf(s.blocks)).join(' ');
    expect(content).toContain('Plain words about the garden');
    expect(content).not.toContain('Plants');
    expect(plainText(page.sections[0]?.heading?.inlines ?? [])).not.toContain('Plants');
  });
});
