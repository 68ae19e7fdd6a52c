/**
 * runPipeline with a model (issue 25): a small site on loopback, the real @ai-sdk/openai client
 * talking to a fake OpenAI server on loopback that answers from a script, and the real generate,
 * build and verify judging every patch. The script: a good patch (kept), one that lowers a score
 * (rejected), one naming a section that does not exist (refused without a build), one with invented
 * text and, asked once more, one with a `<script>` (neither passes the patch schema: the page stays
 * offline with a note), malformed JSON (asked once more, then the page stays offline) and the
 * budget spent mid-job (the loop stops with a note). The delivered project is the
 * accepted plan's, builds, and keeps every word of the site.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openAiImages,
  openAiText,
  startFakeOpenAiServer,
  type FakeProviderServer,
} from './ai/testing';
import { UNCHANGED_COLORS } from './ai/repair/patch';
import { runPipeline, type PipelineResult } from './pipeline';
import { findVerifyChromePath } from './stages/verify/open-browser';

const hasChromium = (await findVerifyChromePath()) !== undefined;

function page(title: string, body: string): string {
  return `<html><head><title>${title}</title></head><body>
    <p><a href="/index.html">Home</a> | <a href="/bread.html">Bread</a> | <a href="/hours.html">Hours</a></p>
    ${body}</body></html>`;
}

const PAGES: Record<string, string> = {
  '/index.html': page(
    'Millbrook Bakery',
    `<h1>Millbrook Bakery</h1><p>Stone-ground flour and slow dough since 1987.</p>
     <h2>Our oven</h2><p>A wood-fired brick oven, lit at four every morning.</p>`,
  ),
  '/bread.html': page(
    'Bread',
    `<h1>Bread</h1><p>Sourdough, rye and a seeded loaf on weekdays.</p>
     <h2>Rye</h2><p>Dark rye with caraway, baked in tins.</p>`,
  ),
  '/hours.html': page(
    'Hours',
    `<h1>Hours</h1><p>Tuesday to Saturday, seven until one.</p>
     <h2>Holidays</h2><p>Closed in the first two weeks of August.</p>`,
  ),
};

/** A darker accent: nothing on these pages is drawn in it, so no score can drop. */
const GOOD = {
  kind: 'colors',
  colors: { ...UNCHANGED_COLORS, accent: '#3b1a99' },
  reason: 'A deeper accent, like the original print.',
};
/** A dark page for a white original: colour and visual scores drop. */
const DARK = {
  kind: 'colors',
  colors: {
    ...UNCHANGED_COLORS,
    background: '#161616',
    surface: '#202020',
    text: '#f2f2f2',
    muted: '#c4c4c4',
    link: '#9cc1ff',
  },
  reason: 'A dark theme looks modern.',
};

