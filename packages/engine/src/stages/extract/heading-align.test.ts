import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Section } from '../../model';
import type { Element, Node } from './dom';
import { findElement } from './dom';
import { isCentred, markCentredHeadings } from './heading-align';

const doc = (body: string) => parse(`<html><body>${body}</body></html>`) as Node;
const h2Of = (body: string) => findElement(doc(body), (e) => e.tagName === 'h2') as Element;
const section = (text: string): Section => ({
  id: text.toLowerCase(),
  heading: { level: 2, inlines: [{ text }] },
  blocks: [],
});

describe('centred headings', () => {
  it("reads the heading's own or its nearest ancestor's alignment", () => {
    expect(isCentred(h2Of('<div class="col-lg-12 text-center"><h2>Services</h2></div>'))).toBe(
      true,
    );
    expect(isCentred(h2Of('<center><table><tr><td><h2>News</h2></td></tr></table></center>'))).toBe(
      true,
    );
    expect(isCentred(h2Of('<h2 align="center">News</h2>'))).toBe(true);
    expect(isCentred(h2Of('<div style="text-align: center"><h2>News</h2></div>'))).toBe(true);
    // The nearest alignment wins: a left-aligned heading inside a centred wrapper stays left.
    expect(isCentred(h2Of('<div class="text-center"><h2 class="text-left">News</h2></div>'))).toBe(
      false,
    );
    expect(isCentred(h2Of('<div class="container"><h2>About</h2></div>'))).toBe(false);
  });

  it("a table's align places the table, not the text in it", () => {
    expect(isCentred(h2Of('<table align="center"><tr><td><h2>News</h2></td></tr></table>'))).toBe(
      false,
    );
    expect(isCentred(h2Of('<table><tr><td align="center"><h2>News</h2></td></tr></table>'))).toBe(
      true,
    );
  });

  it('on a page the probe measured, reads the measured alignment and ignores class names', () => {
    const measured = (body: string) =>
      findElement(
        parse(`<html><body data-sitelift-align="left">${body}</body></html>`) as Node,
        (e) => e.tagName === 'h2',
      ) as Element;
    // A stylesheet centred it by a class of its own: only the measurement knows.
    expect(
      isCentred(measured('<div class="team" data-sitelift-align="center"><h2>Team</h2></div>')),
    ).toBe(true);
    // A class that says centre but was overridden: the measurement wins.
    expect(isCentred(measured('<div class="text-center"><h2>Team</h2></div>'))).toBe(false);
    expect(
      isCentred(
        measured(
          '<div data-sitelift-align="center"><h2 data-sitelift-align="left">News</h2></div>',
        ),
      ),
    ).toBe(false);
  });

  it('marks the sections whose heading the original centred, by their text', () => {
    const sections = [section('Services'), section('About'), section('Team')];
    markCentredHeadings(
      sections,
      doc(
        '<section><div class="text-center"><h2 class="section-heading">Services</h2></div></section>' +
          '<section><h2>About</h2></section>' +
          '<div class="text-center"><h2>Team</h2></div><h2>Team</h2>',
      ),
    );
    expect(sections.map((s) => s.heading?.align)).toEqual(['center', undefined, undefined]);
  });
});
