/**
 * A small site of the test's own, served on loopback and fetched through real Chromium with the
 * identity probe (tests of what the probe marks and what extract makes of it). Without a browser on
 * the machine, `raw` is undefined and the test skips (`describe.skipIf(!chromePath)`).
 */
import { parse } from 'parse5';
import { afterAll, beforeAll } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import type { EnginePorts } from '../../ports';
import type { PageModel } from '../../model';
import { plainText, toFlatBlocks } from '../../model';
import type { RawSite } from '../../types';
import type { Element, Node } from '../extract/dom';
import { findElements, getAttr } from '../extract/dom';
import type { ProbeMark } from '../../measure/probe-marks';
import { fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  startTestServer,
  type CannedResponse,
  type TestServer,
} from './test-server.fixture';

export const chromePath = await findChromePath();

export interface ProbedSite {
  server: TestServer;
  /** The fetched site; undefined without a browser. */
  raw: RawSite | undefined;
  /** The probed page at `path`, parsed. */
  documentOf(path: string): Node;
  /** The elements of the page at `path` carrying `mark`. */
  marked(path: string, mark: ProbeMark): Element[];
  close(): Promise<void>;
}

/**
 * Serves `pages` (path → HTML, or a canned response: a picture) and fetches them from `/` with the
 * browser, up to `maxPages`.
 */
export async function probeSite(
  pages: Record<string, string | CannedResponse>,
  maxPages = 5,
): Promise<ProbedSite> {
  const server = await startTestServer(
    Object.fromEntries(
      Object.entries(pages).map(([path, body]) => [
        path,
        typeof body === 'string' ? { body } : body,
      ]),
    ),
  );
  const ports: EnginePorts = {
    logger: buildRecordingLogger(),
    clock: { now: () => Date.now() },
  };
  const raw = chromePath
    ? await fetchSite(
        `${server.origin}/`,
        { browser: 'always', maxPages, allowPrivateUrls: true, respectRobots: false },
        ports,
      )
    : undefined;
  const documentOf = (path: string): Node => {
    const page = raw?.pages.find((p) => p.url === `${server.origin}${path}`);
    if (!page) throw new Error(`${path} was not fetched`);
    return parse(page.html) as Node;
  };
  return {
    server,
    raw,
    documentOf,
    marked: (path, mark) => findElements(documentOf(path), (e) => getAttr(e, mark) !== undefined),
    close: () => server.close(),
  };
}

/**
 * `probeSite` for a test file: fetched once before its tests (pages may be made asynchronously,
 * pictures drawn with sharp), closed after them. Returns the site's getter.
 */
export function useProbedSite(
  pages: () =>
    Record<string, string | CannedResponse> | Promise<Record<string, string | CannedResponse>>,
  maxPages = 1,
): () => ProbedSite {
  let site: ProbedSite | undefined;
  beforeAll(async () => {
    site = await probeSite(await pages(), maxPages);
  }, 60_000);
  afterAll(async () => {
    await site?.close();
  });
  return () => {
    if (!site) throw new Error('the probed site is not ready');
    return site;
  };
}

/** Every word and icon name a page's sections show, their headings and blocks, joined by ` | `. */
export function shownText(page: PageModel): string {
  return page.sections
    .flatMap((section) => [
      ...(section.heading ? [plainText(section.heading.inlines)] : []),
      ...toFlatBlocks(section.blocks).map((block) => {
        if ('inlines' in block) return plainText(block.inlines);
        if (block.kind === 'list') return block.items.map((item) => plainText(item)).join(' ');
        return '';
      }),
    ])
    .join(' | ');
}
