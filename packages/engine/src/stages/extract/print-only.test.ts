import { describe, expect, it } from 'vitest';
import { toRawSite } from '../generate/testing/load-fixture';
import { extractSite } from './extract-site';
import { plainText } from '../../model/blocks';
import { PROBE_MARKS } from '../../measure/probe-marks';
import type { RawSite } from '../../types';

const URL = 'http://shop.example/index.html';

function siteOf(head: string, body: string): RawSite {
  return toRawSite(
    `<!doctype html><html lang="en"><head><title>Shop</title>${head}</head><body>${body}<main><h1>Garden shop</h1><p>Seeds, tools and advice for every garden.</p></main></body></html>`,
    URL,
  );
}

function pageOf(raw: RawSite) {
  const page = extractSite(raw).pages[0]!;
  const blocks = page.sections.flatMap((section) => [
    ...(section.heading ? [plainText(section.heading.inlines)] : []),
    ...section.blocks.map((block) => ('inlines' in block ? plainText(block.inlines) : block.kind)),
  ]);
  return { page, blocks };
}

const PRINT_HEADER = '<div class="print-head">Printed from www.shop.example</div>';

describe('print-only content (issue 23)', () => {
  it('leaves out what the identity probe marked print-only, listing its words as not carried', () => {
    const { page, blocks } = pageOf(
      siteOf('', `<div ${PROBE_MARKS.printOnly}="">Printed from www.shop.example</div>`),
    );
    expect(blocks).toEqual(['Garden shop', 'Seeds, tools and advice for every garden.']);
    expect(page.textBlocks.join(' ')).not.toContain('Printed from');
    expect(page.dropped).toEqual([
      {
        kind: 'other',
        what: 'Print-only text "Printed from www.shop.example"',
        reason: 'Shown only when the page is printed, never on screen',
      },
    ]);
  });

  it('reads a page served without a browser: hidden on screen, shown by @media print', () => {
    const { page, blocks } = pageOf(
      siteOf(
        '<style>.print-head { display: none; } @media print { .print-head { display: block; } }</style>',
        PRINT_HEADER,
      ),
    );
    expect(blocks).toEqual(['Garden shop', 'Seeds, tools and advice for every garden.']);
    expect(page.textBlocks.join(' ')).not.toContain('Printed from');
  });

  it('reads a print stylesheet linked with media="print" and a hiding class of its own', () => {
    const raw = siteOf(
      '<link rel="stylesheet" href="/site.css"><link rel="stylesheet" href="/print.css" media="print">',
      '<p class="gone stamp">Printed from www.shop.example</p>',
    );
    raw.stylesheets = [
      { url: 'http://shop.example/site.css', css: '.gone { display: none !important }' },
      { url: 'http://shop.example/print.css', css: '.stamp { display: block }' },
    ];
    const { blocks } = pageOf(raw);
    expect(blocks).toEqual(['Garden shop', 'Seeds, tools and advice for every garden.']);
  });

  it('keeps what is only narrower-screen-hidden, panels opened by a control, and screen text', () => {
    const { blocks } = pageOf(
      siteOf(
        '<style>.wide-only, .collapse, .note { display: none } @media (max-width: 600px) { .wide { display: none } }' +
          ' @media print { .wide, .collapse, .note { display: block } .ads { display: none } }</style>',
        '<p class="wide">Free delivery over 50 euros.</p>' +
          '<button aria-controls="faq1" aria-expanded="false">Do you ship abroad?</button>' +
          '<div id="faq1" class="collapse"><p>Yes, across Europe.</p></div>' +
          '<p class="ads">Spring sale now on.</p>',
      ),
    );
    expect(blocks).toContain('Free delivery over 50 euros.');
    expect(blocks).toContain('Yes, across Europe.');
    expect(blocks).toContain('Spring sale now on.');
  });
});
