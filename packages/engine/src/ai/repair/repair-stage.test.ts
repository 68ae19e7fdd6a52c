/**
 * The repair stage around the loop: a pass-through without a model or with repair turned off, and
 * the whole site verified again before a repaired project replaces the offline one.
 */
import type { AiRunConfig } from '@sitelift/shared/schemas/ai';
import { describe, expect, it } from 'vitest';
import type { SitePlan } from '../../model';
import type { FileTree, VerifyReport } from '../../types';
import type { AiCallResult, AiClient } from '../types';
import { compareWholeSite, runRepairStage, type RepairStageDeps } from './repair-stage';
import { millPlan } from './testing-plan.fixture';

function report(visual: number, overrides: Partial<VerifyReport> = {}): VerifyReport {
  const scores = { block: 0.8, text: 0.9, position: 0.7, color: 0.6, visual };
  return {
    build: { ok: true, ms: 1 },
    textCoverage: 1,
    overflow375: [],
    consoleErrors: [],
    brokenImages: [],
    missingText: [],
    screenshots: {},
    fidelity: {
      overall: scores,
      routes: [{ route: '/', ...scores, worstSections: [] }],
      identity: [{ check: 'logo', ok: true, found: 'a logo' }],
      neverWorse: [],
    },
    ...overrides,
  };
}

function client(config: Partial<AiRunConfig>, answers: AiCallResult<unknown>[] = []) {
  const notes: string[] = [];
  const ai: AiClient = {
    provider: 'openai',
    model: 'scripted',
    config: {
      provider: 'openai',
      model: 'scripted',
      maxTokens: 200_000,
      maxRounds: 1,
      timeoutMs: 60_000,
      concurrency: 1,
      guarded: false,
      additions: true,
      disabled: [],
      ...config,
    },
    allows: () => true,
    call: async <T>() => answers.shift() as AiCallResult<T>,
    note: (message) => notes.push(message),
    summary: () => {
      throw new Error('not used');
    },
  };
  return { ai, notes };
}

/** Deps whose verify answers `page` for a page's patch and `whole` for the whole site. */
function deps(calls: string[], page: VerifyReport, whole: VerifyReport): RepairStageDeps {
  return {
    generate: async (plan: SitePlan) => {
      calls.push('generate');
      return { files: { 'plan.json': JSON.stringify(plan) } };
    },
    verify: async (_tree: FileTree, routes?: string[]) => {
      calls.push(routes === undefined ? 'verify all' : `verify ${routes.join(',')}`);
      return routes === undefined ? whole : page;
    },
    compress: async (verify) => verify,
    routeSlug: () => 'index',
  };
}

const GALLERY: AiCallResult<unknown> = {
  ok: true,
  value: {
    patch: { kind: 'variant', route: '/', section: 'visit', variant: 'gallery', reason: '' },
  },
  usage: { input: 1, output: 1 },
  cached: false,
  ms: 1,
};

function input() {
  const plan = millPlan();
  return {
    optimize: plan,
    generate: { files: { 'plan.json': JSON.stringify(plan) } },
    verify: report(0.5),
  };
}

const ctx = (ai?: AiClient) => ({
  ...(ai === undefined ? {} : { ai }),
  ports: { logger: { log: () => undefined }, clock: { now: () => 0 } },
  checkCancelled: () => undefined,
});

describe('runRepairStage', () => {
  it('passes everything through without a model, with repair off or no rounds', async () => {
    const calls: string[] = [];
    const d = deps(calls, report(0.6), report(0.6));
    expect(await runRepairStage(input(), ctx(), d)).toEqual({ patches: [], crops: {} });
    const off = client({ disabled: ['repair'] }, [GALLERY]);
    expect(await runRepairStage(input(), ctx(off.ai), d)).toEqual({ patches: [], crops: {} });
    const none = client({ maxRounds: 0 }, [GALLERY]);
    expect(await runRepairStage(input(), ctx(none.ai), d)).toEqual({ patches: [], crops: {} });
    expect(calls).toEqual([]);
  });

  it('delivers the repaired project with the whole site verified again', async () => {
    const calls: string[] = [];
    const { ai, notes } = client({}, [GALLERY]);
    const whole = report(0.6);
    const result = await runRepairStage(input(), ctx(ai), deps(calls, report(0.6), whole));
    expect(calls).toEqual(['generate', 'verify /', 'verify all']);
    expect(result.patches.map((patch) => patch.kept)).toEqual([true]);
    expect(result.repaired?.verify).toBe(whole);
    expect(
      result.repaired?.plan.pages[0]!.sections.find((section) => section.id === 'visit')?.variant,
    ).toBe('gallery');
    expect(notes).toEqual([]);
  });

  it('keeps the offline project, with a note, when the whole site measures worse', async () => {
    const calls: string[] = [];
    const { ai, notes } = client({}, [GALLERY]);
    const worse = report(0.6, { missingText: [{ route: '/', text: 'Open every day.' }] });
    const result = await runRepairStage(input(), ctx(ai), deps(calls, report(0.6), worse));
    expect(result.repaired).toBeUndefined();
    expect(result.patches).toEqual([
      expect.objectContaining({
        kept: false,
        why: expect.stringMatching(
          /; dropped: the site's text "Open every day\." is missing on \/$/u,
        ),
      }),
    ]);
    expect(notes).toEqual([
      'The repaired site measured worse as a whole (the site\'s text "Open every day." is missing on /): the rebuild stays as the rules built it.',
    ]);
  });

  it('does not run without fidelity measures, and says so', async () => {
    const { ai, notes } = client({}, [GALLERY]);
    const calls: string[] = [];
    const result = await runRepairStage(
      { ...input(), verify: report(0.5, { fidelity: undefined }) },
      ctx(ai),
      deps(calls, report(0.6), report(0.6)),
    );
    expect(result).toEqual({ patches: [], crops: {} });
    expect(calls).toEqual([]);
    expect(notes).toEqual([
      'The repair loop did not run: the rebuild was not measured against the original (no screenshots).',
    ]);
  });
});

describe('compareWholeSite', () => {
  it('finds a lost build, lost text coverage and a dropped score', () => {
    expect(compareWholeSite(report(0.5), report(0.5, { build: { ok: false, ms: 1 } }))).toBe(
      'the repaired project does not build',
    );
    expect(compareWholeSite(report(0.5), report(0.5, { textCoverage: 0.99 }))).toBe(
      'text coverage 1.0000 → 0.9900',
    );
    expect(compareWholeSite(report(0.5), report(0.4))).toBe('visual 0.50 → 0.40 on /');
    expect(compareWholeSite(report(0.5), report(0.55))).toBeUndefined();
  });
});
