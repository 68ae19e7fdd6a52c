import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import type { RawSite } from '../../types';
import { fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  serveFolder,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

/** The corpus of real old sites: CORPUS_DIR, else ../shared/corpus next to the repository. */
const CORPUS_DIR =
  process.env['CORPUS_DIR'] ??
  fileURLToPath(new URL('../../../../../../shared/corpus', import.meta.url));
const hasCorpus = existsSync(join(CORPUS_DIR, 'manifest.json'));
const chromePath = await findChromePath();
if (!hasCorpus)
  console.info(`Skipping the corpus fetch tests: no corpus at ${CORPUS_DIR} (set CORPUS_DIR).`);
if (hasCorpus && !chromePath)
  console.info('Skipping the speagle-js corpus test: no Chromium found (set CHROME_PATH).');

interface CorpusSite {
  name: string;
  pages: string[];
  mustKeep: string[];
}

function readCorpusSite(name: string): CorpusSite {
  const manifest = JSON.parse(
    readFileSync(join(CORPUS_DIR, 'manifest.json'), 'utf8'),
  ) as CorpusSite[];
  const site = manifest.find((entry) => entry.name === name);
  if (!site) throw new Error(`${name} is not in the corpus manifest`);
  return site;
}

/** The visible-ish text of a page: tags dropped, common entities decoded, whitespace collapsed. */
function toText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const ports = () => ({ logger: buildRecordingLogger(), clock: { now: () => Date.now() } });

describe.skipIf(!hasCorpus)('fetchSite on the corpus', () => {
  describe('wouter-1998 (1998 Dutch homepage, frames, windows-1252 without a declared charset)', () => {
    let server: TestServer;
    let raw: RawSite;

    beforeAll(async () => {
      server = await serveFolder(join(CORPUS_DIR, 'wouter-1998'));
      raw = await fetchSite(`${server.origin}/`, { allowPrivateUrls: true }, ports());
    });
    afterAll(async () => {
      await server?.close();
    });

    it('reads the frameset and content pages as windows-1252', () => {
      const paths = raw.pages.map((page) => new URL(page.url).pathname);
      expect(paths[0]).toBe('/');
      expect(paths).toEqual(
        expect.arrayContaining([
          '/indexvb.html',
          '/midden.html',
          '/indexgames.html',
          '/unreal.html',
          // Linked only from the params of the Java tree menu in frame_left.html.
          '/links.html',
          '/products.html',
          '/code.html',
          '/downloads.html',
        ]),
      );
      expect(raw.pages.every((page) => page.charset === 'windows-1252')).toBe(true);
      const indexvb = raw.pages.find((page) => page.url.endsWith('/indexvb.html'));
      expect(indexvb?.frames).toEqual([
        `${server.origin}/frame_left.html`,
        `${server.origin}/midden.html`,
      ]);
      const midden = raw.pages.find((page) => page.url.endsWith('/midden.html'));
      expect(toText(midden?.html ?? '')).toContain('je misschien op ideën kan brengen');
    });

    it('keeps every required snippet and the site’s images', () => {
      const text = toText(raw.pages.map((page) => page.html).join(' '));
      for (const snippet of readCorpusSite('wouter-1998').mustKeep) expect(text).toContain(snippet);
      expect(raw.assets.length).toBeGreaterThan(10);
      expect(
        raw.assets
          .filter((asset) => asset.contentType === 'image/gif')
          .every((asset) => asset.width && asset.height),
      ).toBe(true);
      // Dead links of the archive (cheats a.html..z.html) are skipped with warnings, the crawl goes on.
      expect(
        raw.diagnostics.some(
          (diagnostic) =>
            diagnostic.code === 'ENGINE_FETCH_PAGE_SKIPPED' && diagnostic.level === 'warning',
        ),
      ).toBe(true);
    });
  });

  describe.skipIf(!chromePath)('speagle-js (content inserted by JavaScript)', () => {
    let server: TestServer;
    let raw: RawSite;

    beforeAll(async () => {
      server = await serveFolder(join(CORPUS_DIR, 'speagle-js'));
      raw = await fetchSite(
        `${server.origin}/`,
        { allowPrivateUrls: true, browser: 'always' },
        ports(),
      );
    });
    afterAll(async () => {
      await server?.close();
    });

    it('renders every page and finds the navigation the scripts build', () => {
      const paths = raw.pages.map((page) => new URL(page.url).pathname).sort();
      const expected = readCorpusSite('speagle-js').pages.map((page) =>
        `/${page}`.replace('/index.html', '/'),
      );
      expect(paths).toEqual(expected.sort());
      expect(
        raw.pages.every((page) => page.renderedWith === 'browser' && page.charset === 'utf-8'),
      ).toBe(true);
    });

    it('keeps every required snippet, which only exists after JavaScript ran', () => {
      const text = toText(raw.pages.map((page) => page.html).join(' '));
      for (const snippet of readCorpusSite('speagle-js').mustKeep) expect(text).toContain(snippet);
      expect(raw.stylesheets.length).toBeGreaterThan(3);
      expect(raw.assets.find((asset) => asset.url.endsWith('art-logo-mod.svg'))).toMatchObject({
        contentType: 'image/svg+xml',
      });
    });
  });
});
