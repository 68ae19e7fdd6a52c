import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import type { EnginePorts } from '../../ports';
import type { RawSite } from '../../types';
import type { Element, Node } from '../extract/dom';
import { findElement, getAttr } from '../extract/dom';
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

const WORDS = 'How a trigger runs before and after a record is saved, step by step. '.repeat(6);

/**
 * A documentation page: a title bar with one link home (a `role=navigation` of its own), a column
 * pinned left (absolutely placed, 300 px) whose `<nav>` lists 60 pages, the text beside it.
 */
const DOCS = `<!doctype html><html lang="en"><head><title>Triggers</title><style>
  html, body { height: 100%; }
  body { margin: 0; font: 16px/24px Arial, sans-serif; }
  .book { position: relative; width: 100%; height: 100%; }
  .summary { position: absolute; top: 0; left: 0; bottom: 0; width: 300px; overflow-y: auto; }
  .summary ul { list-style: none; margin: 0; padding: 0; }
  .summary a { display: block; padding: 4px 15px; }
  .body { position: absolute; top: 0; left: 300px; right: 0; }
  .inner { max-width: 800px; margin: 0 auto; padding: 20px; }
</style></head><body><div class="book">
  <div class="summary" id="summary"><nav role="navigation"><ul>${Array.from(
    { length: 60 },
    (_, i) => `<li><a href="/chapter-${i + 1}.html">Chapter ${i + 1}</a></li>`,
  ).join('')}</ul></nav></div>
  <div class="body"><div class="bar" role="navigation"><h1><a href="/">Home</a></h1></div>
    <div class="inner"><h1>Triggers</h1><p>${WORDS}</p><p>${WORDS}</p></div></div>
</div><script>window.ready = true;</script></body></html>`;

/**
 * A club's page without a single semantic tag: a banner across the layout, then a menu column beside
 * the text (floats in one wrapper, the banner their sibling).
 */
const BANNER = `<!doctype html><html lang="en"><head><title>Harbour Rowing Club</title><style>
  body { margin: 0; font: 16px/24px Arial, sans-serif; }
  #page { width: 960px; margin: 0 auto; }
  #banner { height: 140px; background: #123456; color: #fff; }
  #menu { float: left; width: 180px; }
  #text { float: right; width: 760px; }
  #text img { width: 100%; }
</style></head><body><div id="page">
  <div id="banner"><p>Harbour Rowing Club, since 1921</p></div>
  <div id="menu"><a href="/crews.html">Crews</a><br><a href="/regattas.html">Regattas</a><br>
    <a href="/join.html">Join</a><br><a href="/boats.html">Boats</a><br>
    <a href="/history.html">History</a><br><a href="/contact.html">Contact</a></div>
  <div id="text"><p>${WORDS}</p><p>${WORDS}</p></div>
</div><script>window.ready = true;</script></body></html>`;

let site: TestServer;
let docs: RawSite;
let banner: RawSite;

const read = (url: string) =>
  fetchSite(url, { browser: 'always', maxPages: 1, allowPrivateUrls: true, respectRobots: false }, {
    logger: buildRecordingLogger(),
    clock: { now: () => Date.now() },
  } satisfies EnginePorts);

beforeAll(async () => {
  site = await startTestServer({
    '/docs.html': { body: DOCS },
    '/club.html': { body: BANNER },
  });
  if (chromePath) {
    docs = await read(`${site.origin}/docs.html`);
    banner = await read(`${site.origin}/club.html`);
  }
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const byId = (document: Node, id: string) =>
  findElement(document, (e) => getAttr(e, 'id') === id) as Element;

describe.skipIf(!chromePath)('sidebars read from what the page shows (issue 23)', () => {
  it('keeps a 60-link menu column of a documentation page as its sidebar, not the header menu', () => {
    const document = parse(docs.pages[0]!.html) as Node;
    expect(getAttr(byId(document, 'summary'), 'data-sitelift-aside')).toBe('left');
    const model = extractSite(docs);
    const page = model.pages[0]!;
    expect(page.aside).toMatchObject({ side: 'left', width: 300, isNavigation: true });
    const list = page.aside!.blocks.find((block) => block.kind === 'list');
    expect(list?.kind === 'list' && list.items.length).toBe(60);
    expect(page.navLinks.map((link) => link.label)).not.toContain('Chapter 1');
    expect((model.identity.menu ?? []).map((item) => item.label)).not.toContain('Chapter 1');
  });

  it('keeps a banner across a page without semantic tags above its columns', () => {
    const document = parse(banner.pages[0]!.html) as Node;
    expect(getAttr(byId(document, 'menu'), 'data-sitelift-aside')).toBe('left');
    // The columns begin at the menu: the banner (their sibling, wholly above them) is not beside.
    expect(getAttr(byId(document, 'menu'), 'data-sitelift-aside-start')).toBe('left');
    expect(getAttr(byId(document, 'banner'), 'data-sitelift-aside-start')).toBeUndefined();

    const page = extractSite(banner).pages[0]!;
    const at = page.sections.findIndex((section) => section.id === page.aside?.besideFrom);
    expect(at).toBe(1);
    expect(JSON.stringify(page.sections[0])).toContain('since 1921');
  });
});
