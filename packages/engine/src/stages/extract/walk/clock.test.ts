import { describe, expect, it } from 'vitest';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';
import { plainText } from '../../../model';
import { PROBE_MARKS } from '../../../measure/probe-marks';

describe('a clock (issue 23)', () => {
  it("leaves out the visit's date and time a script wrote, listing it as not carried", () => {
    const page = extractSite(
      toRawSite(
        `<!doctype html><html lang="ar"><head><title>College</title></head><body>
        <header><div class="top"><a href="/en/">EN</a>
          <p ${PROBE_MARKS.clock}=""><i class="fa fa-calendar"></i>27/11/2026<i class="fa fa-clock-o"></i>7:21:20</p></div>
          <p>info@college.example</p></header>
        <main><h1>كلية بلقيس</h1><p>أخبار الكلية 2/9/2023</p></main></body></html>`,
      ),
    ).pages[0]!;
    const shown = page.sections.flatMap((section) =>
      section.blocks.map((block) => ('inlines' in block ? plainText(block.inlines) : block.kind)),
    );
    expect(shown.join(' | ')).not.toContain('27/11/2026');
    expect(page.textBlocks.join(' ')).not.toContain('7:21:20');
    expect(shown).toContain('info@college.example');
    expect(shown).toContain('أخبار الكلية 2/9/2023');
    expect(page.dropped).toContainEqual({
      kind: 'script',
      what: 'Date and time of the visit "27/11/2026 7:21:20"',
      reason:
        'A script wrote the moment the page was read: the rebuild would show it as if it were now',
    });
  });
});
