/**
 * runPipeline with a model's understanding (issue 25, task `understand`): the real OpenAI SDK
 * client talks to a loopback fake. A menu item drawn as a picture without words is left out by the
 * rules; the model reads its words and the rebuilt menu shows them. A label naming an element that
 * was not asked about is listed as not taken, and the site's own words are all kept.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openAiImages,
  openAiText,
  startFakeOpenAiServer,
  type FakeProviderServer,
  type FakeRequest,
  type FakeStep,
} from './ai/testing';
import { DEFAULT_PIPELINE, runPipeline, type PipelineResult } from './pipeline';
import { toRawPage } from './stages/generate/testing/load-fixture';
import { findVerifyChromePath } from './stages/verify/open-browser';
import type { RawSite } from './types';

const hasChromium = (await findVerifyChromePath()) !== undefined;

const ORIGIN = 'http://bakery.example';
const KEY = 'sk-understand-SECRET-abcdef123456';
/** The words the model reads on the picture button (nowhere in the site's text). */
const WORDS = 'Our story';

async function siteWithPictureMenu(): Promise<RawSite> {
  const button = await sharp({
    create: { width: 120, height: 40, channels: 3, background: '#804020' },
  })
    .png()
    .toBuffer();
  const sign = await sharp({
    create: { width: 200, height: 60, channels: 3, background: '#203040' },
  })
    .png()
    .toBuffer();
  const menu = `<div><a href="/"><img src="/images/sign.png" alt=""></a></div><nav><ul><li><a href="/">Home</a></li><li><a href="about.html"><img src="/images/btn-about.png" alt=""></a></li></ul></nav>`;
  const page = (title: string, main: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${menu}
      <main>${main}</main><footer><p>Open Tuesday to Sunday.</p></footer></body></html>`;
  return {
    startUrl: `${ORIGIN}/`,
    finalUrl: `${ORIGIN}/`,
    notRead: [],
    pages: [
      toRawPage(
        `${ORIGIN}/`,
        page(
          'River Bakery',
          `<h1>River Bakery</h1><p>We bake sourdough bread, rye loaves and pastries every morning.</p>`,
        ),
        0,
      ),
      toRawPage(
        `${ORIGIN}/about.html`,
        page(
          'History',
          `<h1>History</h1><p>The bakery was opened by our grandparents in 1962 and has been in the
          family ever since.</p>`,
        ),
        1,
      ),
    ],
    stylesheets: [],
    assets: [
      {
        url: `${ORIGIN}/images/sign.png`,
        contentType: 'image/png',
        body: new Uint8Array(sign),
        width: 200,
        height: 60,
      },
      {
        url: `${ORIGIN}/images/btn-about.png`,
        contentType: 'image/png',
        body: new Uint8Array(button),
        width: 120,
        height: 40,
      },
    ],
    diagnostics: [],
  };
}

function answer(request: FakeRequest): FakeStep {
  if (!openAiText(request).includes('could not read'))
    return { status: 400, message: 'unexpected request' };
  return {
    json: {
      labels: [
        { id: 'e1', label: 'menu', words: WORDS },
        { id: 'e2', label: 'logo', words: '' },
        { id: 'e9', label: 'logo', words: '' },
      ],
    },
    usage: { input: 500, output: 30 },
  };
}

describe.skipIf(!hasChromium)('runPipeline with a model understanding the page', () => {
  let server: FakeProviderServer;
  let result: PipelineResult;

  beforeAll(async () => {
    server = await startFakeOpenAiServer({ apiKey: KEY, fallback: answer });
    const raw = await siteWithPictureMenu();
    result = await runPipeline(
      {
        url: raw.startUrl,
        strategy: 'FULL_REBUILD',
        screenshots: false,
        loopbackOnly: true,
        ai: {
          provider: 'openai',
          model: 'gpt-4o-mini',
          apiKey: KEY,
          baseUrl: server.baseUrl,
          timeoutMs: 2000,
          disabled: ['design', 'describe', 'alt', 'repair'],
        },
      },
      { logger: { log: () => undefined }, clock: { now: () => Date.now() } },
      { fetch: { ...DEFAULT_PIPELINE.fetch, run: async () => raw } },
    );
  }, 240_000);
  afterAll(async () => {
    await server.close();
  });

  it('asks once, with the picture of the wordless menu item', () => {
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(openAiText(request)).toMatch(
      /e1: a link to .*about.* made of a picture; the rules have no words/,
    );
    expect(openAiImages(request)[0]).toMatch(/^data:image\/jpeg;base64,/);
    expect(result.report.ai?.calls).toEqual({ total: 1, cached: 0, failed: 0 });
  });

  it("puts the model's words on the picture menu item", () => {
    expect(result.plan.menu?.map((item) => [item.label, item.route])).toEqual([
      ['Home', '/'],
      [WORDS, '/about'],
    ]);
    const header = Object.entries(result.tree.files)
      .filter(([path]) => path.startsWith('src/'))
      .map(([, content]) => (typeof content === 'string' ? content : ''))
      .join('\n');
    expect(header).toContain(WORDS);
  });

  it('lists every label, the one naming no asked element as not taken, and the words written', () => {
    expect(result.report.ai?.labels).toEqual([
      {
        route: '/',
        selector: 'body > nav > ul > li:nth-of-type(2) > a',
        label: `menu: ${WORDS}`,
        taken: true,
      },
      { route: '/', selector: 'body > div > a', label: 'logo', taken: true },
      { route: '/', selector: 'e9', label: 'logo', taken: false },
    ]);
    expect(result.report.ai?.written).toEqual([
      { route: '/', field: 'alt', target: `${ORIGIN}/images/btn-about.png`, text: WORDS },
    ]);
  });

  it('takes the picture linking home as the logo: in the header, not again in the content', () => {
    expect(openAiText(server.requests[0]!)).toMatch(/e2: a picture linking to the start page/);
    expect(result.plan.identity.logoPath).toMatch(/^images\/sign-[0-9a-f]+\.(?:png|webp)$/);
    const home = result.plan.pages.find((page) => page.route === '/');
    expect(JSON.stringify(home?.sections)).not.toContain('sign');
  });

  it('keeps every word of the site', () => {
    expect(result.verify.build.ok).toBe(true);
    expect(result.verify.textCoverage).toBe(1);
    expect(JSON.stringify(result.report)).not.toContain(KEY);
  });
});
