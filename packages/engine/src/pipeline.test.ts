import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMinimalProject } from '../test/fixtures/minimal-project.fixture';
import type { SitePlan } from './model';
import {
  DEFAULT_PIPELINE,
  parseStageJson,
  runPipeline,
  STAGE_LABELS,
  toStageJson,
  type PipelineTable,
} from './pipeline';
import type { EnginePorts } from './ports';
import { extractSite } from './stages/extract/extract-site';
import { listNotCarried } from './stages/plan/expectations';
import { planSite } from './stages/plan/plan-site';
import { findVerifyChromePath } from './stages/verify/open-browser';
import { toSiteliftReport } from './stages/package/to-sitelift-report';
import {
  STAGES,
  type FileTree,
  type LogEvent,
  type ProgressEvent,
  type RawPage,
  type RawSite,
  type VerifyReport,
} from './types';

const hasChromium = (await findVerifyChromePath()) !== undefined;

function rawPage(url: string, html: string, depth: number): RawPage {
  return {
    requestedUrl: url,
    url,
    status: 200,
    contentType: 'text/html',
    charset: 'utf-8',
    html,
    renderedWith: 'static',
    depth,
    frames: [],
  };
}

/** The site of the minimal project (test/fixtures): the bakery's two pages, as fetch reads them. */
const RAW: RawSite = {
  startUrl: 'http://old.example/',
  finalUrl: 'http://old.example/index.html',
  pages: [
    rawPage(
      'http://old.example/index.html',
      '<!doctype html><html lang="en"><head><title>Example Bakery</title></head><body>' +
        '<nav><a href="index.html">Home</a> <a href="about.html">About</a></nav>' +
        '<h1>Welcome to Example Bakery</h1><p>Fresh bread every morning since 1987.</p>' +
        '<script src="http://counter.example/hit.js"></script></body></html>',
      0,
    ),
    rawPage(
      'http://old.example/about.html',
      '<!doctype html><html lang="en"><head><title>About</title></head><body>' +
        '<h1>About us</h1><p>We bake with flour, water and time.</p></body></html>',
      1,
    ),
  ],
  stylesheets: [],
  assets: [
    { url: 'http://old.example/a.png', contentType: 'image/png', body: new Uint8Array([1, 2, 3]) },
  ],
  diagnostics: [
    {
      level: 'warning',
      code: 'ENGINE_FETCH_PAGE_SKIPPED',
      message: 'Skipped a broken page',
      url: 'http://old.example/x',
    },
  ],
  notRead: [{ url: 'http://old.example/x', reason: 'error', detail: 'HTTP 500' }],
};
// The real stages' outputs for RAW: resume checks every field of them.
const MODEL = extractSite(RAW);
const PLAN = planSite(MODEL, { strategy: 'INCREMENTAL_UPDATE' });

/**
 * Stand-ins for fetch, extract, plan, optimize and generate (the real ones are tested on their own;
 * this tests the chaining): each records its call and returns the fixtures above.
 */
function buildFakeStages(
  tree: FileTree = buildMinimalProject(),
  calls: string[] = [],
): Partial<PipelineTable> {
  return {
    fetch: {
      ...DEFAULT_PIPELINE.fetch,
      run: async (_input, { options }) => {
        calls.push(
          `fetch ${options.url} maxPages=${options.maxPages} allowPrivate=${options.allowPrivateUrls}`,
        );
        return RAW;
      },
    },
    extract: {
      ...DEFAULT_PIPELINE.extract,
      run: async ({ fetch }) => {
        calls.push(`extract ${fetch.startUrl}`);
        return MODEL;
      },
    },
    plan: {
      ...DEFAULT_PIPELINE.plan,
      run: async (_input, { options }) => {
        calls.push(`plan ${options.strategy}`);
        return PLAN;
      },
    },
    optimize: {
      ...DEFAULT_PIPELINE.optimize,
      run: async ({ plan }) => {
        calls.push('optimize images');
        return plan;
      },
    },
    generate: {
      ...DEFAULT_PIPELINE.generate,
      run: async () => {
        calls.push('generate');
        return tree;
      },
    },
  };
}

