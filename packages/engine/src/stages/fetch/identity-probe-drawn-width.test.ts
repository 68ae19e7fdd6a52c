import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import type { Block } from '../../model';
import { toFlatBlocks } from '../../model';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, probeSite, type ProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

/**
 * A fixed-width page of a small business showing a scanned certificate across its 930 px column,
 * under a short line of text, beside an icon too small to be measured and a picture hidden at load
 * (issue 23: the rebuild narrowed the scan to the text measure).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Garage</title><style>
  body { margin: 0; } #page { width: 930px; margin: 0 auto; } p { max-width: 600px; }
  img.scan { width: 100%; height: 700px; display: block; }
  img.icon { width: 24px; height: 24px; } img.later { display: none; }
</style></head><body><div id="page">
<p>Our certificate of achievement, awarded in 2012. <img class="icon" id="icon" src="/icon.png" alt=""></p>
<img class="scan" id="scan" src="/scan.jpg" alt="Certificate of achievement">
<img class="later" id="later" src="/later.jpg" alt="Shown later" width="800" height="600">
</div><script>window.ready = true;</script></body></html>`;

let site: ProbedSite;

beforeAll(async () => {
  site = await probeSite({ '/': PAGE }, 1);
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe.skipIf(!chromePath)('the width a picture was drawn at (issue 23)', () => {
  it('marks the width of each shown picture wide enough to pass a text column', () => {
    expect(
      site
        .marked('/', PROBE_MARKS.drawnWidth)
        .map((e) => [getAttr(e, 'id'), getAttr(e, PROBE_MARKS.drawnWidth)]),
    ).toEqual([['scan', '930']]);
  });

  it('keeps it with the picture', () => {
    const page = extractSite(site.raw!).pages[0]!;
    const images = page.sections
      .flatMap((section) => toFlatBlocks(section.blocks))
      .filter((block): block is Extract<Block, { kind: 'image' }> => block.kind === 'image');
    expect(images.map((block) => [block.image.alt, block.image.drawnWidth])).toContainEqual([
      'Certificate of achievement',
      930,
    ]);
  });
});
