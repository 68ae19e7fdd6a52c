// @vitest-environment jsdom
// jsdom lays nothing out: every box is given a size (headings 40 px high, the rest as named).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headingRuleOf } from './heading-rules';

function layOut(heights: Record<string, number>): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const height = heights[this.id] ?? (/^H\d$/.test(this.tagName) ? 40 : 300);
    // Headings sit 4 px into their wrappers.
    const top = /^H\d$/.test(this.tagName) ? 4 : 0;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 800,
      bottom: top + height,
      width: 800,
      height,
    } as DOMRect;
  });
}

describe('headingRuleOf', () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads a heading's own hairline above it and the space to its words", () => {
    layOut({});
    document.head.innerHTML = `<style>
      .legal h2 { border-top: 1px solid rgba(255, 255, 255, 0.3); padding-top: 22px }
      .faint h2 { border-top: 1px solid rgba(0, 0, 0, 0.1) }
    </style>`;
    document.body.innerHTML = `<div class="legal"><h2 id="a">Contact</h2><p>Mail us.</p></div>
      <div class="faint"><h2 id="b">Faint</h2></div><h2 id="c">Plain</h2>`;
    expect(headingRuleOf(document.getElementById('a')!)).toEqual({
      side: 'top',
      width: 1,
      color: 'rgba(255, 255, 255, 0.3)',
      gap: 22,
    });
    // A line too faint to see, and no line at all.
    expect(headingRuleOf(document.getElementById('b')!)).toBeUndefined();
    expect(headingRuleOf(document.getElementById('c')!)).toBeUndefined();
  });

  it("takes a short wrapper's bottom border as the heading's underline, not a section's", () => {
    layOut({ title: 56, section: 400 });
    document.head.innerHTML = `<style>
      #title, #section { border-bottom: 2px solid rgb(200, 30, 30) }
    </style>`;
    document.body.innerHTML = `<div id="title"><h1 id="t">About us</h1></div>
      <div id="section"><h2 id="s">News</h2></div>`;
    // 56 px wrapper, heading 4–44 px: 56 − 2 − 44 = 10 px between the words' box and the line.
    expect(headingRuleOf(document.getElementById('t')!)).toEqual({
      side: 'bottom',
      width: 2,
      color: 'rgb(200, 30, 30)',
      gap: 10,
    });
    // The wrapper holds more than the heading's words and is ten times its height: a section's line.
    document.getElementById('section')!.insertAdjacentHTML('beforeend', '<p>Text</p>');
    expect(headingRuleOf(document.getElementById('s')!)).toBeUndefined();
  });
});
