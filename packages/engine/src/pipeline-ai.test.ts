/**
 * runPipeline with a model (issue 25): the real OpenAI SDK client talks to a loopback fake that
 * answers by what it is asked (design, description, alt text). The job completes, the report's
 * `ai` lists the calls and the strings the model wrote, a string with a script or an address is
 * dropped, and the site's own words are all kept. A model that only fails leaves the offline run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
import { aiUsageOfFailure } from './ai/failed-run-usage';
import { DEFAULT_PIPELINE, runPipeline, type PipelineResult } from './pipeline';
import { toRawPage } from './stages/generate/testing/load-fixture';
import { findVerifyChromePath } from './stages/verify/open-browser';
import type { LogEvent, RawSite } from './types';

const hasChromium = (await findVerifyChromePath()) !== undefined;

const ORIGIN = 'http://bakery.example';
const KEY = 'sk-pipeline-SECRET-abcdef123456';
const HOME_DESCRIPTION =
  'Sourdough bread, rye loaves and pastries baked every morning by a small family bakery by the river.';
const ALT = 'A round sourdough loaf on a wooden board';

async function siteWithoutDescriptions(): Promise<RawSite> {
  const picture = await sharp({
    create: { width: 240, height: 180, channels: 3, background: '#b07030' },
  })
    .png()
    .toBuffer();
  const menu = `<nav><ul><li><a href="/">Home</a></li><li><a href="about.html">About us</a></li></ul></nav>`;
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
          `<h1>River Bakery</h1><p>We bake sourdough bread, rye loaves and pastries every morning.</p>
          <h2>Our bread</h2><p>Every loaf rises for two days before it is baked in a stone oven.</p>
          <p><img src="/images/loaf.png" alt=""></p>
          <p>Come early on Saturdays: the rye sells out before noon.</p>`,
        ),
        0,
      ),
      toRawPage(
        `${ORIGIN}/about.html`,
        page(
          'About us',
          `<h1>About us</h1><p>The bakery was opened by our grandparents in 1962 and has been in the
          family ever since.</p><p>We still use the same oven and the same starter dough.</p>`,
        ),
        1,
      ),
    ],
    stylesheets: [],
    assets: [
      {
        url: `${ORIGIN}/images/loaf.png`,
        contentType: 'image/png',
        body: new Uint8Array(picture),
        width: 240,
        height: 180,
      },
    ],
    diagnostics: [],
  };
}

/** Answers by the task the request is for. */
function answer(request: FakeRequest): FakeStep {
  const text = openAiText(request);
  const usage = { input: 300, output: 40 };
  if (text.includes('You are the designer')) {
    return {
      json: {
        colors: {
          primary: '#1a4d8f',
          onPrimary: '#ffffff',
          accent: '#8f1a1a',
          onAccent: '#ffffff',
          background: '#ffffff',
          surface: '#f5f5f5',
          text: '#111111',
          muted: '#555555',
          border: '#dddddd',
          link: '#1a4d8f',
        },
        radius: 'small',
        header: 'brand',
        sections: [],
      },
      usage,
    };
  }
  if (text.includes('meta description')) {
    return text.includes('Page title: About us')
      ? {
          json: {
            description:
              'Our family bakery since 1962. <script>alert(1)</script> Order at www.bakery-shop.example today!',
          },
          usage,
        }
      : { json: { description: HOME_DESCRIPTION }, usage };
  }
  if (text.includes('alt text')) return { json: { alt: ALT, decorative: false }, usage };
  return { status: 400, message: 'unexpected request' };
}

async function run(
  server: FakeProviderServer,
  logs: LogEvent[],
  cacheDir?: string,
  overrides: Partial<typeof DEFAULT_PIPELINE> = {},
): Promise<PipelineResult> {
  const raw = await siteWithoutDescriptions();
  return runPipeline(
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
        ...(cacheDir === undefined ? {} : { cacheDir }),
      },
    },
    { logger: { log: (event) => logs.push(event) }, clock: { now: () => Date.now() } },
    { fetch: { ...DEFAULT_PIPELINE.fetch, run: async () => raw }, ...overrides },
  );
}

/** The generated project's own files, as one text. */
function projectText(result: PipelineResult): string {
  return Object.entries(result.tree.files)
    .filter(([path]) => path.startsWith('src/') || path === 'index.html')
    .map(([, content]) => (typeof content === 'string' ? content : ''))
    .join('\n');
}

