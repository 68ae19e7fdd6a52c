import { describe, expect, it } from 'vitest';
import { plainText, toFlatBlocks } from '../../model';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, useProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

/**
 * A documentation reader whose toolbar shows the page's title only while the pointer is over it
 * (transparent at rest), a hover dropdown of pages in its menu, and a photo whose caption of its
 * own a pointer reveals (issue 23).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Triggers</title><style>
  body { margin: 0; font: 16px/1.5 sans-serif; }
  .toolbar { height: 50px; border-bottom: 1px solid #ddd; }
  .toolbar h1 { margin: 0; font-size: 20px; text-align: center; opacity: 0; transition: opacity .2s; }
  .toolbar:hover h1 { opacity: 1; }
  nav li ul { visibility: hidden; opacity: 0; }
  nav li:hover ul { visibility: visible; opacity: 1; }
  figure figcaption { opacity: 0; }
  figure:hover figcaption { opacity: 1; }
  main { padding: 0 40px; }
</style></head><body>
<nav><ul><li><a href="/">Apex triggers</a></li>
  <li><a href="/exercises">Exercises</a><ul><li><a href="/level-1">Level 1</a></li><li><a href="/level-2">Level 2</a></li></ul></li></ul></nav>
<div class="toolbar"><h1 id="title"><a href="/">Apex triggers</a></h1></div>
<main><h2>Write triggers that last</h2>
  <p>Triggers that are easy to test stand up to change.</p>
  <figure><img src="/desk.png" alt="A desk" width="320" height="200"><figcaption id="caption">The desk where the course was written in 2020</figcaption></figure>
</main>
<footer><a href="/level-1">Level 1</a> <a href="/level-2">Level 2</a></footer>
<script>window.ready = true;</script>
</body></html>`;

const site = useProbedSite(() => ({ '/': PAGE }));

describe.skipIf(!chromePath)('hover-only marks (issue 23)', () => {
  it("mark the toolbar's title a pointer reveals, not a hover dropdown nor a caption of its own", () => {
    expect(
      site()
        .marked('/', PROBE_MARKS.hoverOnly)
        .map((e) => getAttr(e, 'id')),
    ).toEqual(['title']);
  });

  it('leave the title out of the content, and keep the menu and the caption', () => {
    const model = extractSite(site().raw!);
    const page = model.pages[0]!;
    const shown = page.sections.flatMap((section) => [
      ...(section.heading ? [plainText(section.heading.inlines)] : []),
      ...toFlatBlocks(section.blocks).map((block) =>
        'inlines' in block ? plainText(block.inlines) : '',
      ),
    ]);
    expect(shown).not.toContain('Apex triggers');
    expect(shown.join(' | ')).toContain('The desk where the course was written in 2020');
    expect(model.navigation.map((link) => link.label)).toEqual(
      expect.arrayContaining(['Exercises', 'Level 1', 'Level 2']),
    );
  });
});
