import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import type { EnginePorts } from '../../ports';
import type { RawSite } from '../../types';
import type { Element, Node } from '../extract/dom';
import { findElement, findElements, getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const chromePath = await findChromePath();

const WORDS = 'Words about the project, long enough to fill a few lines of a column. '.repeat(3);
/** A column of names far taller than a screen and a half (a thank-you page's lists). */
const NAMES = 'Mr. and Mrs. A. Name<br>'.repeat(70);

/**
 * Centring by a class of the site's own, a row of two columns (58/42), a row whose text floats
 * right before a picture floated left (an empty mount point between them; the first of parts stacked
 * alike), a pager whose links
 * float (Bootstrap 3's pagination), a plain bulleted list and muted paragraphs (decision record 032).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Work</title><style>
  body { margin: 0; font: 16px/24px Arial, sans-serif; }
  .container { width: 1170px; margin: 0 auto; }
  .team { text-align: center; }
  p { color: #777777; } h2, h3 { color: #333333; }
  .row { display: flex; }
  .wide { width: 58.33%; } .narrow { width: 41.67%; } .third { width: 33.33%; }
  .intro { overflow: hidden; } .text { float: right; width: 70%; } .side { float: left; width: 25%; }
  .pagination { list-style: none; padding: 0; }
  .pagination > li { display: inline; }
  .pagination > li > a { float: left; padding: 6px 12px; }
</style></head><body>
<nav><a href="/">Home</a> <a href="/work.html">Work</a> <a href="/team.html">Team</a></nav>
<div class="container">
  <div class="team"><h2>Our team</h2><p>Kay Garland, lead designer</p></div>
  <div class="row" id="project">
    <div class="wide"><h3>Project one</h3><p>${WORDS}</p></div>
    <div class="narrow"><p>${WORDS}</p></div>
  </div>
  <div class="parts">
    <section class="intro" id="intro">
      <div class="text"><h3>Welcome</h3><p>${WORDS}</p></div>
      <div id="mount"></div>
      <div class="side"><p>Our logo</p></div>
    </section>
    <section class="intro"><h3>Program</h3><p>${WORDS}</p></section>
    <section class="intro"><h3>Speakers</h3><p>${WORDS}</p></section>
  </div>
  <div class="row" id="donors">
    <div class="third"><h3>Thanks</h3><p>${NAMES}</p></div>
    <div class="third"><h3>Donors</h3><p>${NAMES}</p></div>
    <div class="third"><h3>Sponsors</h3><p>${NAMES}</p></div>
  </div>
  <ul class="pagination" id="pages"><li><a href="#1">1</a></li><li><a href="#2">2</a></li><li><a href="#3">3</a></li></ul>
  <ul id="bullets" style="clear: both"><li>One</li><li>Two</li></ul>
</div><script>window.ready = true;</script></body></html>`;

let site: TestServer;
let raw: RawSite;

beforeAll(async () => {
  site = await startTestServer({ '/': { body: PAGE } });
  if (chromePath) {
    raw = await fetchSite(
      `${site.origin}/`,
      { browser: 'always', maxPages: 1, allowPrivateUrls: true, respectRobots: false },
      {
        logger: buildRecordingLogger(),
        clock: { now: () => Date.now() },
      } satisfies EnginePorts,
    );
  }
}, 60_000);

afterAll(async () => {
  await site?.close();
});

const byId = (document: Node, id: string) =>
  findElement(document, (e) => getAttr(e, 'id') === id) as Element;

describe.skipIf(!chromePath)('the layout marks of the identity probe (decision record 032)', () => {
  it('marks computed alignment, layout rows with their shares, and lists shown in a row', () => {
    const document = parse(raw.pages[0]!.html) as Node;
    const body = findElement(document, (e) => e.tagName === 'body')!;
    expect(getAttr(body, 'data-sitelift-align')).toBe('left');
    // The site's own class centred the team: marked where the alignment changes, not below.
    const centred = findElements(document, (e) => getAttr(e, 'data-sitelift-align') === 'center');
    expect(centred.map((e) => getAttr(e, 'class'))).toEqual(['team']);

    const row = byId(document, 'project');
    expect(getAttr(row, 'data-sitelift-row')).toBe('58.3 41.7');
    expect(
      findElements(row, (e) => getAttr(e, 'data-sitelift-col') !== undefined).map((e) =>
        getAttr(e, 'class'),
      ),
    ).toEqual(['wide', 'narrow']);

    // Floats swapped the markup's order: the columns' places follow what the eye reads.
    const intro = byId(document, 'intro');
    expect(getAttr(intro.parentNode as Element, 'data-sitelift-columns')).toBe('1');
    expect(getAttr(intro, 'data-sitelift-row')).toBe('26.3 73.7');
    expect(getAttr(byId(document, 'mount'), 'data-sitelift-col')).toBeUndefined();
    expect(
      findElements(intro, (e) => getAttr(e, 'data-sitelift-col') !== undefined).map(
        (e) => `${getAttr(e, 'class')}:${getAttr(e, 'data-sitelift-col')}`,
      ),
    ).toEqual(['text:2', 'side:1']);
    const columns = extractSite(raw)
      .pages[0]!.sections.flatMap((section) => section.blocks)
      .flatMap((block) => (block.kind === 'items' && block.widths ? [block] : []));
    expect(columns[1]!.items.map((item) => JSON.stringify(item.blocks))).toEqual([
      expect.stringContaining('Our logo'),
      expect.stringContaining('Words about'),
    ]);

    // Parts found alike side by side, each a list far taller than a screen: still a row.
    const donors = byId(document, 'donors');
    expect(getAttr(donors, 'data-sitelift-columns')).toBe('3');
    expect(getAttr(donors, 'data-sitelift-row')).toBe('33.3 33.3 33.3');

    expect(getAttr(byId(document, 'pages'), 'data-sitelift-inline')).toBe('');
    // The body text's colour is its paragraphs' (muted grey), not the body's default black.
    expect(raw.pages[0]!.probe?.text).toBe('rgb(119, 119, 119)');
    expect(getAttr(byId(document, 'bullets'), 'data-sitelift-inline')).toBeUndefined();
  });
});