describe.skipIf(!hasChromium)('runPipeline with a model (fake OpenAI server)', () => {
  let server: FakeProviderServer;
  let result: PipelineResult;
  let cacheDir: string;
  const logs: LogEvent[] = [];

  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'sitelift-ai-run-'));
    server = await startFakeOpenAiServer({ apiKey: KEY, fallback: answer });
    result = await run(server, logs, cacheDir);
  }, 240_000);
  afterAll(async () => {
    await server.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('designs with the model and writes what the site lacks, listed in report.ai', () => {
    const ai = result.report.ai;
    expect(ai).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', patches: [] });
    // design, two descriptions, one alt text.
    expect(ai?.calls).toEqual({ total: 4, cached: 0, failed: 0 });
    expect(ai?.tokens_in).toBe(1200);
    expect(ai?.tokens_out).toBe(160);
    expect(ai?.cost_usd).toBeGreaterThan(0);
    expect(result.plan.designer).toBe('ai:openai/gpt-4o-mini');
    expect(ai?.written).toEqual([
      {
        route: '/',
        field: 'alt',
        target: expect.stringMatching(/^\/images\/loaf-[0-9a-f]+\.png$/),
        text: ALT,
      },
      { route: '/', field: 'description', text: HOME_DESCRIPTION },
    ]);
  });

  it('puts the written description in the head and the alt text on the picture', () => {
    const index = String(result.tree.files['index.html']);
    expect(index).toContain(`<meta name="description" content="${HOME_DESCRIPTION}">`);
    expect(projectText(result)).toContain(ALT);
    // The picture was shown to the model.
    const altRequest = server.requests.find((request) => openAiText(request).includes('alt text'));
    expect(altRequest && openAiImages(altRequest)[0]).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('drops a written string with a script or an address, with a note', () => {
    const text = projectText(result);
    expect(text).not.toContain('alert(1)');
    expect(text).not.toContain('bakery-shop');
    expect(result.report.ai?.written.some((item) => item.route === '/about')).toBe(false);
    expect(result.report.ai?.notes.join(' ')).toMatch(
      /description written for \/about was dropped/,
    );
  });

  it('keeps every word of the site and never logs the key', () => {
    expect(result.verify.build.ok).toBe(true);
    expect(result.verify.textCoverage).toBe(1);
    expect(logs.some((event) => event.message.startsWith('AI design:'))).toBe(true);
    expect(JSON.stringify(logs)).not.toContain(KEY);
    expect(JSON.stringify(result.report)).not.toContain(KEY);
  });
});

describe.skipIf(!hasChromium)('runPipeline with a model, run again on the same site', () => {
  it('answers every call from the cache: no request, no token, the same project', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'sitelift-ai-rerun-'));
    const server = await startFakeOpenAiServer({ apiKey: KEY, fallback: answer });
    try {
      const first = await run(server, [], cacheDir);
      const asked = server.requests.length;
      expect(asked).toBe(4);
      const second = await run(server, [], cacheDir);
      expect(server.requests).toHaveLength(asked);
      expect(second.report.ai).toMatchObject({
        calls: { total: 4, cached: 4, failed: 0 },
        tokens_in: 0,
        tokens_out: 0,
        cost_usd: 0,
      });
      expect(second.report.ai?.written).toEqual(first.report.ai?.written);
      expect(second.tree.files['index.html']).toEqual(first.tree.files['index.html']);
    } finally {
      await server.close();
      await rm(cacheDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe.skipIf(!hasChromium)('runPipeline with a model that only fails', () => {
  it('completes offline with notes', async () => {
    const server = await startFakeOpenAiServer({ apiKey: KEY, fallback: { status: 500 } });
    try {
      const logs: LogEvent[] = [];
      const result = await run(server, logs);
      expect(result.verify.build.ok).toBe(true);
      expect(result.verify.textCoverage).toBe(1);
      expect(result.plan.designer).not.toMatch(/^ai:/);
      const ai = result.report.ai;
      expect(ai?.calls.failed).toBeGreaterThan(0);
      expect(ai?.calls.failed).toBe(ai?.calls.total);
      expect(ai?.written).toEqual([]);
      expect(ai?.notes.join(' ')).toMatch(/offline result was kept/);
      expect(result.plan.diagnostics.map((d) => d.code)).toContain('ENGINE_PLAN_DESIGN_FAILED');
    } finally {
      await server.close();
    }
  }, 240_000);
});

describe.skipIf(!hasChromium)(
  'runPipeline with a model, failing after the model was called',
  () => {
    it('marks the failure with the tokens spent so far (they count against the budget)', async () => {
      const server = await startFakeOpenAiServer({ apiKey: KEY, fallback: answer });
      const generateFails = {
        ...DEFAULT_PIPELINE.generate,
        run: () => Promise.reject(new Error('the build disk is full')),
      };
      try {
        const failure: unknown = await run(server, [], undefined, { generate: generateFails }).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(Error);
        expect((failure as Error).message).toBe('the build disk is full');
        const usage = aiUsageOfFailure(failure);
        // The designer, the description and the alt text were asked before generate (300 + 40 each).
        expect(usage?.tokens_in).toBe(server.requests.length * 300);
        expect(usage?.tokens_out).toBe(server.requests.length * 40);
        expect(server.requests.length).toBeGreaterThan(0);
        expect(usage?.model).toBe('gpt-4o-mini');
        expect(JSON.stringify(usage)).not.toContain(KEY);
      } finally {
        await server.close();
      }
    }, 240_000);

    it('adds nothing to a failure of a run without a model', () => {
      const error = new Error('offline');
      expect(aiUsageOfFailure(error)).toBeUndefined();
      expect(aiUsageOfFailure('a string')).toBeUndefined();
    });
  },
);
