// @vitest-environment jsdom
// The in-page step runs on a page jsdom builds (the probe itself runs in Chromium). jsdom lays
// nothing out, so every box is given a place near the top.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markBrand } from './logo';

function layOut(): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({
        x: 0,
        y: 10,
        top: 10,
        left: 0,
        right: 100,
        bottom: 110,
        width: 100,
        height: 100,
      }) as DOMRect,
  );
}

/** A FrontPage page: a sidebar's social icons drawn with a `logo` class before the header's logo. */
const PAGE = `<div id="side">
    <a href="https://www.facebook.com/garage"><img class="logo" src="/fb.png" alt=""></a>
  </div>
  <div id="top"><a href="/"><img src="/logo.png" alt="Logo of the garage"></a></div>`;

describe('markBrand (issue 23)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("takes the header's home link, not a social icon drawn with a logo class outside it", () => {
    layOut();
    document.body.innerHTML = PAGE;
    const { logo } = markBrand(document.getElementById('top'));
    expect(logo?.src).toMatch(/\/logo\.png$/);
    expect(logo?.alt).toBe('Logo of the garage');
  });

  it('still takes a logo class outside the header when the header has no home link', () => {
    layOut();
    document.body.innerHTML = `<div id="top"><p>Open daily</p></div>
      <div><a href="/"><img class="logo" src="/mark.png" alt="Garage"></a></div>`;
    expect(markBrand(document.getElementById('top')).logo?.src).toMatch(/\/mark\.png$/);
  });
});
