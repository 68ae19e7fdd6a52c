import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import type { EnginePorts } from '../../ports';
import type { RawSite } from '../../types';
import type { Node } from '../extract/dom';
import { findElements, getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const chromePath = await findChromePath();

/**
 * A bakery whose cookie bar a script adds on load, fixed to the bottom by a class (nothing in the
 * markup says where it sits) and filled with a pink larger than the site's green button, beside a
 * chat launcher in a corner (issue 23).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Bakery</title><style>
  body { margin: 0; background: #ffffff; color: #222222; }
  .cta { display: inline-block; padding: 10px 20px; background: #2e7d32; color: #ffffff; }
  .cc { position: fixed; left: 0; right: 0; bottom: 0; padding: 24px; background: #d81b60; color: #ffffff; }
  .cc button { display: inline-block; padding: 16px 48px; background: #ad1457; color: #ffffff; border: 0; }
  .help { position: fixed; right: 16px; bottom: 120px; padding: 8px; background: #6a1b9a; color: #ffffff; }
</style></head><body>
<main><h1>The Village Bakery</h1><p>Fresh bread from our wood oven, every morning since 1982.</p>
<p><a class="cta" href="/order">Order bread</a></p></main>
<footer><p><a href="/privacy">Privacy policy</a></p></footer>
<script>
  const bar = document.createElement('div');
  bar.className = 'cc';
  bar.id = 'cc';
  bar.innerHTML = 'We use cookies to improve your experience. <a href="/privacy">Learn more</a> <button>Accept all cookies</button>';
  document.body.append(bar);
  const help = document.createElement('div');
  help.className = 'help';
  help.id = 'help';
  help.innerHTML = '<button>Chat with us</button>';
  document.body.append(help);
  window.ready = true;
</script></body></html>`;

let site: TestServer;
let raw: RawSite;

beforeAll(async () => {
  site = await startTestServer({ '/': { body: PAGE } });
  if (chromePath) {
    raw = await fetchSite(
      `${site.origin}/`,
      { browser: 'always', maxPages: 1, allowPrivateUrls: true, respectRobots: false },
      { logger: buildRecordingLogger(), clock: { now: () => Date.now() } } satisfies EnginePorts,
    );
  }
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe.skipIf(!chromePath)('the overlay mark of the identity probe (issue 23)', () => {
  it('marks the cookie bar and the chat launcher a script laid over the page', () => {
    const document = parse(raw.pages[0]!.html) as Node;
    const marked = findElements(document, (e) => getAttr(e, PROBE_MARKS.overlay) !== undefined);
    expect(marked.map((e) => [getAttr(e, 'id'), getAttr(e, PROBE_MARKS.overlay)])).toEqual([
      ['cc', 'cookie'],
      ['help', 'chat'],
    ]);
  });

  it("takes the brand's colour from the site's button, not the cookie bar's", () => {
    const probe = raw.pages[0]!.probe!;
    expect(probe.buttons.map((button) => button.background)).toEqual(['rgb(46, 125, 50)']);
    expect(probe.accents.map((accent) => accent.color)).not.toContain('rgb(216, 27, 96)');
    expect(extractSite(raw).identity.colors.primary).toBe('#2e7d32');
  });

  it('leaves the overlays out of the page and lists them', () => {
    const page = extractSite(raw).pages[0]!;
    const text = page.textBlocks.join(' | ');
    expect(text).not.toMatch(/We use cookies|Chat with us/);
    expect(text).toContain('Privacy policy');
    const others = page.dropped.filter((item) => item.kind === 'other');
    expect(others.map((item) => item.what)).toEqual([
      'Cookie notice "We use cookies to improve your experience. Learn more Accept all cookies"',
      'Chat widget "Chat with us"',
    ]);
  });
});
