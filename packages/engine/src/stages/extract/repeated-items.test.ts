import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Element, Node } from './dom';
import { findElement, getAttr } from './dom';
import { findRepeatedItems } from './repeated-items';

const parentOf = (html: string): Element =>
  findElement(parse(`<html><body>${html}</body></html>`) as Node, (e) => getAttr(e, 'id') === 'p')!;

describe('repeated items detection', () => {
  it('takes the columns the probe measured at 1440 px', () => {
    const found = findRepeatedItems(
      parentOf(`<ul id="p" data-sitelift-columns="3">
        <li><img src="1.jpg"><h3>One</h3><p>$9.99</p></li><li><img src="2.jpg"><h3>Two</h3></li>
        <li><img src="3.jpg"><h3>Three</h3></li><li><img src="4.jpg"><h3>Four</h3></li></ul>`),
    );
    expect(found?.columns).toBe(3);
    expect(found?.items).toHaveLength(4);
  });

  it("reads a Bootstrap grid's columns from its classes when no browser measured them", () => {
    const found = findRepeatedItems(
      parentOf(`<div id="p" class="row">
        <div class="col-sm-6 col-md-4"><span class="fa fa-laptop"></span><h4>Responsive</h4><p>Every screen.</p></div>
        <div class="col-sm-6 col-md-4"><span class="fa fa-lock"></span><h4>Secure</h4><p>Safe.</p></div>
        <div class="col-sm-6 col-md-4"><span class="fa fa-cart"></span><h4>Shop</h4><p>Sells.</p></div></div>`),
    );
    expect(found?.columns).toBe(3);
  });

  it("keeps a section's title row beside the items apart from them", () => {
    const found = findRepeatedItems(
      parentOf(`<div id="p" class="row"><div class="col-lg-12"><h1>Welcome</h1></div>
        <div class="col-md-4"><h4>One</h4></div><div class="col-md-4"><h4>Two</h4></div><div class="col-md-4"><h4>Three</h4></div></div>`),
    );
    expect(found?.columns).toBe(3);
    expect(found?.items).toHaveLength(3);
    expect(found?.before.map((e) => getAttr(e, 'class'))).toEqual(['col-lg-12']);
    expect(found?.after).toEqual([]);
  });

  it('sees no items in one column, in siblings of different kinds, in a row of bare icons or in long articles', () => {
    expect(
      findRepeatedItems(
        parentOf(
          `<div id="p" data-sitelift-columns="1"><div><h3>A</h3></div><div><h3>B</h3></div></div>`,
        ),
      ),
    ).toBeUndefined();
    expect(
      findRepeatedItems(
        parentOf(
          `<div id="p" class="row"><div class="col-md-8"><h3>Main</h3></div><div class="col-md-4"><h3>Side</h3></div></div>`,
        ),
      ),
    ).toBeUndefined();
    expect(
      findRepeatedItems(
        parentOf(
          `<ul id="p" data-sitelift-columns="3"><li><a href="/t"><i class="fa fa-twitter"></i></a></li><li><a href="/f"><i class="fa fa-facebook"></i></a></li><li><a href="/g"><i class="fa fa-github"></i></a></li></ul>`,
        ),
      ),
    ).toBeUndefined();
    const long = 'word '.repeat(200);
    expect(
      findRepeatedItems(
        parentOf(
          `<div id="p" data-sitelift-columns="2"><article><h2>A</h2><p>${long}</p></article><article><h2>B</h2><p>${long}</p></article></div>`,
        ),
      ),
    ).toBeUndefined();
  });
});
