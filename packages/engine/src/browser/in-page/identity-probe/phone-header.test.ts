// @vitest-environment jsdom
// The in-page step runs on a page jsdom styles with its stylesheet (the reading itself runs in
// Chromium at 375 px). jsdom lays nothing out, so every box is given a place and a size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { measurePhoneHeader } from './phone-header';

/** Lays out the elements named in `boxes` (top, width, height); others 375 × 300 at 2000 px. */
function layOut(boxes: Record<string, [number, number, number]>): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const [y, width, height] = boxes[this.id] ?? [2000, 375, 300];
    return { x: 0, y, top: y, left: 0, right: width, bottom: y + height, width, height } as DOMRect;
  });
}

const PHONE = { height: 812 };
const STYLE = '<style>* { opacity: 1 }</style>';

describe('measurePhoneHeader', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('reads a bar holding the brand and the menu button beside it', () => {
    document.body.innerHTML = `${STYLE}
      <header id="bar"><a id="brand" data-sitelift-brand href="/">Studio</a>
        <button id="toggle" aria-label="Open menu">≡</button>
        <nav id="nav" data-sitelift-menu><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></nav>
      </header><main id="main"><p>Words</p></main>`;
    layOut({ bar: [0, 375, 50], brand: [12, 120, 26], toggle: [5, 40, 40], main: [50, 375, 900] });
    expect(measurePhoneHeader(PHONE)).toEqual({ height: 50, isOneRow: true });
  });

  it('reads a menu button on a bar of its own, in a row the brand does not share', () => {
    document.body.innerHTML = `${STYLE}
      <div id="top"><a id="toggle" class="menu-icon" href="#"></a></div>
      <div id="logo-row"><a id="brand" data-sitelift-brand href="/"><img id="logo" src="/l.png" alt=""></a></div>`;
    layOut({ toggle: [0, 44, 36], brand: [100, 200, 80], logo: [100, 200, 80] });
    expect(measurePhoneHeader(PHONE)).toEqual({ height: 36 });
  });

  it("reads a phone's own bar holding a copy of the hidden brand's logo and the menu button over it", () => {
    document.body.innerHTML = `${STYLE}
      <div id="header" style="display: none"><a id="brand" data-sitelift-brand href="/"><img id="logo" src="/banner.png" alt="Name"></a></div>
      <div id="title-bar"><a id="toggle" class="toggle" href="#nav-panel"></a><span id="title"><img id="copy" src="/banner.png" alt="Name"></span></div>
      <main id="main"><p>Words</p></main>`;
    // The hidden header's boxes are empty, as Chromium draws them.
    layOut({
      header: [0, 0, 0],
      brand: [0, 0, 0],
      logo: [0, 0, 0],
      toggle: [0, 80, 60],
      title: [0, 375, 64],
      copy: [0, 375, 47],
      main: [75, 375, 900],
    });
    expect(measurePhoneHeader(PHONE)).toEqual({ height: 60, isOneRow: true });
  });

  it('finds no bar where the page opens with a title and its menu shows under it', () => {
    document.body.innerHTML = `${STYLE}
      <header id="title"><h1>A Name</h1><button id="theme" aria-label="Toggle dark mode">☾</button></header>
      <div id="links" data-sitelift-menu><a href="/cv">CV</a>
        <ul><li><button id="more" class="dropdown-toggle" aria-expanded="false">More</button></li></ul></div>`;
    layOut({
      title: [0, 375, 183],
      theme: [56, 40, 40],
      links: [195, 349, 95],
      more: [246, 122, 44],
    });
    expect(measurePhoneHeader(PHONE)).toEqual({ height: 0 });
  });

  it('finds no bar where the brand stands low in a hero-sized header', () => {
    document.body.innerHTML = `${STYLE}
      <header id="masthead"><a id="brand" data-sitelift-brand href="/">Name</a></header>`;
    layOut({ masthead: [0, 375, 420], brand: [300, 200, 60] });
    expect(measurePhoneHeader(PHONE)).toEqual({ height: 0 });
  });
});
