/**
 * The repair loop's decisions, with generate and verify replaced by a measure of the plan (so every
 * outcome is known) and the model by a scripted client of the AiClient seam. The real SDK against a
 * loopback provider, with the real generate and verify, is the pipeline test's (pipeline-ai.test.ts).
 */
import type { AiRunConfig } from '@sitelift/shared/schemas/ai';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SitePlan } from '../../model';
import type { FileTree, VerifyReport } from '../../types';
import type { AiCallResult, AiClient } from '../types';
import { repairSite, type RepairDeps } from './repair-site';
import { UNCHANGED_COLORS } from './patch';
import { millPlan } from './testing-plan.fixture';

let png: Uint8Array;
beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888888' } })
      .png()
      .toBuffer(),
  );
});

/** The plan a tree was generated from (the double generate writes it as the tree's one file). */
function planOf(tree: FileTree): SitePlan {
  return JSON.parse(tree.files['plan.json'] as string) as SitePlan;
}

/** Scores that follow the plan: a gallery of the visit section looks closer, a cream page less so. */
function measure(plan: SitePlan): VerifyReport {
  const visit = plan.pages[0]!.sections.find((section) => section.id === 'visit');
  const visual = 0.5 + (visit?.variant === 'gallery' ? 0.1 : 0);
  const color = plan.design.tokens.colors.background === '#ffffff' ? 0.6 : 0.3;
  return {
    build: { ok: true, ms: 1 },
    textCoverage: 1,
    overflow375: [],
    consoleErrors: [],
    brokenImages: [],
    missingText: [],
    screenshots: {
      'before/index-desktop.png': png,
      'after/index-desktop.png': png,
    },
    fidelity: {
      overall: { block: 0.8, text: 0.9, position: 0.7, color, visual },
      routes: [
        { route: '/', block: 0.8, text: 0.9, position: 0.7, color, visual, worstSections: [] },
      ],
      identity: [{ check: 'site_name', ok: true, found: 'The Old Mill' }],
      neverWorse: [],
    },
  };
}

function scriptedClient(answers: AiCallResult<unknown>[], config: Partial<AiRunConfig> = {}) {
  const notes: string[] = [];
  const prompts: string[] = [];
  let images = 0;
  const client: AiClient = {
    provider: 'openai-compatible',
    model: 'scripted',
    config: {
      provider: 'openai-compatible',
      model: 'scripted',
      maxTokens: 200_000,
      maxRounds: 5,
      timeoutMs: 60_000,
      concurrency: 1,
      guarded: false,
      additions: true,
      disabled: [],
      ...config,
    },
    allows: (task) => task === 'repair',
    call: async <T>(request: { prompt: string; images?: unknown[] }) => {
      prompts.push(request.prompt);
      images += request.images?.length ?? 0;
      return (answers.shift() ?? {
        ok: true,
        value: { patch: null },
        usage: { input: 1, output: 1 },
        cached: false,
        ms: 1,
      }) as AiCallResult<T>;
    },
    note: (message) => notes.push(message),
    summary: () => {
      throw new Error('not used');
    },
  };
  return { client, notes, prompts, images: () => images };
}

function answer(patch: unknown): AiCallResult<unknown> {
  return { ok: true, value: { patch }, usage: { input: 100, output: 20 }, cached: false, ms: 5 };
}

function deps(ai: AiClient, verified: (string[] | undefined)[] = []): RepairDeps {
  return {
    ai,
    generate: async (plan) => ({ files: { 'plan.json': JSON.stringify(plan) } }),
    verify: async (tree, routes) => {
      verified.push(routes);
      return measure(planOf(tree));
    },
    routeSlug: (route) => (route === '/' ? 'index' : route.slice(1)),
    log: () => undefined,
    checkCancelled: () => undefined,
  };
}

function offline() {
  const plan = millPlan();
  return { plan, tree: { files: { 'plan.json': JSON.stringify(plan) } }, verify: measure(plan) };
}

