// @vitest-environment jsdom
// The in-page step runs on a page jsdom styles (the probe itself runs in Chromium). jsdom lays
// nothing out, so every box is given a place and a size.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { findPictureBrand, markHeaderParts } from './header-parts';

/** Lays out the elements named in `boxes` (left, top, width, height); others nowhere. */
function layOut(boxes: Record<string, [number, number, number, number]>): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const [x, y, width, height] = boxes[this.id] ?? [0, 0, 0, 0];
    return {
      x,
      y,
      top: y,
      left: x,
      right: x + width,
      bottom: y + height,
      width,
      height,
    } as DOMRect;
  });
}

const marks = (): Record<string, string> =>
  Object.fromEntries(
    [...document.querySelectorAll(`[${PROBE_MARKS.headerPart}]`)].map((e) => [
      e.id,
      e.getAttribute(PROBE_MARKS.headerPart)!,
    ]),
  );

/** A table-era logo bar: an unlinked logo, a title picture, a search caption; a trail above it. */
const LOGO_BAR = `<style>* { opacity: 1 }</style><p id="trail">Home &gt; Docs</p>
  <div id="bar"><table id="table"><tbody id="body"><tr id="row">
    <td id="start"><img id="logo" src="logo.gif" alt="Site"></td>
    <td id="middle"><img id="title" src="title.gif" alt="Title"></td>
    <td id="search">Search the site</td>
  </tr></tbody></table></div>
  <div id="content"><p>Words</p></div>`;

const BOXES: Record<string, [number, number, number, number]> = {
  trail: [0, 0, 1024, 21],
  bar: [0, 21, 1024, 65],
  table: [0, 21, 1024, 65],
  body: [0, 21, 1024, 65],
  row: [0, 21, 1024, 65],
  start: [0, 21, 250, 65],
  logo: [0, 21, 250, 65],
  middle: [250, 21, 550, 65],
  title: [470, 21, 105, 65],
  search: [800, 21, 224, 65],
  content: [0, 120, 1024, 600],
};

describe('markHeaderParts', () => {
  beforeAll(() => {
    // jsdom has no innerText: the words of an element are its text.
    Object.defineProperty(HTMLElement.prototype, 'innerText', {
      configurable: true,
      get(this: HTMLElement) {
        return this.textContent ?? '';
      },
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('places the parts of a header without a brand link against the picture it opens with', () => {
    layOut(BOXES);
    document.body.innerHTML = LOGO_BAR;
    const header = document.getElementById('bar');
    expect(findPictureBrand(header!)).toBe(document.getElementById('logo'));
    markHeaderParts({ header, brand: null, menu: undefined, band: { height: 86 } });
    expect(marks()).toEqual({ trail: 'strip', middle: 'end', search: 'end' });
  });

  it('marks nothing when the header opens with no picture on its start side', () => {
    layOut({
      ...BOXES,
      start: [800, 21, 224, 65],
      logo: [800, 21, 224, 65],
      search: [0, 21, 250, 65],
    });
    document.body.innerHTML = LOGO_BAR;
    const header = document.getElementById('bar');
    expect(findPictureBrand(header!)).toBeUndefined();
    markHeaderParts({ header, brand: null, menu: undefined, band: { height: 86 } });
    expect(marks()).toEqual({});
  });

  it('looks for no picture brand in a header marked up as one', () => {
    layOut(BOXES);
    document.body.innerHTML = LOGO_BAR.replace('<div id="bar">', '<header id="bar">').replace(
      '</table></div>',
      '</table></header>',
    );
    const header = document.getElementById('bar');
    expect(findPictureBrand(header!)).toBeUndefined();
    markHeaderParts({ header, brand: null, menu: undefined, band: { height: 86 } });
    expect(marks()).toEqual({});
  });
});
