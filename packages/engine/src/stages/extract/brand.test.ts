import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { findBrand } from './brand';
import type { Node } from './dom';

describe('findBrand (the CSS scan used when no browser ran)', () => {
  it('reads rules inside @media, past comments holding braces and a broken rule', () => {
    const brand = findBrand(
      [
        `/* a { color: #00ff00 } inside a comment */
        html { font-family: sans-serif; }
        body { background: #fdf6e3 url(paper.png) repeat; color: #333; font: 14px/1.4 "Old Style", serif; }
        .broken { color: ; background: }
        @media screen and (min-width: 768px) { .navbar a { color: #b22222; } h1 { font-family: 'Display One', serif } }`,
      ],
      [],
    );
    expect(brand).toEqual({
      colors: { primary: '#b22222', background: '#fdf6e3', text: '#333333' },
      fonts: { body: 'Old Style', heading: 'Display One' },
    });
  });

  it('reads the family of a font shorthand that starts with a weight', () => {
    const brand = findBrand(
      ['body { font: 400 16px/1.5 "Helvetica Neue", Helvetica, sans-serif; }'],
      [],
    );
    expect(brand.fonts.body).toBe('Helvetica Neue');
  });

  it('reads style attributes and legacy colour attributes of the markup', () => {
    const document = parse(
      '<body bgcolor="#000033" text="#ffffcc" link="#ff6600" style="font-family: Verdana"><p style="color: #ff6600">x</p></body>',
    ) as Node;
    expect(findBrand([], [{ root: document, readStyleElements: true }])).toEqual({
      colors: { primary: '#ff6600', background: '#000033', text: '#ffffcc' },
      fonts: { body: 'Verdana' },
    });
  });
});
