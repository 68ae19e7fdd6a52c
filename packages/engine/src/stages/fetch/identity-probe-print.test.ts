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
 * A print header hidden on screen by a selector extract cannot match without a browser (a
 * descendant rule), a print-only footer line from a `<style media="print">`, and an answer panel
 * that the print style also opens but a button controls (issue 23).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Shop</title><style>
  .site-head .stamp, footer .printed { display: none; }
  .answer { display: none; }
  @media print { .site-head .stamp { display: block; } .answer { display: block; } }
</style><style media="print">footer .printed { display: block; }</style></head><body>
<div class="site-head"><p class="stamp" id="stamp">Printed from www.shop.example</p><a href="/">Shop</a></div>
<main><h1>Garden shop</h1><p>Seeds, tools and advice for every garden.</p>
<button aria-controls="a1" aria-expanded="false">Do you ship abroad?</button>
<div class="answer" id="a1"><p>Yes, across Europe.</p></div></main>
<footer><p class="printed" id="printed">Page printed on a printer</p><p>Shop Ltd</p></footer>
<script>window.ready = true;</script></body></html>`;

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

describe.skipIf(!chromePath)('the print-only mark of the identity probe (issue 23)', () => {
  it('marks what only print shows, never a panel a control opens', () => {
    const document = parse(raw.pages[0]!.html) as Node;
    const marked = findElements(document, (e) => getAttr(e, PROBE_MARKS.printOnly) !== undefined);
    expect(marked.map((e) => getAttr(e, 'id'))).toEqual(['stamp', 'printed']);
  });

  it('leaves the marked words out of the page, the panel in', () => {
    const page = extractSite(raw).pages[0]!;
    const text = page.textBlocks.join(' | ');
    expect(text).not.toContain('Printed from');
    expect(text).not.toContain('Page printed');
    expect(text).toContain('Yes, across Europe.');
    expect(page.dropped.map((item) => item.what)).toContain(
      'Print-only text "Printed from www.shop.example"',
    );
  });
});