describe.skipIf(!hasChromium)('runPipeline with a model repairing the rebuild', () => {
  let site: Server;
  let model: FakeProviderServer;
  let result: PipelineResult;

  beforeAll(async () => {
    site = createServer((request, response) => {
      const html = PAGES[request.url ?? '/'];
      response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html' });
      response.end(html ?? 'Not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    model = await startFakeOpenAiServer({
      apiKey: 'sk-test-repair',
      script: [
        // The first page asked about: five rounds.
        { json: { patch: GOOD } },
        { json: { patch: DARK } },
        {
          json: {
            patch: {
              kind: 'align',
              route: '/',
              section: 'no-such-section',
              align: 'center',
              reason: 'Centre it.',
            },
          },
        },
        {
          json: {
            patch: {
              kind: 'variant',
              route: '/',
              section: 'our-oven',
              variant: 'cards',
              text: 'Now 20% off every loaf',
              reason: 'Sell more.',
            },
          },
        },
        {
          json: {
            patch: {
              kind: 'variant',
              route: '/',
              section: '<script>alert(1)</script>',
              variant: 'cards',
              reason: 'Cards.',
            },
          },
        },
        // The second page: not JSON, and not JSON again when asked once more (the budget goes too).
        { text: 'Sure! I would make the heading bigger.', usage: { input: 2_000, output: 10 } },
        { text: 'The heading, bigger.', usage: { input: 2_000, output: 10 } },
      ],
      fallback: { json: { patch: null } },
    });
    result = await runPipeline(
      {
        url: `${origin}/index.html`,
        screenshots: true,
        loopbackOnly: true,
        ai: {
          provider: 'openai',
          model: 'gpt-4o-mini',
          apiKey: 'sk-test-repair',
          baseUrl: model.baseUrl,
          maxRounds: 5,
          maxTokens: 4_000,
          // Only the repair loop asks the model here (the script is its answers).
          disabled: ['understand', 'design', 'describe', 'alt'],
        },
      },
      { logger: { log: () => undefined }, clock: { now: () => Date.now() } },
    );
  }, 600_000);

  afterAll(async () => {
    site?.close();
    await model?.close();
  });

  it('keeps the good patch and rejects the others, each with why', () => {
    const patches = result.report.ai?.patches ?? [];
    expect(patches.map(({ change, kept }) => ({ change, kept }))).toEqual([
      { change: 'colours: accent #3b1a99', kept: true },
      {
        change:
          'colours: background #161616, surface #202020, text #f2f2f2, muted #c4c4c4, link #9cc1ff',
        kept: false,
      },
      { change: 'alignment of #no-such-section: center', kept: false },
    ]);
    expect(patches[1]?.why).toMatch(
      /^(?:color|visual|block|text|position) \d\.\d\d → \d\.\d\d on \//u,
    );
    expect(patches[2]?.why).toBe('no section #no-such-section on /');
    // The measured ones carry the scores before and after and the crops the model saw.
    for (const patch of patches.slice(0, 2)) {
      expect(patch.before).toBeDefined();
      expect(patch.after).toBeDefined();
      expect(patch.crops?.original).toMatch(/^ai\/patch-\d+-original\.webp$/u);
      expect(result.archive.entries).toContain(`sitelift-report/screenshots/${patch.crops?.after}`);
      // The server keeps the result's screenshots: the crops are among them.
      expect(Object.keys(result.verify.screenshots)).toContain(patch.crops?.original);
    }
  });

  it('refuses invented text and a script, leaves a page offline after malformed JSON, stops at the budget', () => {
    const ai = result.report.ai!;
    // Invented text, then (asked once more with the error) a script where a section id belongs.
    expect(ai.notes).toContainEqual(
      expect.stringMatching(
        /^repair: the model gave no usable answer \(invalid answer twice: .*section.*\); the offline result was kept\.$/u,
      ),
    );
    expect(ai.notes).toContainEqual(
      expect.stringMatching(
        /^repair: the model gave no usable answer \(invalid answer twice: .*JSON/u,
      ),
    );
    expect(ai.notes).toContain(
      'The repair loop stopped: no more model calls in this job (budget spent or model failing); the rest stays as the rules built it.',
    );
    // Those two calls failed; once the budget was spent the loop made no call at all.
    expect(ai.calls.failed).toBe(2);
    expect(model.remaining()).toBe(0);
    expect(ai.tokens_in).toBeGreaterThanOrEqual(4_000);
  });

  it('delivers the accepted plan: built, verified, every word of the site kept', () => {
    expect(result.plan.design.tokens.colors.accent).toBe('#3b1a99');
    expect(result.plan.design.tokens.colors.background).not.toBe('#161616');
    const css = Object.entries(result.tree.files).find(([name]) => name.endsWith('.css'))?.[1];
    expect(String(css)).toContain('#3b1a99');
    expect(result.verify.build.ok).toBe(true);
    expect(result.report.verification.build.ok).toBe(true);
    expect(result.verify.textCoverage).toBe(1);
    expect(result.report.verification.text_coverage).toBe(1);
    // No word the site did not have.
    const content = Object.entries(result.tree.files)
      .filter(([name]) => name.startsWith('src/content/'))
      .map(([, body]) => String(body))
      .join('\n');
    expect(content).not.toContain('20% off');
    expect(content).not.toContain('<script>');
  });

  it('sent the model both pictures and never the key in a prompt', () => {
    const first = model.requests[0]!;
    expect(openAiImages(first)).toHaveLength(2);
    expect(openAiImages(first)[0]).toMatch(/^data:image\/png;base64,/u);
    expect(openAiText(first)).toContain("The rebuild's sections on");
    expect(first.text).not.toContain('sk-test-repair');
  });
});