function recordingPorts(signal?: AbortSignal) {
  const logs: LogEvent[] = [];
  const progress: ProgressEvent[] = [];
  let now = 0;
  const ports: EnginePorts = {
    logger: { log: (event) => logs.push(event), progress: (event) => progress.push(event) },
    // Every reading advances 250 ms, so each stage takes a known, non-zero time.
    clock: { now: () => (now += 250) },
    signal,
  };
  return { logs, progress, ports };
}

describe('runPipeline', () => {
  let workDir: string;
  beforeEach(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'sitelift-pipeline-test-'));
  });
  afterEach(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('refuses invalid input with ENGINE_PIPELINE_INPUT_INVALID', async () => {
    const { ports } = recordingPorts();
    await expect(
      runPipeline({ url: 'http://old.example/', maxPages: 501 }, ports, buildFakeStages()),
    ).rejects.toMatchObject({
      code: 'ENGINE_PIPELINE_INPUT_INVALID',
    });
  });

  it('takes the fetch options the fetch stage knows, typed, and refuses any other', async () => {
    const calls: string[] = [];
    const seen: unknown[] = [];
    const stages = buildFakeStages(buildMinimalProject(), calls);
    stages.fetch = {
      ...DEFAULT_PIPELINE.fetch,
      run: async (_input, { options }) => {
        seen.push(options.fetchOptions);
        throw new Error('stop here');
      },
    };
    const { ports } = recordingPorts();
    const url = 'http://old.example/';
    await expect(
      runPipeline({ url, fetchOptions: { respectRobots: false, browser: 'never' } }, ports, stages),
    ).rejects.toThrow('stop here');
    expect(seen).toEqual([{ respectRobots: false, browser: 'never' }]);
    for (const fetchOptions of [
      { respectRobot: false },
      { browser: 'sometimes' },
      { maxPages: 500 },
      { pageTimeoutMs: '30s' },
    ]) {
      await expect(
        runPipeline({ url, fetchOptions: fetchOptions as never }, ports, stages),
      ).rejects.toMatchObject({ code: 'ENGINE_PIPELINE_INPUT_INVALID' });
    }
    expect(seen).toHaveLength(1);
  });

  it('stops between stages when cancelled', async () => {
    const controller = new AbortController();
    const { ports } = recordingPorts(controller.signal);
    const stages = buildFakeStages();
    const calls: string[] = [];
    stages.extract = {
      ...DEFAULT_PIPELINE.extract,
      run: async () => {
        calls.push('extract');
        controller.abort();
        return MODEL;
      },
    };
    await expect(runPipeline({ url: 'http://old.example/' }, ports, stages)).rejects.toMatchObject({
      code: 'ENGINE_PIPELINE_CANCELLED',
    });
    expect(calls).toEqual(['extract']);
  });

  it('refuses to deliver a project that does not build', async () => {
    const { ports, logs } = recordingPorts();
    const stages = buildFakeStages(
      buildMinimalProject({ mainOverride: 'this is not javascript (' }),
    );
    await expect(
      runPipeline({ url: 'http://old.example/', workDir, screenshots: false }, ports, stages),
    ).rejects.toMatchObject({
      code: 'ENGINE_BUILD_FAILED',
    });
    // The verify report is still saved so the job can show why.
    expect((await readdir(workDir)).sort()).toEqual([
      'extract.json',
      'fetch.json',
      'generate.json',
      'optimize.json',
      'plan.json',
      'verify.json',
    ]);
    expect(logs.some((event) => event.level === 'ERROR')).toBe(true);
  });

  it.skipIf(!hasChromium)(
    'chains the stages, times and logs each, saves their outputs and can resume from them',
    async () => {
      const calls: string[] = [];
      const { ports, logs, progress } = recordingPorts();
      const result = await runPipeline(
        {
          url: 'http://old.example/',
          strategy: 'FULL_REBUILD',
          maxPages: 7,
          workDir,
          screenshots: false,
          requiredSnippets: [{ text: 'We bake with flour, water and time.' }],
          // The one way in for a Designer: the real plan stage runs it over the planned site.
          designer: {
            name: 'test-designer',
            design: async (_model, plan) => {
              calls.push(`design ${plan.strategy}`);
              return plan.design;
            },
          },
        },
        ports,
        { ...buildFakeStages(buildMinimalProject(), calls), plan: DEFAULT_PIPELINE.plan },
      );
      expect(calls).toEqual([
        'fetch http://old.example/ maxPages=7 allowPrivate=false',
        'extract http://old.example/',
        'design FULL_REBUILD',
        'optimize images',
        'generate',
      ]);
      expect(result.plan.designer).toBe('test-designer');
      expect(result.verify.build.ok).toBe(true);
      expect(result.report.strategy).toBe('FULL_REBUILD');
      expect(result.report.pages.map((page) => page.route)).toEqual(['/', '/about']);
      expect(result.report.verification.required_snippets).toEqual({ kept: 1, total: 1 });
      // The page fetch could not read is listed once: not rebuilt, not again as not carried.
      expect(result.report.not_carried).toEqual(
        listNotCarried(MODEL, result.plan).filter((item) => item.what !== 'http://old.example/x'),
      );
      expect(result.report.not_carried.length).toBeGreaterThan(0);
      expect(result.report.not_rebuilt).toEqual([
        { url: 'http://old.example/x', reason: 'error', detail: 'HTTP 500' },
      ]);
      expect(Object.keys(result.report.timings)).toEqual([
        'fetch',
        'extract',
        'plan',
        'optimize',
        'generate',
        'verify',
        'repair',
      ]);
      expect(Object.keys(result.timings)).toEqual([
        'fetch',
        'extract',
        'plan',
        'optimize',
        'generate',
        'verify',
        'repair',
        'package',
      ]);
      expect(result.archive.entries).toContain('sitelift-report.json');
      expect(result.summary).toMatchObject({
        pages: 2,
        buildOk: true,
        files: result.archive.entries.length,
      });

      const messages = logs.map((event) => event.message);
      expect(messages).toContain('Stage fetch started');
      expect(messages).toContain('Stage fetch done in 0.3 s');
      expect(progress.filter((event) => event.stage === 'package').at(-1)).toEqual({
        stage: 'package',
        label: 'Packaging',
        done: 1,
        total: 1,
      });
      expect((await readdir(workDir)).sort()).toEqual([
        'extract.json',
        'fetch.json',
        'generate.json',
        'optimize.json',
        'plan.json',
        'project.zip',
        'repair.json',
        'report.json',
        'verify.json',
      ]);

      // Resuming reuses every saved stage output, bytes included, and calls no stage again.
      const resumedCalls: string[] = [];
      const resumed = await runPipeline(
        {
          url: 'http://old.example/',
          strategy: 'FULL_REBUILD',
          workDir,
          resume: true,
          screenshots: false,
        },
        recordingPorts().ports,
        buildFakeStages(buildMinimalProject(), resumedCalls),
      );
      expect(resumedCalls).toEqual([]);
      expect(resumed.raw.assets[0]?.body).toEqual(new Uint8Array([1, 2, 3]));
      expect(resumed.tree.files['public/pixel.png']).toBeInstanceOf(Uint8Array);
      expect(resumed.plan.designer).toBe('test-designer');
      expect(resumed.verify.textCoverage).toBe(result.verify.textCoverage);
    },
  );
});

