// @vitest-environment jsdom
// The in-page step runs on a page jsdom styles with its stylesheet (the probe itself runs in
// Chromium). jsdom lays nothing out, so every box is given a size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { markSectionBoxes, type MeasuredBox } from './section-boxes';

/** Gives every box 1000 × 300 px, headings 1000 × 40, and the ones named in `sizes` their own. */
function layOut(sizes: Record<string, [number, number]> = {}): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const [width, height] =
      sizes[this.id] ?? (/^H\d$/.test(this.tagName) ? [1000, 40] : [1000, 300]);
    return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height } as DOMRect;
  });
}

const boxes = (): Record<string, MeasuredBox> =>
  Object.fromEntries(
    [...document.querySelectorAll(`[${PROBE_MARKS.sectionBox}]`)].map((e) => [
      e.id,
      JSON.parse(e.getAttribute(PROBE_MARKS.sectionBox)!) as MeasuredBox,
    ]),
  );

describe('markSectionBoxes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('marks a gradient card, a bordered card and a filled panel with its heading row', () => {
    layOut({ 'panel-head': [1000, 44] });
    document.head.innerHTML = `<style>
      * { opacity: 1 }
      body { background-color: rgb(255, 255, 255); color: rgb(40, 40, 40) }
      .grad { background-image: linear-gradient(135deg, rgb(30, 30, 60), rgb(20, 40, 90)); color: rgb(230, 230, 240) }
      .card { border: 2px solid rgba(100, 181, 246, 0.3); border-top-left-radius: 12px }
      .panel { border: 1px solid rgb(221, 221, 221) }
      .panel-heading { background-color: rgb(51, 122, 183); color: rgb(255, 255, 255) }
    </style>`;
    document.body.innerHTML = `<main>
      <div id="grad" class="grad"><h2>Where stars meet statistics</h2><p>Research.</p></div>
      <div id="card" class="card"><h2>Teaching</h2><p>Courses.</p><h3>Undergraduate</h3><p>One.</p></div>
      <div id="panel" class="panel"><div id="panel-head" class="panel-heading"><h3>Basic plan</h3></div>
        <div class="panel-body"><p>$19 a month</p></div></div>
      <div id="plain"><h2>Plain</h2><p>No box.</p></div>
    </main>`;
    markSectionBoxes([]);
    const found = boxes();
    expect(Object.keys(found).sort()).toEqual(['card', 'grad', 'panel']);
    expect(found.grad).toMatchObject({
      gradient: 'linear-gradient(135deg, rgb(30, 30, 60), rgb(20, 40, 90))',
      text: 'rgb(230, 230, 240)',
    });
    expect(found.card).toMatchObject({
      border: { width: 2, color: 'rgba(100, 181, 246, 0.3)', sides: 'all' },
      radius: 12,
    });
    expect(found.panel).toMatchObject({
      border: { width: 1, sides: 'all' },
      head: { fill: 'rgb(51, 122, 183)', text: 'rgb(255, 255, 255)' },
      words: 'Basic plan',
    });
  });

  it('keeps a line drawn under a section, and never a box holding two sections of one rank', () => {
    layOut();
    document.head.innerHTML = `<style>
      * { opacity: 1 }
      .ruled { border-bottom: 1px solid rgb(200, 200, 200) }
      .wrapper { background-color: rgb(240, 240, 240) }
    </style>`;
    document.body.innerHTML = `<div id="wrapper" class="wrapper">
      <section id="one" class="ruled"><h2>One</h2><p>First.</p></section>
      <section id="two"><h2>Two</h2><p>Second.</p></section></div>`;
    markSectionBoxes([]);
    expect(boxes()).toEqual({
      one: expect.objectContaining({
        border: { width: 1, color: 'rgb(200, 200, 200)', sides: 'bottom' },
      }),
    });
  });

  it('leaves the parts it is told to skip (the header, the hero) to their own rules', () => {
    layOut();
    document.head.innerHTML = `<style>* { opacity: 1 } .hero { background-color: rgb(20, 20, 20) }</style>`;
    document.body.innerHTML = `<div id="hero" class="hero"><h1>Welcome</h1><p>Hello.</p></div>`;
    markSectionBoxes([document.getElementById('hero')]);
    expect(boxes()).toEqual({});
  });
});