describe('repairSite', () => {
  it('keeps a patch that raises a score, rejects one that lowers one, one naming no section and one with words', async () => {
    const { client, notes, prompts, images } = scriptedClient([
      answer({
        kind: 'variant',
        route: '/',
        section: 'visit',
        variant: 'gallery',
        reason: 'A grid.',
      }),
      answer({
        kind: 'colors',
        colors: { ...UNCHANGED_COLORS, background: '#fcfaf5' },
        reason: 'Cream paper.',
      }),
      answer({ kind: 'align', route: '/', section: 'prices', align: 'center', reason: 'Centred.' }),
      answer({
        kind: 'variant',
        route: '/',
        section: 'visit',
        variant: 'prose',
        text: 'Now 20% off',
        reason: 'Sell more.',
      }),
    ]);
    const verified: (string[] | undefined)[] = [];
    const result = await repairSite(offline(), deps(client, verified));
    expect(result.patches.map(({ change, kept, why }) => ({ change, kept, why }))).toEqual([
      { change: 'variant of #visit: prose → gallery', kept: true, why: 'visual 0.50 → 0.60 on /' },
      { change: 'colours: background #fcfaf5', kept: false, why: 'color 0.60 → 0.30 on /' },
      {
        change: 'alignment of #prices: center',
        kept: false,
        why: 'no section #prices on /',
      },
      {
        change: 'variant (refused)',
        kept: false,
        why: expect.stringMatching(/^not a patch the engine allows \(/u) as unknown as string,
      },
    ]);
    // Scores before and after, and the crops the model saw, go with each measured patch.
    expect(result.patches[0]).toMatchObject({
      before: { visual: 0.5 },
      after: { visual: 0.6 },
      crops: {
        original: 'ai/patch-1-original.png',
        before: 'ai/patch-1-before.png',
        after: 'ai/patch-1-after.png',
      },
    });
    expect(Object.keys(result.crops)).toContain('ai/patch-1-after.png');
    // A page's patch is verified on its page; a site-wide one on every page; refused ones not at all.
    expect(verified).toEqual([['/'], undefined]);
    // The accepted plan is the delivered one: the gallery, the white page.
    const repaired = result.repaired!;
    expect(repaired.plan.pages[0]!.sections.find((s) => s.id === 'visit')?.variant).toBe('gallery');
    expect(repaired.plan.design.tokens.colors.background).toBe('#ffffff');
    expect(planOf(repaired.tree)).toEqual(repaired.plan);
    // The model saw both pictures each time, and was told what was refused before.
    expect(images()).toBe(10);
    expect(prompts[2]).toContain(
      'Already tried and refused on this page: colours: background #fcfaf5',
    );
    expect(notes).toEqual([]);
  });

  it('stops at the budget with a note, keeping what was accepted', async () => {
    const { client, notes } = scriptedClient([
      answer({ kind: 'variant', route: '/', section: 'visit', variant: 'gallery', reason: '' }),
      { ok: false, reason: 'over_budget', message: 'budget spent', ms: 0 },
    ]);
    const result = await repairSite(offline(), deps(client));
    expect(result.patches.map((patch) => patch.kept)).toEqual([true]);
    expect(result.repaired).toBeDefined();
    expect(notes).toEqual([
      'The repair loop stopped at /: the AI budget for this job is spent; the rest stays as the rules built it.',
    ]);
  });

  it('leaves the page as the rules built it when the model gives no usable answer', async () => {
    const { client, prompts } = scriptedClient([
      { ok: false, reason: 'invalid', message: 'not JSON', ms: 0 },
      answer({ kind: 'variant', route: '/', section: 'visit', variant: 'gallery', reason: '' }),
    ]);
    const result = await repairSite(offline(), deps(client));
    expect(result).toEqual({ patches: [], crops: {} });
    // The page is not asked about again in this job.
    expect(prompts).toHaveLength(1);
  });

  it('judges a site-wide patch on every measured page, those it does not repair too', async () => {
    const { client } = scriptedClient([
      answer({ kind: 'menu_style', style: 'brand', reason: 'A brand bar.' }),
    ]);
    const base = offline();
    const plan = structuredClone(base.plan);
    plan.pages.push({ ...structuredClone(plan.pages[0]!), route: '/about' });
    /** `/about` is already close (not repaired), but loses colour under a brand-coloured bar. */
    const twoPages = (from: SitePlan): VerifyReport => {
      const report = measure(from);
      const about = {
        route: '/about',
        block: 0.99,
        text: 0.99,
        position: 0.99,
        color: from.design.tokens.header === 'brand' ? 0.9 : 0.99,
        visual: 0.99,
        worstSections: [],
      };
      return {
        ...report,
        fidelity: { ...report.fidelity!, routes: [...report.fidelity!.routes, about] },
      };
    };
    const d = deps(client);
    const result = await repairSite(
      { plan, tree: { files: { 'plan.json': JSON.stringify(plan) } }, verify: twoPages(plan) },
      { ...d, verify: async (tree) => twoPages(planOf(tree)) },
    );
    expect(result.patches.map(({ change, kept, why }) => ({ change, kept, why }))).toEqual([
      { change: 'menu bar: brand', kept: false, why: 'color 0.99 → 0.90 on /about' },
    ]);
  });

  it('reports its rounds as progress', async () => {
    const { client } = scriptedClient(
      [answer({ kind: 'align', route: '/', section: 'visit', align: 'center', reason: '' })],
      { maxRounds: 3 },
    );
    const progress: string[] = [];
    await repairSite(offline(), {
      ...deps(client),
      progress: (done, total) => progress.push(`${done}/${total}`),
    });
    // Round 1 a patch, round 2 no patch (null): the page is done.
    expect(progress).toEqual(['0/3', '1/3', '3/3']);
  });

  it('makes at most maxRounds patches per page', async () => {
    const { client } = scriptedClient(
      [
        answer({ kind: 'align', route: '/', section: 'visit', align: 'center', reason: '' }),
        answer({ kind: 'align', route: '/', section: 'what-we-make', align: 'center', reason: '' }),
      ],
      { maxRounds: 1 },
    );
    const result = await repairSite(offline(), deps(client));
    expect(result.patches).toHaveLength(1);
  });
});
