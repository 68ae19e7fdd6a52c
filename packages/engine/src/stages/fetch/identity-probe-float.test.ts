import { describe, expect, it } from 'vitest';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { toFlatBlocks } from '../../model';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, useProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

const WORDS = 'A shoot-them-up of 1998 with levels of its own, a level editor and a fast engine. ';

/**
 * A page floating a picture right by markup, one left through a floated link, a full-width
 * picture whose stylesheet floats it (not beside anything), and one not floated at all.
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Unreal</title><style>
  body { width: 1000px; }
  a.shot { float: left; }
  img.wide { float: left; width: 1000px; height: 100px; }
  img { width: 200px; height: 150px; }
</style></head><body>
  <h1>Unreal</h1>
  <img id="right" src="/a.png" alt="The level" align="right"><p>${WORDS.repeat(4)}</p>
  <a class="shot" href="/big.png"><img id="left" src="/b.png" alt="A monster"></a><p>${WORDS.repeat(4)}</p>
  <img id="wide" class="wide" src="/c.png" alt="A banner"><p>${WORDS}</p>
  <img id="plain" src="/d.png" alt="The box"><p>${WORDS}</p>
  <script>window.ready = true;</script>
</body></html>`;

const site = useProbedSite(() => ({ '/': PAGE }));

describe.skipIf(!chromePath)('pictures floated beside their text (issue 23)', () => {
  it('marks the pictures floated beside text, with their side', () => {
    const marks = site()
      .marked('/', PROBE_MARKS.float)
      .map((e) => `${getAttr(e, 'id')}:${getAttr(e, PROBE_MARKS.float)}`);
    expect(marks).toEqual(['right:right', 'left:left']);
  });

  it('keeps the floats on the image blocks', () => {
    const page = extractSite(site().raw!).pages[0]!;
    const images = toFlatBlocks(page.sections.flatMap((section) => section.blocks)).flatMap(
      (block) => (block.kind === 'image' ? [`${block.image.alt}:${block.float ?? '-'}`] : []),
    );
    expect(images).toEqual(['The level:right', 'A monster:left', 'A banner:-', 'The box:-']);
  });
});
