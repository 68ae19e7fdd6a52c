import { describe, expect, it } from 'vitest';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import type { Block } from '../../model';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, useProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

const card = (title: string) =>
  `<h3>${title}</h3><p>Words about ${title.toLowerCase()}, enough of them to read as a card of the row.</p>`;

/**
 * Three rows of three cards (issue 23): panels with a border inside grid columns, cards on a fill
 * of their own with a shadow, and plain cards on the page's ground.
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Workshop</title><style>
  body { margin: 0; background: #ffffff; font: 16px/1.5 Arial, sans-serif; }
  .row { display: flex; width: 1140px; margin: 0 auto; }
  .col { width: 33.33%; padding: 0 15px; box-sizing: border-box; }
  .panel { border: 1px solid #dddddd; }
  .tile { flex: 1; margin: 10px; background: #f0ece4; box-shadow: 0 2px 6px rgba(0, 0, 0, 0.3); }
  .plain { flex: 1; margin: 10px; }
</style></head><body>
<div class="row" id="panels">
  <div class="col"><div class="panel">${card('Oak')}</div></div>
  <div class="col"><div class="panel">${card('Ash')}</div></div>
  <div class="col"><div class="panel">${card('Elm')}</div></div>
</div>
<div class="row" id="tiles">
  <div class="tile">${card('Chairs')}</div><div class="tile">${card('Tables')}</div><div class="tile">${card('Shelves')}</div>
</div>
<div class="row" id="plain">
  <div class="plain">${card('Monday')}</div><div class="plain">${card('Tuesday')}</div><div class="plain">${card('Friday')}</div>
</div>
<script>window.ready = true;</script>
</body></html>`;

const site = useProbedSite(() => ({ '/': PAGE }));

describe.skipIf(!chromePath)('repeated items drawn as boxes (issue 23)', () => {
  it('marks how the items are drawn against their ground', () => {
    const marks = Object.fromEntries(
      site()
        .marked('/', PROBE_MARKS.itemBox)
        .map((e) => [getAttr(e, 'id'), getAttr(e, PROBE_MARKS.itemBox)]),
    );
    expect(marks).toEqual({ panels: 'border', tiles: 'fill shadow' });
  });

  it('keeps the boxes on the items blocks', () => {
    const page = extractSite(site().raw!).pages[0]!;
    const items = page.sections
      .flatMap((section) => section.blocks)
      .filter((block): block is Extract<Block, { kind: 'items' }> => block.kind === 'items');
    expect(items.map((block) => block.boxed)).toEqual([['border'], ['fill', 'shadow'], undefined]);
  });
});
