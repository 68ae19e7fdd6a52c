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
  'Notes from the orchard about the trees, the soil and the seasons, long enough to wrap. '.repeat(
    4,
  );

/** A site bar (a nav, the site's header) over a 1100 px wrapper (20 px padding): 1060 px of text. */
const HEAD = `<!doctype html><html lang="en"><head><title>Orchard</title><style>
  body { margin: 0; background: #ffffff; color: #222222; font: 16px/24px Arial, sans-serif; }
  .bar { height: 60px; background: #eeeeee; }
  .wrap { max-width: 1100px; margin: 0 auto; padding: 0 20px; box-sizing: border-box; }
  .intro p { max-width: 600px; }
  h1 { font-size: 40px; margin: 20px 0; }
</style></head><body>
  <nav class="bar"><div class="wrap"><a href="/">Orchard</a>
    <a href="/">Home</a> <a href="/note.html">Note</a> <a href="/about.html">About</a>
    <a href="/post.html">Post</a></div></nav>`;

/**
 * The page's title and intro in a second header under the site's bar (a 600 px measure), and
 * under it one short line in a box as wide as the column.
 */
const INTRO = `${HEAD}
  <header id="intro" class="intro"><div class="wrap"><h1>Orchard</h1>
    <p>${WORDS}</p><p>${WORDS}</p></div></header>
  <section><div class="wrap"><p>Open on Sundays.</p></div></section>
  ${SCRIPT}
</body></html>`;

/** A page whose only paragraph is one short line in a box as wide as the column. */
const NOTE = `${HEAD}
  <section><div class="wrap"><h1>Note</h1><p>Closed for the winter.</p></div></section>
  ${SCRIPT}
</body></html>`;

/** A page whose one paragraph is a single line running most of the column's width. */
const ABOUT = `${HEAD}
  <section><div class="wrap"><h1>About</h1>
    <p>The orchard was planted by the family in the spring of nineteen twenty-one, apple trees first.</p>
    <p>Pears.</p></div></section>
  ${SCRIPT}
</body></html>`;

/** A post whose article header (its h1 and byline) is all the text it shows. */
const POST = `${HEAD}
  <section><div class="wrap"><article><header><h1>Pruning</h1>
    <p style="font-size: 12px">March 3 by the gardener</p></header><div></div></article></div></section>
  ${SCRIPT}
</body></html>`;

let site: TestServer;
let raw: RawSite;

beforeAll(async () => {
  site = await startTestServer({
    '/': { body: INTRO },
    '/note.html': { body: NOTE },
    '/about.html': { body: ABOUT },
    '/post.html': { body: POST },
  });
  if (chromePath) {
    raw = await fetchRendered(site.origin, 4);
  }
}, 60_000);

afterAll(async () => {
  await site?.close();
});

const typographyOf = (path: string) => {
  const page = raw.pages.find((p) => p.url === `${site.origin}${path}`);
  if (!page?.probe) throw new Error(`${path} was not probed`);
  return page.probe.typography;
};
const columnOf = (path: string) => typographyOf(path)?.column;

describe.skipIf(!chromePath)("the identity probe's measure (issue 23)", () => {
  it("measures the intro a second header holds under the site's bar: it is the page's text", () => {
    // The column is the wrapper's content box, (1440 - 1100) / 2 + 20; the intro wraps at 600 px.
    expect(columnOf('/')).toEqual({ left: 190, width: 1060, measure: 600, isCentered: true });
  });

  it('measures a short line by its words, and says so when nothing was left to measure', () => {
    // "Closed for the winter." runs far less than half the column: the measure is a guess.
    expect(columnOf('/note.html')).toEqual({
      left: 190,
      width: 1060,
      measure: 1060,
      isCentered: true,
      isMeasureGuessed: true,
    });
  });

  it('measures a one-line paragraph by the length of its line, not its box', () => {
    const column = columnOf('/about.html')!;
    // The long line runs more than half the column and less than all of it.
    expect(column.measure).toBeGreaterThan(530);
    expect(column.measure).toBeLessThan(900);
    expect(column.isMeasureGuessed).toBeUndefined();
  });

  it("reads no body text from an article's header: its byline is no prose", () => {
    expect(typographyOf('/post.html')).toBeUndefined();
  });
});
