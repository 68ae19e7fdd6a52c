// @vitest-environment jsdom
// The in-page step runs on a page jsdom styles with its stylesheet (the probe itself runs in
// Chromium). jsdom lays nothing out, so every box is given a place and a size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { markTitleBand, type MeasuredTitleBand } from './title-band';

/** Lays out the elements named in `boxes` (top, width, height); others 1000 × 300 at 2000 px. */
function layOut(boxes: Record<string, [number, number, number]>): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const [y, width, height] = boxes[this.id] ?? [2000, 1000, 300];
    return { x: 0, y, top: y, left: 0, right: width, bottom: y + height, width, height } as DOMRect;
  });
}

const marked = (): Record<string, MeasuredTitleBand> =>
  Object.fromEntries(
    [...document.querySelectorAll(`[${PROBE_MARKS.titleBand}]`)].map((e) => [
      e.id,
      JSON.parse(e.getAttribute(PROBE_MARKS.titleBand)!) as MeasuredTitleBand,
    ]),
  );

const STYLE = `<style>
  * { opacity: 1 }
  body { background-image: url(/img/campus.jpg); background-color: rgb(255, 255, 255) }
  .content { background-color: rgb(255, 255, 255) }
  .strip { background-color: rgb(30, 80, 140) }
  .glass { background-color: rgba(0, 0, 0, 0.7); text-align: center; padding: 95px 70px }
  h1, h2 { font-size: 30px; color: rgb(250, 250, 250) }
</style>`;

describe('markTitleBand', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('marks a translucent heading band across the page, with the picture it lies on', () => {
    layOut({ top: [0, 1024, 200], band: [200, 1024, 230], t: [285, 900, 40], c: [430, 1024, 900] });
    document.head.innerHTML = STYLE;
    document.body.innerHTML = `<header id="top"><a href="/">Campus</a></header>
      <div class="page"><h2 id="band" class="glass">Dean’s word <span></span></h2>
        <div id="c" class="content"><p>Welcome to the college.</p></div></div>`;
    markTitleBand([document.getElementById('top')]);
    expect(marked()).toEqual({
      band: {
        words: 'Dean’s word',
        height: 230,
        size: 30,
        color: 'rgb(250, 250, 250)',
        align: 'center',
        fill: 'rgba(0, 0, 0, 0.7)',
        image: new URL('/img/campus.jpg', document.baseURI).href,
      },
    });
  });

  it('marks a strip of colour around the heading and its breadcrumb, not the heading', () => {
    layOut({ strip: [120, 1024, 160], t: [150, 900, 40], c: [300, 1024, 900] });
    document.head.innerHTML = STYLE;
    document.body.innerHTML = `<div id="strip" class="strip"><div class="wrap">
        <h1 id="t">About us</h1><ol><li><a href="/">Home</a></li><li>About</li></ol></div></div>
      <div id="c" class="content"><h2>History</h2><p>Founded long ago.</p></div>`;
    markTitleBand([]);
    expect(Object.keys(marked())).toEqual(['strip']);
    expect(marked().strip).toMatchObject({ words: 'About us', height: 160 });
    expect(marked().strip!.image).toBeUndefined();
  });

  it('marks no band around a heading that opens content, nor a narrow or low one', () => {
    layOut({ box: [200, 1024, 400], t: [220, 900, 40], c: [700, 1024, 300] });
    document.head.innerHTML = STYLE;
    document.body.innerHTML = `<div id="box" class="strip"><h2 id="t">Our services</h2>
        <img src="/a.jpg" alt="A"><p>We design, build and host websites.</p></div>`;
    markTitleBand([]);
    expect(marked()).toEqual({});

    layOut({ t: [200, 500, 200] });
    document.body.innerHTML = `<h2 id="t" class="glass">Narrow</h2>`;
    markTitleBand([]);
    expect(marked()).toEqual({});

    layOut({ t: [800, 1024, 200] });
    document.body.innerHTML = `<h2 id="t" class="glass">Far down</h2>`;
    markTitleBand([]);
    expect(marked()).toEqual({});
  });
});
