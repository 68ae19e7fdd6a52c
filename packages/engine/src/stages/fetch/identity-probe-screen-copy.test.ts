import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, probeSite, type ProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

const WELCOME = 'Welcome to the Harbour Inn, six rooms by the sea with breakfast on the terrace.';
const NOTES =
  'Check-in from three in the afternoon, check-out by eleven; the ferry stops five minutes away.';

/**
 * A Dreamweaver-era page carrying two layouts of one text, a phone column and a desktop table, one
 * hidden by a width query; a menu button and a map shown only on phones; a phone-only notice of its
 * own; a phone copy of the notes that adds a picture of its own; a phone-only gallery with a caption
 * the desktop shows; and a tab panel a width query hides until
 * its tab is chosen (issue 23).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Harbour Inn</title><style>
  @media screen and (max-width: 768px) { table.desktop { display: none; } }
  @media screen and (min-width: 769px) { div.mobile, p.phone-note, #prices, .burger, .phone-map, .phone-gallery { display: none; } }
  img { width: 300px; height: 200px; }
</style></head><body>
<div class="mobile" id="phone-copy"><img src="/bay.jpg" alt="The bay"><p>${WELCOME}</p></div>
<button class="burger" id="burger"><span></span><span></span><span></span></button>
<div class="phone-map" id="phone-map"><iframe title="Map" src="about:blank"></iframe></div>
<p class="phone-note" id="phone-only">Tap the number to call us from your phone, day or night.</p>
<table class="desktop"><tr><td><img src="/bay.jpg" alt="The bay"></td><td><p>${WELCOME}</p></td></tr></table>
<div class="mobile" id="phone-notes"><p>${NOTES}</p><img src="/map.jpg" alt="Where we are"></div>
<p>${NOTES}</p>
<div class="phone-gallery" id="phone-gallery"><p>Our rooms</p><img src="/room1.jpg" alt=""><img src="/room2.jpg" alt=""></div>
<p>Our rooms</p>
<div class="mobile" id="phone-sights"><p>Nearby</p><ol><li>Harbour walk (ten minutes on foot).</li><li>Lighthouse point, where the ferries turn (by bike).</li><li>Fish market (open at dawn).</li></ol><img src="/harbour.jpg" alt=""></div>
<table class="desktop"><tr><td><p>Nearby:</p><div>1.<span>Harbour walk</span> (ten minutes on foot)<br>2.<span>Lighthouse point</span>, where the ferries turn (by bike)<br>3.<span>Fish market</span> (open at dawn)</div></td></tr></table>
<p><a href="#prices" aria-controls="prices">Show prices</a></p>
<div id="prices"><p>${WELCOME} Rooms from 60 euros a night.</p></div>
<script>window.ready = true;</script>
</body></html>`;

let site: ProbedSite;

beforeAll(async () => {
  site = await probeSite({ '/': PAGE }, 1);
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe.skipIf(!chromePath)('copies for another screen size (issue 23)', () => {
  it('marks the phone layout that repeats the desktop one, not content of its own', () => {
    expect(site.marked('/', PROBE_MARKS.screenCopy).map((e) => getAttr(e, 'id'))).toEqual([
      'phone-copy',
      'burger',
      'phone-notes',
      'phone-sights',
    ]);
  });

  it('keeps the text and the picture once', () => {
    const page = extractSite(site.raw!).pages[0]!;
    expect(page.textBlocks.filter((text) => text === WELCOME)).toHaveLength(1);
    expect(page.textBlocks.filter((text) => text === NOTES)).toHaveLength(1);
    const pictures = JSON.stringify(page.sections).match(/bay\.jpg/g) ?? [];
    expect(pictures).toHaveLength(1);
    expect(page.textBlocks.join(' ')).toContain('Tap the number to call us');
  });

  it('takes a copy whose lines differ from the shown ones only in punctuation for a copy', () => {
    const page = extractSite(site.raw!).pages[0]!;
    expect(page.textBlocks.filter((text) => text.includes('Harbour walk'))).toHaveLength(1);
    expect(JSON.stringify(page.sections)).not.toContain('harbour.jpg');
  });

  it('lists the copies that held words or pictures as not carried, not a menu button', () => {
    const page = extractSite(site.raw!).pages[0]!;
    const copies = page.dropped.filter((entry) => entry.what.startsWith('Layout for another'));
    expect(copies.map((entry) => entry.what)).toEqual([
      'Layout for another screen size "Welcome to the Harbour Inn, six rooms by the sea with break…" (1 picture)',
      expect.stringContaining('"Check-in from three'),
      expect.stringContaining('"Nearby Harbour walk'),
    ]);
  });
});
