import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, probeSite, type ProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

const SLIDE = (n: number, hidden = '') =>
  `<figure style="${hidden}"><img src="/slide-${n}.jpg" alt="Slide ${n}"><figcaption>Caption ${n}</figcaption></figure>`;

/**
 * Three sliders whose classes say nothing (a fading one, a sliding track, one hiding its slides),
 * and what is no slider: a hover-swap button, a desktop and a phone picture, a gallery, pages of
 * words a script switches in place (issue 23).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Harbour Inn</title><style>
  body { margin: 0; font: 16px/1.5 Georgia, serif; }
  img { display: block; width: 100%; height: 240px; }
  figure { margin: 0; }
  #fade { position: relative; width: 900px; height: 300px; }
  #fade figure { position: absolute; inset: 0; opacity: 0; }
  #fade figure:first-child { opacity: 1; }
  .window { width: 800px; overflow: hidden; }
  #track { display: flex; width: 2400px; margin: 0; padding: 0; list-style: none; }
  #track li { width: 800px; flex: none; }
  #shows { width: 900px; }
  #pair img { width: 900px; }
  #gallery { display: grid; grid-template-columns: repeat(3, 1fr); width: 900px; }
  .swap img { width: 120px; height: 40px; }
</style></head><body>
<h1>Harbour Inn</h1>
<div id="fade">${SLIDE(1)}${SLIDE(2)}${SLIDE(3)}</div>
<div class="window"><ul id="track">
  <li><img src="/t1.jpg" alt="Boats"></li><li><img src="/t2.jpg" alt="Pier"></li><li><img src="/t3.jpg" alt="Dunes"></li>
</ul></div>
<div id="shows">${SLIDE(4)}${SLIDE(5, 'display: none')}${SLIDE(6, 'display: none')}</div>
<p><a class="swap" href="/rooms.html"><img src="/rooms.gif" alt="Rooms"><img src="/rooms-on.gif" alt="Rooms" style="display: none"></a></p>
<div id="pair"><img src="/wide.jpg" alt="The bay"><img src="/narrow.jpg" alt="The bay" style="display: none"></div>
<div id="gallery">${[1, 2, 3, 4, 5, 6].map((n) => `<img src="/g${n}.jpg" alt="Room ${n}">`).join('')}</div>
<ul id="pages">${[1, 2, 3]
  .map(
    (n) =>
      `<li style="${n > 1 ? 'display: none' : ''}"><h2>Part ${n}</h2><img src="/p${n}.png" alt="" style="width: 40px; height: 40px"><p>${'Words of a page a script switches in place. '.repeat(12)}</p></li>`,
  )
  .join('')}</ul>
<p>Rooms by the sea since 1950.</p>
<script>window.ready = true;</script>
</body></html>`;

let site: ProbedSite;

beforeAll(async () => {
  site = await probeSite({ '/': PAGE }, 1);
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe.skipIf(!chromePath)('sliders seen by the identity probe (issue 23)', () => {
  it('marks a fading slider, a sliding track and one hiding its slides, by what they show', () => {
    const sliders = site.marked('/', PROBE_MARKS.slider);
    expect(sliders.map((e) => getAttr(e, 'id'))).toEqual(['fade', 'track', 'shows']);
    expect(site.marked('/', PROBE_MARKS.slide)).toHaveLength(9);
  });

  it('keeps each as one carousel of its slides, and the rest as pictures', () => {
    const blocks = extractSite(site.raw!).pages[0]!.sections.flatMap((section) => section.blocks);
    const carousels = blocks.filter((block) => block.kind === 'carousel');
    expect(
      carousels.map((block) => block.kind === 'carousel' && block.slides.map((s) => s.image?.alt)),
    ).toEqual([
      ['Slide 1', 'Slide 2', 'Slide 3'],
      ['Boats', 'Pier', 'Dunes'],
      ['Slide 4', 'Slide 5', 'Slide 6'],
    ]);
    // The gallery's six rooms are no slides.
    const text = JSON.stringify(blocks.filter((block) => block.kind !== 'carousel'));
    for (const n of [1, 2, 3, 4, 5, 6]) expect(text).toContain(`Room ${n}`);
  });
});
