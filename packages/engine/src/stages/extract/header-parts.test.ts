import { describe, expect, it } from 'vitest';
import { toRawSite } from '../generate/testing/load-fixture';
import { extractSite } from './extract-site';
import { plainText, type Block } from '../../model';
import { PROBE_MARKS } from '../../measure/probe-marks';

const URL = 'http://college.example/index.html';
const part = (place: string) => `${PROBE_MARKS.headerPart}="${place}"`;

/**
 * A right-to-left header as the probe marks it: a strip, then a layout row of three columns (the
 * contact lines, the brand with its name under it, the address), whose columns are walked apart.
 */
const PAGE = `<!doctype html><html lang="ar"><head><title>كلية</title></head><body>
<header>
  <div ${part('strip')}><a href="#">EN</a></div>
  <div ${PROBE_MARKS.row}="33.3 33.3 33.3">
    <div ${PROBE_MARKS.col}="1" ${part('start')}><p>info@college.example</p><p>967774022260+</p></div>
    <div ${PROBE_MARKS.col}="2"><a ${PROBE_MARKS.brand} href="/index.html"><img src="/logo.png" alt=""></a>
      <p ${part('under')}>كلية العلوم الصحية</p></div>
    <div ${PROBE_MARKS.col}="3" ${part('end')}><h2>مقر الكلية</h2><p>اليمن - صنعاء</p></div>
  </div>
</header>
<main><h1>الرئيسية</h1><p>الريادة في التعليم التقني النوعي على كافة المستويات.</p></main>
</body></html>`;

const wordsOf = (blocks: Block[]): string[] =>
  blocks.flatMap((block) =>
    block.kind === 'paragraph' || block.kind === 'heading' ? [plainText(block.inlines)] : [],
  );

describe('header parts (issue 23)', () => {
  it('keeps each marked part in its place, even in a layout row, and none in the content', () => {
    const page = extractSite(toRawSite(PAGE, URL)).pages[0]!;
    expect(page.header?.map((p) => [p.place, wordsOf(p.blocks)])).toEqual([
      ['strip', ['EN']],
      ['start', ['info@college.example', '967774022260+']],
      ['under', ['كلية العلوم الصحية']],
      ['end', ['مقر الكلية', 'اليمن - صنعاء']],
    ]);
    const content = page.sections.flatMap((section) => [
      ...(section.heading ? [plainText(section.heading.inlines)] : []),
      ...wordsOf(section.blocks),
    ]);
    expect(content).toEqual(['الرئيسية', 'الريادة في التعليم التقني النوعي على كافة المستويات.']);
    // Their words are still the page's words to find in the rebuild.
    expect(page.textBlocks).toEqual(expect.arrayContaining(['info@college.example']));
  });
});
