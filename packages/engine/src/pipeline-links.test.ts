/**
 * runPipeline on a site of which some linked pages were not read (issue 24): whichever way links to
 * them go (kept to the original, or removed), the rendered rebuild has no internal link to nothing,
 * and the hosts' files redirect the old addresses of the pages that were rebuilt.
 */
import { describe, expect, it } from 'vitest';
import type { UnbuiltLinks } from '@sitelift/shared/validation/create-project';
import { DEFAULT_PIPELINE, runPipeline, type PipelineResult } from './pipeline';
import { toRawPage } from './stages/generate/testing/load-fixture';
import { findVerifyChromePath } from './stages/verify/open-browser';
import type { RawSite } from './types';

const hasChromium = (await findVerifyChromePath()) !== undefined;

const ORIGIN = 'http://manual.example';

/** Home and the guide were read; /reference.html and /faq.html (linked from both) were not. */
function siteWithUnreadPages(): RawSite {
  const menu = `<nav><ul>
    <li><a href="/">Home</a></li>
    <li><a href="guide.html">Guide</a></li>
    <li><a href="reference.html">Reference</a></li>
  </ul></nav>`;
  const page = (title: string, main: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${menu}
      <main><h1>${title}</h1>${main}</main>
      <footer><p>Questions? Read <a href="/faq.html">the answers</a>.</p></footer></body></html>`;
  return {
    startUrl: `${ORIGIN}/`,
    finalUrl: `${ORIGIN}/`,
    notRead: [],
    pages: [
      toRawPage(
        `${ORIGIN}/`,
        page(
          'Manual',
          `<p>Start with <a href="guide.html#install">installing it</a>, look things up in
          <a href="reference.html#api">the reference</a>, or read <a href="#about">about it</a>.</p>
          <h2 id="about">About this manual</h2><p>It explains every part of the tool.</p>`,
        ),
        0,
      ),
      toRawPage(
        `${ORIGIN}/guide.html`,
        page(
          'Guide',
          `<h2 id="install">Installing</h2><p>Download it and run the installer.</p>
          <p>Every option is in <a href="/reference.html">the reference</a>.</p>`,
        ),
        1,
      ),
    ],
    stylesheets: [],
    assets: [],
    diagnostics: [],
  };
}

async function run(unbuiltLinks: UnbuiltLinks): Promise<PipelineResult> {
  const raw = siteWithUnreadPages();
  return runPipeline(
    {
      url: raw.startUrl,
      strategy: 'FULL_REBUILD',
      screenshots: false,
      loopbackOnly: true,
      unbuiltLinks,
    },
    { logger: { log: () => undefined }, clock: { now: () => 0 } },
    { fetch: { ...DEFAULT_PIPELINE.fetch, run: async () => raw } },
  );
}

/** The generated project's own source files, as one text. */
function sourceText(result: PipelineResult): string {
  return Object.entries(result.tree.files)
    .filter(([path]) => path.startsWith('src/'))
    .map(([, content]) => String(content))
    .join('\n');
}

describe.skipIf(!hasChromium)('runPipeline: links to pages that were not rebuilt', () => {
  it('keep: the rebuild links the original pages, lists them and has no dead link', async () => {
    const result = await run('keep');
    expect(result.report.verification.dead_links).toEqual({ count: 0, links: [] });
    expect(result.report.links_to_original).toEqual(
      expect.arrayContaining([
        { route: '/', url: `${ORIGIN}/reference.html#api` },
        { route: '/guide', url: `${ORIGIN}/reference.html` },
        { route: '/', url: `${ORIGIN}/faq.html` },
      ]),
    );
    expect(sourceText(result)).toContain(`${ORIGIN}/reference.html`);
    expect(String(result.tree.files['public/_redirects'])).toContain('/guide.html /guide 301');
    expect(String(result.tree.files['netlify.toml'])).toContain('from = "/guide.html"');
    expect(String(result.tree.files['vercel.json'])).toContain('"source": "/guide.html"');
  }, 240_000);

  it('remove: the rebuild keeps the words, links no original page and has no dead link', async () => {
    const result = await run('remove');
    expect(result.report.verification.dead_links).toEqual({ count: 0, links: [] });
    expect(result.report.links_to_original).toEqual([]);
    const source = sourceText(result);
    expect(source).not.toContain(`${ORIGIN}/reference.html`);
    expect(source).not.toContain(`${ORIGIN}/faq.html`);
    expect(source).toContain('the reference');
    expect(source).toContain('the answers');
    // The menu's words of the removed item are no longer expected: coverage stays whole.
    expect(result.verify.textCoverage).toBe(1);
  }, 240_000);
});
