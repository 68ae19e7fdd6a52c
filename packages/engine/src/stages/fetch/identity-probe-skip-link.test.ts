import { describe, expect, it } from 'vitest';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, useProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

/** A skip link out of sight until focused, then a visible link to a section of the page. */
const PAGE = `<!doctype html><html lang="de"><head><title>Naturfotografie</title><style>
  .sprung { position: absolute; left: -9999px; top: 0; }
  .sprung:focus { left: 0; }
</style></head><body>
  <a class="sprung" id="skip" href="#inhalt">Direkt zum Inhalt</a>
  <nav><a id="gallery" href="#galerie">Galerie</a> <a href="/shop.html">Shop</a></nav>
  <main id="inhalt"><h1>Wildes Leben vor der Haustür</h1>
    <p>Heimische Vögel, Eichhörnchen und die Natur, fotografiert im natürlichen Licht.</p>
    <h2 id="galerie">Galerie</h2><p>Bilder aus dem Garten und vom Teich.</p></main>
  <script>window.ready = true;</script>
</body></html>`;

const site = useProbedSite(() => ({ '/': PAGE }));

describe.skipIf(!chromePath)('a skip link out of sight (issue 23)', () => {
  it('marks the skip link, not a visible link to a section', () => {
    expect(
      site()
        .marked('/', PROBE_MARKS.skipLink)
        .map((e) => getAttr(e, 'id')),
    ).toEqual(['skip']);
  });

  it('leaves it out of the content and lists it as not carried', () => {
    const model = extractSite(site().raw!);
    const page = model.pages[0]!;
    expect(page.textBlocks.join(' ')).not.toContain('Direkt zum Inhalt');
    expect(page.textBlocks.join(' ')).toContain('Heimische Vögel');
    expect(page.dropped.map((item) => item.what)).toContain('Skip link "Direkt zum Inhalt"');
  });
});