const FAKE_VERIFY: VerifyReport = {
  build: { ok: true, ms: 1 },
  textCoverage: 1,
  overflow375: [],
  consoleErrors: [],
  brokenImages: [],
  missingText: [],
  screenshots: {},
};

/** verify and package replaced by test doubles: the whole walk runs without a browser or a build. */
function buildStageDoubles(calls: string[] = []): Partial<PipelineTable> {
  return {
    verify: {
      ...DEFAULT_PIPELINE.verify,
      label: 'Checking (test double)',
      run: async ({ generate }) => {
        calls.push(`verify ${Object.keys(generate.files).length} files`);
        return FAKE_VERIFY;
      },
    },
    package: {
      ...DEFAULT_PIPELINE.package,
      run: async ({ fetch, verify }, ctx) => {
        calls.push('package');
        const report = toSiteliftReport({
          sourceUrl: fetch.startUrl,
          strategy: ctx.options.strategy,
          pages: [],
          verify,
          notCarried: [],
          notRead: fetch.notRead,
          timings: { ...ctx.timings },
        });
        return { archive: { zip: new Uint8Array([80, 75]), entries: ['README.md'] }, report };
      },
    },
  };
}

describe('runPipeline: the stage table', () => {
  let workDir: string;
  beforeEach(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'sitelift-pipeline-table-test-'));
  });
  afterEach(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('has one stage per name, in STAGES order, and the labels come from it', () => {
    expect(Object.keys(DEFAULT_PIPELINE).sort()).toEqual([...STAGES].sort());
    for (const name of STAGES) {
      expect(DEFAULT_PIPELINE[name].name).toBe(name);
      expect(STAGE_LABELS[name]).toBe(DEFAULT_PIPELINE[name].label);
    }
    expect(Object.keys(STAGE_LABELS)).toEqual([...STAGES]);
  });

  it('runs test doubles in place of any stage, verify and package included', async () => {
    const calls: string[] = [];
    const { ports, progress } = recordingPorts();
    const result = await runPipeline(
      { url: 'http://old.example/', workDir, screenshots: false },
      ports,
      { ...buildFakeStages(buildMinimalProject(), calls), ...buildStageDoubles(calls) },
    );
    expect(calls).toEqual([
      'fetch http://old.example/ maxPages=20 allowPrivate=false',
      'extract http://old.example/',
      'plan INCREMENTAL_UPDATE',
      'optimize images',
      'generate',
      `verify ${Object.keys(buildMinimalProject().files).length} files`,
      'package',
    ]);
    expect(result.verify).toBe(FAKE_VERIFY);
    expect(result.archive.entries).toEqual(['README.md']);
    expect(Object.keys(result.timings)).toEqual([...STAGES]);
    // Progress labels are the table's: the defaults', and the double's own for verify.
    const labels = new Map(progress.map((event) => [event.stage, event.label]));
    expect(Object.fromEntries(labels)).toEqual({
      ...STAGE_LABELS,
      verify: 'Checking (test double)',
    });
    expect((await readdir(workDir)).sort()).toEqual([
      'extract.json',
      'fetch.json',
      'generate.json',
      'optimize.json',
      'plan.json',
      'project.zip',
      'repair.json',
      'report.json',
      'verify.json',
    ]);
  });

  it('times and saves image optimisation as a stage of its own, after plan', async () => {
    const generated: SitePlan[] = [];
    const stages: Partial<PipelineTable> = {
      ...buildFakeStages(),
      optimize: {
        ...DEFAULT_PIPELINE.optimize,
        run: async ({ plan }) => ({ ...plan, assets: [{ ...PLAN_ASSET, path: 'images/a.webp' }] }),
      },
      generate: {
        ...DEFAULT_PIPELINE.generate,
        run: async ({ optimize }) => {
          generated.push(optimize);
          return buildMinimalProject();
        },
      },
    };
    const { ports, logs } = recordingPorts();
    const result = await runPipeline(
      { url: 'http://old.example/', workDir, screenshots: false },
      ports,
      { ...stages, ...buildStageDoubles() },
    );
    expect(result.timings.optimize).toBe(250);
    expect(result.report.timings.optimize).toBe(250);
    expect(logs.map((event) => event.message)).toContain('Stage optimize done in 0.3 s');
    // generate and the result get the optimised plan; plan.json keeps the plan before it.
    expect(generated.map((plan) => plan.assets.map((asset) => asset.path))).toEqual([
      ['images/a.webp'],
    ]);
    expect(result.plan.assets.map((asset) => asset.path)).toEqual(['images/a.webp']);
    expect(await readFile(path.join(workDir, 'plan.json'), 'utf8')).not.toContain('a.webp');
    expect(await readFile(path.join(workDir, 'optimize.json'), 'utf8')).toContain('a.webp');
  });

  it('runs a stage again, with a warning, when its saved output is corrupted', async () => {
    const input = { url: 'http://old.example/', workDir, screenshots: false };
    await runPipeline(input, recordingPorts().ports, {
      ...buildFakeStages(),
      ...buildStageDoubles(),
    });
    // plan.json with the wrong shape; a later stage reads plan's new output, so it runs again too.
    await writeFile(path.join(workDir, 'plan.json'), '{ "pages": 3 }\n');
    const calls: string[] = [];
    const { ports, logs } = recordingPorts();
    const resumed = await runPipeline({ ...input, resume: true }, ports, {
      ...buildFakeStages(buildMinimalProject(), calls),
      ...buildStageDoubles(calls),
    });
    expect(calls).toEqual([
      'plan INCREMENTAL_UPDATE',
      'optimize images',
      'generate',
      `verify ${Object.keys(buildMinimalProject().files).length} files`,
      'package',
    ]);
    expect(resumed.plan).toEqual(PLAN);
    const warnings = logs.filter((event) => event.level === 'WARNING');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(
      /^Stage plan: the saved plan\.json is not valid \(.+\); running the stage again$/u,
    );
    expect(logs.map((event) => event.message)).toContain('Stage extract reused from extract.json');

    // A file that is not even JSON (a write cut short) is no crash either.
    await writeFile(path.join(workDir, 'fetch.json'), '{ "startUrl": "http://old');
    const again: string[] = [];
    const second = recordingPorts();
    await runPipeline({ ...input, resume: true }, second.ports, {
      ...buildFakeStages(buildMinimalProject(), again),
      ...buildStageDoubles(again),
    });
    expect(again[0]).toBe('fetch http://old.example/ maxPages=20 allowPrivate=false');
    expect(again).toHaveLength(7);
    expect(second.logs.filter((event) => event.level === 'WARNING')[0]?.message).toMatch(
      /^Stage fetch: the saved fetch\.json is not valid/u,
    );
  });

  it('checks every field of a saved output: one missing deep inside runs its stage again', async () => {
    const input = { url: 'http://old.example/', workDir, screenshots: false };
    await runPipeline(input, recordingPorts().ports, {
      ...buildFakeStages(),
      ...buildStageDoubles(),
    });
    // A paragraph without its words, deep in extract.json (the old schemas checked pages' keys only).
    const extractFile = path.join(workDir, 'extract.json');
    const model = parseStageJson(await readFile(extractFile, 'utf8')) as {
      pages: { sections: { blocks: Record<string, unknown>[] }[] }[];
    };
    const paragraph = model.pages[0]?.sections[0]?.blocks[0];
    expect(paragraph?.kind).toBe('paragraph');
    delete paragraph?.inlines;
    await writeFile(extractFile, toStageJson(model));
    const calls: string[] = [];
    const { ports, logs } = recordingPorts();
    await runPipeline({ ...input, resume: true }, ports, {
      ...buildFakeStages(buildMinimalProject(), calls),
      ...buildStageDoubles(calls),
    });
    expect(calls[0]).toBe('extract http://old.example/');
    expect(calls).toHaveLength(6);
    expect(logs.filter((event) => event.level === 'WARNING').map((event) => event.message)).toEqual(
      [
        expect.stringMatching(
          /^Stage extract: the saved extract\.json is not valid \(pages\.0\.sections\.0\.blocks\.0\.inlines: .+\); running the stage again$/u,
        ),
      ],
    );

    // A design token missing from optimize.json: generate's input is checked as deeply.
    const optimizeFile = path.join(workDir, 'optimize.json');
    const plan = parseStageJson(await readFile(optimizeFile, 'utf8')) as SitePlan;
    delete (plan.design.tokens.colors as Partial<SitePlan['design']['tokens']['colors']>).link;
    await writeFile(optimizeFile, toStageJson(plan));
    const again: string[] = [];
    const second = recordingPorts();
    await runPipeline({ ...input, resume: true }, second.ports, {
      ...buildFakeStages(buildMinimalProject(), again),
      ...buildStageDoubles(again),
    });
    expect(again[0]).toBe('optimize images');
    expect(second.logs.find((event) => event.level === 'WARNING')?.message).toContain(
      'optimize.json is not valid (design.tokens.colors.link: ',
    );
  });
});

const PLAN_ASSET = {
  url: 'http://old.example/a.png',
  path: 'images/a.png',
  contentType: 'image/png',
  body: new Uint8Array([1, 2, 3]),
};
