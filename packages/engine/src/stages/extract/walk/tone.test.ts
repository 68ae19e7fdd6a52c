import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import type { Node } from '../dom';
import { walkContent } from '../walk-content';

const PAGE = 'https://village.example/historia.htm';
const blocksOf = (body: string, bodyAttrs = '') =>
  walkContent(parse(`<html><body ${bodyAttrs}>${body}</body></html>`) as Node, PAGE, new Map())
    .blocks;

describe("an old page's own type (issue 23)", () => {
  it('keeps the size step and colour most of a paragraph is set in, bold as strong runs', () => {
    const [big, plain, mixed, relative] = blocksOf(
      '<p><font size="5"><b><font color="#800080">E</font></b><font color="#800080"><b>n los ' +
        'confines del Reino</b></font></font></p>' +
        '<p>Plain words</p>' +
        '<p>Mostly plain words here, <font size="6" color="0000ff">one</font></p>' +
        '<p><font size="+1">A step</font> <big>up</big></p>',
    );
    expect(big).toMatchObject({
      kind: 'paragraph',
      tone: { step: 2, color: '#800080' },
      inlines: [{ text: 'En los confines del Reino', strong: true }],
    });
    expect(plain).not.toHaveProperty('tone');
    // A word apart in a line of plain ones is not the line's tone.
    expect(mixed).not.toHaveProperty('tone');
    expect(relative).toMatchObject({ tone: { step: 1 } });
    // Small print most of a paragraph is in (size 2, 1, or a step down) keeps its step under 3.
    const [small, smaller, down, some, huge] = blocksOf(
      '<p><font size="2">Small print for the whole page</font></p>' +
        '<p><font face="Arial" size="1">Smaller print</font> ok</p>' +
        '<p><font size="-1">A step down</font></p>' +
        '<p>Mostly plain words here, <font size="1">fine</font></p>' +
        '<p><font size="7">Huge</font></p>',
    );
    expect(small).toMatchObject({ tone: { step: -1 } });
    expect(smaller).toMatchObject({ tone: { step: -2 } });
    expect(down).toMatchObject({ tone: { step: -1 } });
    expect(some).not.toHaveProperty('tone');
    expect(huge).toMatchObject({ tone: { step: 4 } });
    // A bar of links in a coloured <font>: the links keep their own colour, the line no tone.
    const [bar] = blocksOf(
      '<p><font color="#0000ff">[ <a href="/a">Principal</a> ] [ <a href="/b">Nombre</a> ]</font></p>',
    );
    expect(bar).not.toHaveProperty('tone');
  });

  it("starts a page's paragraphs in its <body text> ink; an inner <font color> wins", () => {
    const blocks = blocksOf(
      '<p>Words in the page ink</p><p><font color="#006600">Green words</font></p>',
      'text="#660066" link="#0000ff"',
    );
    expect(blocks.map((block) => (block.kind === 'paragraph' ? block.tone : undefined))).toEqual([
      { color: '#660066' },
      { color: '#006600' },
    ]);
  });

  it('keeps the size the probe found a block set in, and the body size inside it', () => {
    const mark = PROBE_MARKS.textSize;
    const blocks = blocksOf(
      `<div ${mark}="2.67 1.2 bold italic">Welcome to the studio</div>` +
        `<p ${mark}="1.2 1.61">We make things for <a href="/x">people</a> who read.</p>` +
        `<p>Body words</p>` +
        `<div ${mark}="0.67">Small words<p ${mark}="body">A body-sized paragraph inside</p>` +
        `<p>Small print too</p></div>` +
        `<p ${mark}="1.5"><font size="5">A font tag says it already</font></p>`,
    );
    expect(blocks.map((block) => (block.kind === 'paragraph' ? block.tone : block.kind))).toEqual([
      { font: { scale: 2.67, leading: 1.2, bold: true, italic: true } },
      { font: { scale: 1.2, leading: 1.61 } },
      undefined,
      { font: { scale: 0.67 } },
      undefined,
      { font: { scale: 0.67 } },
      { step: 2 },
    ]);
  });

  it("keeps the fill of a coloured one-cell box round a title, not a grid's shaded cells", () => {
    const [boxed, grid, long] = blocksOf(
      '<table border="4"><tr><td bgcolor="#ffcc00"><p align="center"><b>' +
        '<font size="6">VILLA DE ALPUENTE</font></b></p></td></tr></table>' +
        '<table><tr><td bgcolor="#eeeeee">Name</td><td>Value</td></tr></table>' +
        `<table><tr><td bgcolor="#ffcc00">${'A long story in a box. '.repeat(8)}</td></tr></table>`,
    );
    expect(boxed).toMatchObject({ tone: { step: 3, fill: '#ffcc00' } });
    expect(grid).not.toHaveProperty('tone');
    expect(long).not.toHaveProperty('tone');
  });
});
