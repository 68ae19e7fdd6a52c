import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import type { Block } from '../../model';
import type { EnginePorts } from '../../ports';
import type { RawSite } from '../../types';
import type { Element, Node } from '../extract/dom';
import { findElement, findElements, getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const chromePath = await findChromePath();

/**
 * Cards whose head is a row pushed to its two ends (issue 23): a heading at the start and a short
 * date and type at the far end (`justify-content: space-between`), once with the heading growing
 * to fill the row and once with the two ends apart; and a block whose heading and words stack.
 * Over them, a row of separate filter buttons (pills written without spaces between them), and a
 * sentence with a button in it.
 */
const PAGE = `<html><head><title>Lectures</title><style>
  body { margin: 0; font: 16px sans-serif; }
  main { width: 960px; margin: 0 auto; }
  .card { border: 1px solid #ccc; padding: 16px; margin-bottom: 16px; }
  .head { display: flex; justify-content: space-between; gap: 16px; }
  .head h4 { margin: 0; font-size: 18px; }
  #grow h4 { flex: 1; }
  .meta { display: flex; flex-direction: column; align-items: flex-end; }
  .filters { display: flex; gap: 12px; }
  .filters button { border-radius: 20px; padding: 8px 16px; }
</style></head><body><main>
<nav class="filters" id="filters" aria-label="Filter"><button>All (2)</button><button>Invited (1)</button><button>Contributed (1)</button></nav>
<p id="sentence">Press <button>Show</button> to see them <button>all</button>.</p>
<article class="card"><div class="head" id="grow"><h4>Stars in the outer disc of the galaxy</h4>
  <div class="meta"><time>Sep 2025</time><span>Invited</span></div></div>
  <p>A colloquium at the institute, with questions afterwards.</p></article>
<article class="card"><div class="head" id="apart"><h4>Dust maps</h4>
  <div class="meta"><time>May 2024</time><span>Contributed</span></div></div>
  <p>A short talk at the spring meeting.</p></article>
<div id="stacked"><h2>About the lectures</h2><p>Given over ten years in many places.</p></div>
</main><script>window.ready = true;</script></body></html>`;

let site: TestServer;
let raw: RawSite;

beforeAll(async () => {
  site = await startTestServer({ '/': { body: PAGE } });
  if (chromePath) {
    raw = await fetchSite(
      `${site.origin}/`,
      { browser: 'always', maxPages: 1, allowPrivateUrls: true, respectRobots: false },
      {
        logger: buildRecordingLogger(),
        clock: { now: () => Date.now() },
      } satisfies EnginePorts,
    );
  }
}, 60_000);

afterAll(async () => {
  await site?.close();
});

const byId = (document: Node, id: string) =>
  findElement(document, (e) => getAttr(e, 'id') === id) as Element;

const rowsOf = (blocks: Block[]) =>
  blocks.flatMap((block) => (block.kind === 'items' && block.widths ? [block] : []));

describe.skipIf(!chromePath)('rows pushed to their two ends (issue 23)', () => {
  it('marks a title at the start and a short label at the far end as a row', () => {
    const document = parse(raw.pages[0]!.html) as Node;
    for (const id of ['grow', 'apart']) {
      const head = byId(document, id);
      const shares = getAttr(head, 'data-sitelift-row')?.split(' ').map(Number);
      expect(shares, id).toHaveLength(2);
      // The title takes the space between; the label keeps its own width.
      expect(shares![0]!).toBeGreaterThan(75);
      expect(
        findElements(head, (e) => getAttr(e, 'data-sitelift-col') !== undefined).map(
          (e) => e.tagName,
        ),
      ).toEqual(['h4', 'div']);
    }
    expect(getAttr(byId(document, 'stacked'), 'data-sitelift-row')).toBeUndefined();
  });

  it('keeps a row of separate buttons a row of separate items, not one paragraph', () => {
    const document = parse(raw.pages[0]!.html) as Node;
    expect(getAttr(byId(document, 'filters'), 'data-sitelift-inline')).toBe('');
    expect(getAttr(byId(document, 'sentence'), 'data-sitelift-inline')).toBeUndefined();
    const blocks = extractSite(raw).pages[0]!.sections.flatMap((section) => section.blocks);
    const pills = blocks.find((block) => block.kind === 'list' && block.inline);
    expect(pills).toMatchObject({
      kind: 'list',
      inline: true,
      items: [[{ text: 'All (2)' }], [{ text: 'Invited (1)' }], [{ text: 'Contributed (1)' }]],
    });
    expect(JSON.stringify(blocks)).not.toMatch(/All \(2\) ?Invited/);
    expect(JSON.stringify(blocks)).toContain('to see them');
  });

  it('extracts the head as two columns: the heading, then the date and type', () => {
    const blocks = extractSite(raw).pages[0]!.sections.flatMap((section) => section.blocks);
    const rows = rowsOf(blocks);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.columns).toBe(2);
      expect(row.items[0]!.blocks[0]).toMatchObject({ kind: 'heading' });
      expect(JSON.stringify(row.items[1])).toMatch(/Sep 2025|May 2024/);
    }
  });
});
