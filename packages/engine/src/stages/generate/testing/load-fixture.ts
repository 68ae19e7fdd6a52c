/**
 * Test support: turns fixtures/<case>/ into the RawSite fetch would have read.
 *   input.html              the start page (at case.json "url", default http://site.example/index.html)
 *   case.json               { strategy, url?, pages?: { "<path>": "<html>" }, frames?: { "<page path>": [...] },
 *                             assets?: { "<path on the site>": "<file in the case folder>" } }
 *   input-pages/*.html      more pages, at their path relative to the start page's folder
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_STRATEGY,
  type RawAsset,
  type RawPage,
  type RawSite,
  type Strategy,
} from '../../../types';

/** fixtures/ of the engine. */
export const FIXTURES_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../fixtures',
);

interface CaseFile {
  strategy?: Strategy;
  url?: string;
  pages?: Record<string, string>;
  frames?: Record<string, string[]>;
  assets?: Record<string, string>;
}

/** A fixture case: its RawSite and the strategy its golden files use. */
export interface Fixture {
  name: string;
  dir: string;
  strategy: Strategy;
  raw: RawSite;
}

function pngSize(body: Uint8Array): { width?: number; height?: number } {
  if (body.length < 24 || body[0] !== 0x89 || body[1] !== 0x50) return {};
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A page as the static fetch would have read it (200, text/html, UTF-8). */
export function toRawPage(
  url: string,
  html: string,
  depth: number,
  frames: string[] = [],
): RawPage {
  return {
    requestedUrl: url,
    url,
    status: 200,
    contentType: 'text/html',
    charset: 'utf-8',
    html,
    renderedWith: 'static',
    depth,
    frames,
  };
}

/** Loads fixtures/<name>. */
export function loadFixture(name: string): Fixture {
  const dir = join(FIXTURES_DIR, name);
  const spec: CaseFile = existsSync(join(dir, 'case.json'))
    ? (JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as CaseFile)
    : {};
  const startUrl = spec.url ?? 'http://site.example/index.html';
  const startPath = new URL(startUrl).pathname.replace(/^\//, '');
  const htmlByPath = new Map<string, string>([
    [startPath, readFileSync(join(dir, 'input.html'), 'utf8')],
  ]);
  if (existsSync(join(dir, 'input-pages'))) {
    for (const file of readdirSync(join(dir, 'input-pages')).sort())
      htmlByPath.set(`input-pages/${file}`, readFileSync(join(dir, 'input-pages', file), 'utf8'));
  }
  for (const [path, html] of Object.entries(spec.pages ?? {})) htmlByPath.set(path, html);
  const base = new URL('.', startUrl);
  const pages = [...htmlByPath.entries()].map(([path, html], index) => {
    const url = new URL(path, base).href;
    const frames = (spec.frames?.[path] ?? []).map((frame) => new URL(frame, base).href);
    return toRawPage(url, html, index === 0 ? 0 : 1, frames);
  });
  const assets: RawAsset[] = Object.entries(spec.assets ?? {}).map(([path, file]) => {
    const body = new Uint8Array(readFileSync(join(dir, file)));
    const type = file.endsWith('.png')
      ? 'image/png'
      : file.endsWith('.gif')
        ? 'image/gif'
        : 'image/jpeg';
    return {
      url: new URL(path, new URL('/', startUrl)).href,
      contentType: type,
      body,
      ...pngSize(body),
    };
  });
  return {
    name,
    dir,
    strategy: spec.strategy ?? DEFAULT_STRATEGY,
    raw: {
      startUrl,
      finalUrl: startUrl,
      pages,
      stylesheets: [],
      assets,
      diagnostics: [],
      notRead: [],
    },
  };
}

/** Builds a RawSite of one page from HTML (for unit tests). */
export function toRawSite(html: string, url = 'http://site.example/index.html'): RawSite {
  return {
    startUrl: url,
    finalUrl: url,
    pages: [toRawPage(url, html, 0)],
    stylesheets: [],
    assets: [],
    diagnostics: [],
    notRead: [],
  };
}

/** Reads a fixture's input.html. */
export function readFixtureHtml(name: string): string {
  return readFileSync(join(FIXTURES_DIR, name, 'input.html'), 'utf8');
}
