// @vitest-environment jsdom
// The in-page steps run on a page jsdom styles with its stylesheet (the probe itself runs in
// Chromium). jsdom lays nothing out, so every box is given a size.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { readAccents } from './accents';
import { markButtons } from './buttons';
import { markOverlays } from './overlays';

const overlays = (): [string, string | null][] =>
  [...document.querySelectorAll(`[${PROBE_MARKS.overlay}]`)].map((e) => [
    e.id,
    e.getAttribute(PROBE_MARKS.overlay),
  ]);

/** Gives every box `width` × `height` px, and the ones named in `sizes` their own. */
function layOut(sizes: Record<string, [number, number]> = {}): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const [width, height] = sizes[this.id] ?? [120, 40];
    return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height } as DOMRect;
  });
}

describe('markOverlays', () => {
  beforeEach(() => {
    document.head.innerHTML = `<style>
      .bar { position: fixed; bottom: 0; left: 0; right: 0 }
      .corner { position: fixed; bottom: 20px; right: 20px }
      .top { position: sticky; top: 0 }
      .later { display: none }
    </style>`;
  });
  afterEach(() => vi.restoreAllMocks());

  it('marks a cookie bar, a newsletter pop-up and a chat launcher the stylesheet fixes, outermost only', () => {
    layOut({ signup: [600, 400] });
    document.body.innerHTML = `<p>Fresh bread every morning.</p>
      <div id="cc" class="bar"><div class="bar" id="inner">We use cookies to improve your experience.
        <a href="/privacy">Learn more</a> <button>Accept</button></div></div>
      <div id="de" class="bar later">Wir verwenden Cookies. <button>Alle akzeptieren</button></div>
      <div id="signup" class="bar"><h2>Join our newsletter</h2>
        <input type="text" name="email" placeholder="E-mail"><button>Subscribe</button></div>
      <div id="chat" class="corner"><iframe title="Live chat"></iframe></div>`;
    markOverlays();
    expect(overlays()).toEqual([
      ['cc', 'cookie'],
      ['de', 'cookie'],
      ['signup', 'newsletter'],
      ['chat', 'chat'],
    ]);
  });

  it("leaves the page's own fixed parts: a sticky header, a wide help bar, a dialog a button opens", () => {
    layOut({ header: [1024, 80], helpbar: [1024, 60] });
    document.body.innerHTML = `<header id="header" class="top"><nav><a href="/">Home</a>
        <a href="/support">Support</a></nav></header>
      <div id="helpbar" class="top">Need help? Call us on 555 0100.</div>
      <button data-target="#signup">Subscribe</button>
      <div id="signup" class="bar"><input type="email"><button>Subscribe</button>
        <p>Our newsletter, once a month.</p></div>
      <footer><h3>Privacy</h3><p>We use cookies to count visits.</p><a href="/">OK</a></footer>`;
    markOverlays();
    expect(overlays()).toEqual([]);
  });
});

describe('colour readings past the overlays', () => {
  afterEach(() => vi.restoreAllMocks());

  it("takes neither a cookie bar's fill nor its Accept button as the site's colours", () => {
    layOut();
    document.head.innerHTML = `<style>
      body * { opacity: 1 }
      .bar { position: fixed; bottom: 0; background-color: rgb(216, 27, 96); color: rgb(255, 255, 255) }
      .bar button, .cta { display: inline-block; padding: 8px 16px; color: rgb(255, 255, 255) }
      .bar button { background-color: rgb(216, 27, 96) }
      .cta { background-color: rgb(46, 125, 50) }
    </style>`;
    document.body.innerHTML = `<h1>The Village Bakery</h1><p><a class="cta" href="/order">Order</a></p>
      <div id="cc" class="bar">We use cookies. <button>Accept</button></div>`;
    markOverlays();
    const { accents } = readAccents();
    const { buttons } = markButtons(null);
    expect([...accents.keys()]).not.toContain('rgb(216, 27, 96)');
    expect([...buttons.keys()].map((key) => key.split('|')[0])).toEqual(['rgb(46, 125, 50)']);
  });
});
