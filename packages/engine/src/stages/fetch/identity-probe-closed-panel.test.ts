import { describe, expect, it } from 'vitest';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, shownText, useProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

/**
 * A page of a documentation reader: a toolbar whose font button opens a panel of size, family and
 * theme buttons that its stylesheet hides until a script adds `open`, and questions whose answers
 * the stylesheet hides until their button is clicked (issue 23).
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Apex triggers</title><style>
  body { margin: 0; font: 16px/1.5 sans-serif; }
  .toolbar { display: flex; gap: 8px; padding: 8px 40px; border-bottom: 1px solid #ddd; }
  .dropdown { position: relative; }
  .dropdown-menu { display: none; position: absolute; top: 32px; left: 0; background: #fff; }
  .dropdown.open .dropdown-menu { display: block; }
  .answer { display: none; }
  .faq .open + .answer { display: block; }
  main { padding: 0 40px; }
</style></head><body>
<div class="toolbar">
  <a class="btn" href="#" aria-label="Toggle the sidebar">&#9776;</a>
  <div class="dropdown" id="font-settings"><a class="btn toggle" href="#" aria-label="Font Settings">Aa</a>
    <div class="dropdown-menu" id="settings">
      <div class="buttons"><button class="reduce">A</button><button class="enlarge">A</button></div>
      <div class="buttons"><button>Serif</button><button>Sans</button></div>
      <div class="buttons"><button>White</button><button>Sepia</button><button>Night</button></div>
    </div>
  </div>
</div>
<main><h1>Apex triggers</h1>
  <p>Write triggers that are easy to test and that stand up to change.</p>
  <div class="faq">
    <button class="question">How long does the course take?</button>
    <div class="answer" id="answer-1"><p>Two evenings of two hours, with exercises to take home.</p></div>
    <button class="question">Do I need a paid licence?</button>
    <div class="answer" id="answer-2"><p>No: a free Developer Edition is enough for every exercise.</p></div>
  </div>
</main>
<script>
  document.querySelector('.toggle').addEventListener('click', (e) => {
    e.preventDefault();
    document.getElementById('font-settings').classList.toggle('open');
  });
  for (const q of document.querySelectorAll('.question'))
    q.addEventListener('click', () => q.classList.toggle('open'));
</script>
</body></html>`;

const site = useProbedSite(() => ({ '/': PAGE }));

describe.skipIf(!chromePath)('panels hidden at load that a control opens (issue 23)', () => {
  it('are marked with the controls that open them: the settings and both answers', () => {
    const panels = site().marked('/', PROBE_MARKS.closed);
    expect(panels.map((e) => getAttr(e, 'id'))).toEqual(['settings', 'answer-1', 'answer-2']);
    const toggles = site().marked('/', PROBE_MARKS.toggles);
    expect(toggles.map((e) => getAttr(e, 'aria-label') ?? getAttr(e, 'class'))).toEqual([
      'Font Settings',
      'question',
      'question',
    ]);
  });

  it('keep no settings panel nor its button in the content, and every answer', () => {
    const page = extractSite(site().raw!).pages[0]!;
    const text = shownText(page);
    for (const word of ['Serif', 'Sepia', 'Night', 'Aa']) expect(text).not.toContain(word);
    expect(page.textBlocks.join(' ')).not.toContain('Sepia');
    expect(text).toContain('How long does the course take?');
    expect(text).toContain('Two evenings of two hours, with exercises to take home.');
    expect(text).toContain('No: a free Developer Edition is enough for every exercise.');
    expect(page.dropped).toContainEqual(
      expect.objectContaining({
        what: 'Panel of controls hidden at load "A A Serif Sans White Sepia Night"',
      }),
    );
  });
});
