// @vitest-environment jsdom
// jsdom lays nothing out: every box is given a size; it inherits no font size, so each rule names
// the elements it sizes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { markTextSizes } from './text-sizes';

describe('markTextSizes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('marks blocks the CSS set larger or smaller than the body, never headings or chrome', () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 600,
      bottom: 40,
      width: 600,
      height: 40,
    } as DOMRect);
    document.head.innerHTML = `<style>
      * { opacity: 1 }
      body, p, a { font-size: 15px; line-height: 24px; font-weight: 400; font-style: normal }
      .intro, .intro a { font-size: 18px; line-height: 29px }
      .lead { font-size: 40px; line-height: 48px; font-style: italic; font-weight: 700 }
      .fine { font-size: 10px }
      .near { font-size: 16px }
      h2 { font-size: 30px }
      footer { font-size: 11px }
      .wrap { font-size: 12px }
      .wrap p { font-size: 15px }
    </style>`;
    document.body.innerHTML = `
      <div class="lead" id="lead">Welcome to the studio</div>
      <h2 id="heading">About us</h2>
      <p class="intro" id="intro">We make things for <a href="/x">people</a> who read.</p>
      <p id="plain">Body words at the body's size.</p>
      <p class="near" id="near">A little larger, not clearly.</p>
      <p id="mixed">Mostly body words here, with <span class="fine">a few small</span></p>
      <div class="wrap" id="wrap">Small words <p id="inner">and a body-sized paragraph inside</p></div>
      <p><span class="fine" id="fine-span">Copyright 1998, all rights</span></p>
      <footer><p id="foot">Footer words</p></footer>
      <p id="cta-line"><a class="lead" id="cta" ${PROBE_MARKS.button}="primary">Call to action</a></p>`;
    markTextSizes(15, []);
    const marks = Object.fromEntries(
      [...document.querySelectorAll(`[${PROBE_MARKS.textSize}]`)].map((e) => [
        e.id || e.tagName.toLowerCase(),
        e.getAttribute(PROBE_MARKS.textSize),
      ]),
    );
    expect(marks).toEqual({
      lead: '2.67 1.2 bold italic',
      intro: '1.2 1.61',
      wrap: '0.8',
      inner: 'body',
      p: '0.67',
    });
  });
  it("marks the hero's lead line inside its <header>, not the header's other words", () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 600,
      bottom: 40,
      width: 600,
      height: 40,
    } as DOMRect);
    document.head.innerHTML = `<style>
      * { opacity: 1 }
      body, p, div, a { font-size: 15px; line-height: 24px; font-weight: 400; font-style: normal }
      .lead { font-size: 40px; line-height: 40px; font-style: italic }
      .title { font-size: 75px; line-height: 75px }
      .tag { font-size: 30px }
    </style>`;
    document.body.innerHTML = `
      <header id="hero"><div class="text"><div class="lead" id="lead">Welcome to the studio</div>
        <h1 class="title" id="title">Nice to meet you</h1></div></header>
      <header id="top"><div class="tag" id="tag">A bigger tagline</div></header>`;
    markTextSizes(15, [], document.getElementById('hero')!);
    const marked = [...document.querySelectorAll(`[${PROBE_MARKS.textSize}]`)].map((e) => [
      e.id,
      e.getAttribute(PROBE_MARKS.textSize),
    ]);
    expect(marked).toEqual([['lead', '2.67 1 italic']]);
  });
});
