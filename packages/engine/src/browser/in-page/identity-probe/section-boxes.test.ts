// @vitest-environment jsdom
// The in-page step runs on a page jsdom styles with its stylesheet (the probe itself runs in
// Chromium). jsdom lays nothing out, so every box is given a size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import {
  fadedColor,
  groundOf,
  layersOf,
  markSectionBoxes,
  pseudoFillOf,
  shownColorOf,
  type MeasuredBox,
} from './section-boxes';

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

describe('glass cards', () => {
  afterEach(() => vi.restoreAllMocks());

  it('splits layers and sees a colour through an opacity', () => {
    expect(layersOf('linear-gradient(45deg, rgb(1, 2, 3), rgb(4, 5, 6)), url("a.png")')).toEqual([
      'linear-gradient(45deg, rgb(1, 2, 3), rgb(4, 5, 6))',
      'url("a.png")',
    ]);
    expect(fadedColor('rgb(100, 181, 246)', 0.3)).toBe('rgba(100, 181, 246, 0.3)');
    expect(fadedColor('rgba(255, 255, 255, 0.5)', 0.5, [0, 0, 0])).toBe('rgb(64, 64, 64)');
    expect(fadedColor('oklab(1 0 0)', 0.5)).toBeUndefined();
  });

  /** Gives `::before` of every element the computed style `before` (jsdom computes no pseudo-elements). */
  function withBefore(before: Partial<Record<string, string>>): void {
    const real = window.getComputedStyle.bind(window);
    vi.spyOn(window, 'getComputedStyle').mockImplementation((e, pseudo) => {
      if (pseudo !== '::before') return real(e);
      const values: Record<string, string> = {
        content: '""',
        display: 'block',
        visibility: 'visible',
        opacity: '1',
        width: '0px',
        height: '0px',
        backgroundImage: 'none',
        backgroundSize: 'auto',
        backgroundColor: 'rgba(0, 0, 0, 0)',
        ...before,
      };
      return values as unknown as CSSStyleDeclaration;
    });
  }

  it("takes a card's fill from the tinted layer its ::before lays over the whole box", () => {
    layOut();
    document.head.innerHTML = `<style>* { opacity: 1 } body { background-color: rgb(15, 15, 46) }
      .glass { background-image: linear-gradient(135deg, rgba(255, 255, 255, 0.02), rgba(255, 255, 255, 0.03)) }</style>`;
    document.body.innerHTML = `<main><section id="glass" class="glass"><h2>Who am I?</h2><p>Words.</p></section></main>`;
    withBefore({
      opacity: '0.3',
      width: '1000px',
      height: '300px',
      backgroundImage:
        'linear-gradient(45deg, rgb(100, 181, 246), rgb(255, 183, 77)), linear-gradient(0deg, rgba(0, 0, 0, 0) 10%, rgb(1, 1, 1) 10%)',
      backgroundSize: '100% 100%, 100% 100%',
    });
    const glass = document.getElementById('glass')!;
    expect(pseudoFillOf(glass, 'rgb(15, 15, 46)')).toEqual({
      gradient: 'linear-gradient(45deg, rgba(100, 181, 246, 0.3), rgba(255, 183, 77, 0.3))',
    });
    markSectionBoxes([]);
    expect(boxes().glass).toMatchObject({
      gradient: 'linear-gradient(45deg, rgba(100, 181, 246, 0.3), rgba(255, 183, 77, 0.3))',
      ground: 'rgb(15, 15, 46)',
    });
  });

  it('leaves a ::before that is small, a pattern, or nearly transparent', () => {
    layOut();
    document.body.innerHTML = `<section id="card"><h2>Card</h2><p>Words.</p></section>`;
    const card = document.getElementById('card')!;
    const layer = 'linear-gradient(45deg, rgb(100, 181, 246), rgb(255, 183, 77))';
    withBefore({ width: '1000px', height: '4px', backgroundImage: layer });
    expect(pseudoFillOf(card, 'rgb(15, 15, 46)')).toBeUndefined();
    vi.restoreAllMocks();
    layOut();
    withBefore({
      width: '1000px',
      height: '300px',
      backgroundImage: layer,
      backgroundSize: '20px 20px',
    });
    expect(pseudoFillOf(card, 'rgb(15, 15, 46)')).toBeUndefined();
    vi.restoreAllMocks();
    layOut();
    withBefore({ width: '1000px', height: '300px', backgroundImage: layer, opacity: '0.05' });
    expect(pseudoFillOf(card, 'rgb(15, 15, 46)')).toBeUndefined();
  });

  it('reads the ground under a translucent tint, and letters coloured by a clipped gradient', () => {
    document.head.innerHTML = `<style>body { background-color: rgb(15, 15, 46) }
      .tint { background-image: linear-gradient(135deg, rgba(255, 255, 255, 0.02), rgba(255, 255, 255, 0.03)) }
      h2 { color: rgb(232, 233, 234); background-image: linear-gradient(45deg, rgb(100, 181, 246), rgb(129, 199, 132));
        background-clip: text; -webkit-text-fill-color: rgba(0, 0, 0, 0) }</style>`;
    document.body.innerHTML = `<section id="tint" class="tint"><h2 id="h">Title</h2></section>`;
    expect(groundOf(document.getElementById('tint'))).toBe('rgb(15, 15, 46)');
    expect(shownColorOf(document.getElementById('h')!)).toBe('rgb(100, 181, 246)');
  });
});
