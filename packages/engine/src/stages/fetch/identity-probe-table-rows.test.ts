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

/** A transparent 1 × 1 GIF, drawn at the size its markup gives it. */
const DOT = Uint8Array.from(
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
);

const WORDS = 'Words about the village and its castle, long enough for a few lines. '.repeat(3);

/**
 * An old page laid out with tables (issue 23): a small centred table of a button, a picture and
 * its label per row (with an empty spacer cell), a full-width row of a picture beside its text, a
 * sliced picture whose cells span rows, and a data table.
 */
const PAGE = `<html><head><title>Village</title></head><body bgcolor="#ffffff">
<center>
<h2>Welcome!</h2>
<table id="small"><tr id="first"><td><a href="/vb.html"><img src="/dot.gif" width="24" height="24"></a></td>
  <td><img src="/dot.gif" width="1" height="1"></td>
  <td><img src="/dot.gif" width="90" height="40"></td><td>Visual basic</td></tr>
<tr><td><a href="/games.html"><img src="/dot.gif" width="24" height="24"></a></td><td></td>
  <td><img src="/dot.gif" width="90" height="60"></td><td>Games and cheat codes</td></tr></table>
</center>
<table width="100%" id="wide"><tr id="beside"><td width="30%"><img src="/dot.gif" width="300" height="200"></td>
  <td><p>${WORDS}</p></td></tr></table>
<table id="sliced"><tr><td rowspan="2"><img src="/dot.gif" width="200" height="100"></td><td>Top</td></tr>
  <tr><td>Bottom</td></tr></table>
<table border="1" id="data"><tr><td>Mon</td><td>9-17</td></tr><tr><td>Tue</td><td>9-17</td></tr></table>
<script>window.ready = true;</script></body></html>`;

let site: TestServer;
let raw: RawSite;

beforeAll(async () => {
  site = await startTestServer({
    '/': { body: PAGE },
    '/dot.gif': { headers: { 'content-type': 'image/gif' }, body: DOT },
  });
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

describe.skipIf(!chromePath)('rows of a layout table (issue 23)', () => {
  it('marks a row of cells side by side, its narrower width and centring, not spacers', () => {
    const document = parse(raw.pages[0]!.html) as Node;
    const first = byId(document, 'first');
    expect(getAttr(first, 'data-sitelift-row')?.split(' ')).toHaveLength(3);
    // The spacer cell (a 1 px GIF) is no column.
    expect(findElements(first, (e) => getAttr(e, 'data-sitelift-col') !== undefined)).toHaveLength(
      3,
    );
    expect(getAttr(first, 'data-sitelift-row-box')).toMatch(/^\d+ center$/);
    const beside = byId(document, 'beside');
    expect(getAttr(beside, 'data-sitelift-row')).toMatch(/^\d+\.\d \d+\.\d$/);
    // A row as wide as its block keeps no width of its own.
    expect(getAttr(beside, 'data-sitelift-row-box')).toBeUndefined();
    expect(
      findElements(byId(document, 'sliced'), (e) => getAttr(e, 'data-sitelift-row') !== undefined),
    ).toEqual([]);
  });

  it('extracts each row as columns, a small centred table at its width', () => {
    const blocks = extractSite(raw).pages[0]!.sections.flatMap((section) => section.blocks);
    const rows = rowsOf(blocks);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ align: 'center', columns: 3 });
    expect(rows[0]!.rowWidth).toBeGreaterThan(100);
    expect(rows[0]!.rowWidth).toBeLessThan(400);
    expect(JSON.stringify(rows[1]!.items[2])).toContain('Games and cheat codes');
    expect(rows[2]!.rowWidth).toBeUndefined();
    expect(JSON.stringify(rows[2]!.items[1])).toContain('Words about the village');
    // The data table stays a table.
    expect(blocks.some((block) => block.kind === 'table')).toBe(true);
  });
});
