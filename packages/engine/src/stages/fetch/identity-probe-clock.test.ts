import { describe, expect, it } from 'vitest';
import { plainText, toFlatBlocks } from '../../model';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, useProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

/**
 * A college's header strip with a clock its script writes and ticks every second (day/month/year
 * and hours:minutes:seconds, unpadded, icons between), and a news item dated in the past (issue 23).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Riverside College</title></head><body>
<header><div class="top"><a href="/ar/">AR</a><p id="demo"></p></div>
  <div class="contact"><span>info@riverside.example</span></div></header>
<main><h1>Riverside College</h1>
  <p>Nursing and engineering by the river since 1961.</p>
  <p class="news">2/9/2023 The new library opens.</p>
</main>
<script>
  function today() {
    var d = new Date();
    document.getElementById('demo').innerHTML = "<i class='icon-calendar'></i>" + d.getDate() + '/' +
      (d.getMonth() + 1) + '/' + d.getFullYear() + "<i class='icon-clock'></i>" + d.getHours() + ':' +
      d.getMinutes() + ':' + d.getSeconds();
  }
  today();
  setInterval(today, 1000);
</script>
</body></html>`;

const site = useProbedSite(() => ({ '/': PAGE }));

describe.skipIf(!chromePath)('a clock a script writes (issue 23)', () => {
  it('is marked, and extract keeps none of it; the dated news stays', () => {
    expect(
      site()
        .marked('/', PROBE_MARKS.clock)
        .map((e) => e.tagName),
    ).toEqual(['p']);
    const page = extractSite(site().raw!).pages[0]!;
    const shown = page.sections
      .flatMap((section) => toFlatBlocks(section.blocks))
      .map((block) => ('inlines' in block ? plainText(block.inlines) : ''))
      .join(' | ');
    expect(shown).not.toMatch(new RegExp(`\\b${new Date().getFullYear()}\\b`));
    expect(shown).toContain('2/9/2023 The new library opens.');
    expect(shown).toContain('info@riverside.example');
    expect(page.dropped).toContainEqual(
      expect.objectContaining({ kind: 'script', what: expect.stringMatching(/^Date and time/) }),
    );
  });
});
