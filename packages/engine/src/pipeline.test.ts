import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMinimalProject, MINIMAL_PAGES } from '../test/fixtures/minimal-project.fixture';
import type { SiteModel, SitePlan } from './model';
import { runPipeline, type PipelineStages } from './pipeline';
import type { EnginePorts } from './ports';
import { findVerifyChromePath } from './stages/verify/open-browser';
import type { FileTree, LogEvent, ProgressEvent, RawSite } from './types';

const hasChromium = (await findVerifyChromePath()) !== undefined;

const RAW: RawSite = {
  startUrl: 'http://old.example/',
  finalUrl: 'http://old.example/index.html',
  pages: [],
  stylesheets: [],
  assets: [
    { url: 'http://old.example/a.png', contentType: 'image/png', body: new Uint8Array([1, 2, 3]) },
  ],
  diagnostics: [
    {
      level: 'warning',
      code: 'FETCH_PAGE_SKIPPED',
      message: 'Skipped a broken page',
      url: 'http://old.example/x',
    },
  ],
};
const MODEL = { pages: [], identity: { name: 'Example Bakery' } } as unknown as SiteModel;
const PLAN = { pages: [], strategy: 'INCREMENTAL_UPDATE' } as unknown as SitePlan;

/** Stand-in stages: the real ones are tested on their own; this tests the chaining. */
function buildFakeStages(
  tree: FileTree = buildMinimalProject(),
  calls: string[] = [],
): PipelineStages {
  return {
    fetchSite: async (url, options) => {
      calls.push(
        `fetch ${url} maxPages=${options.maxPages} allowPrivate=${options.allowPrivateUrls}`,
      );
      return RAW;
    },
    extractSite: (raw) => {
      calls.push(`extract ${raw.startUrl}`);
      return MODEL;
    },
    planSite: (_model, options) => {
      calls.push(`plan ${options.strategy}`);
      return PLAN;
    },
    generateProject: async () => {
      calls.push('generate');
      return tree;
    },
    designSite: async (_model, plan, designer) => {
      calls.push(`design ${designer.name}`);
      return plan;
    },
    optimizeImages: async (plan) => {
      calls.push('optimize images');
      return { plan };
    },
    toVerifyExpectations: () => ({ pages: MINIMAL_PAGES }),
    listNotCarried: () => [
      {
        kind: 'tracker',
        what: 'hit counter',
        page: 'http://old.example/',
        reason: 'Trackers are not carried over',
      },
    ],
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
      runPipeline({ url: 'http://old.example/', maxPages: 500 }, ports, buildFakeStages()),
    ).rejects.toMatchObject({
      code: 'ENGINE_PIPELINE_INPUT_INVALID',
    });
  });

  it('stops between stages when cancelled', async () => {
    const controller = new AbortController();
    const { ports } = recordingPorts(controller.signal);
    const stages = buildFakeStages();
    const calls: string[] = [];
    stages.extractSite = () => {
      calls.push('extract');
      controller.abort();
      return MODEL;
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
          // An asynchronous designer (an LLM one, later) runs after planSite through designSite.
          designer: {
            name: 'test-designer',
            design: () => Promise.reject(new Error('not called directly')),
          },
        },
        ports,
        buildFakeStages(buildMinimalProject(), calls),
      );
      expect(calls).toEqual([
        'fetch http://old.example/ maxPages=7 allowPrivate=false',
        'extract http://old.example/',
        'plan FULL_REBUILD',
        'design test-designer',
        'optimize images',
        'generate',
      ]);
      expect(result.verify.build.ok).toBe(true);
      expect(result.report.strategy).toBe('FULL_REBUILD');
      expect(result.report.pages.map((page) => page.route)).toEqual(['/', '/about']);
      expect(result.report.verification.required_snippets).toEqual({ kept: 1, total: 1 });
      expect(result.report.not_carried).toHaveLength(1);
      expect(Object.keys(result.report.timings)).toEqual([
        'fetch',
        'extract',
        'plan',
        'generate',
        'verify',
      ]);
      expect(Object.keys(result.timings)).toEqual([
        'fetch',
        'extract',
        'plan',
        'generate',
        'verify',
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
        done: 1,
        total: 1,
      });
      expect((await readdir(workDir)).sort()).toEqual([
        'extract.json',
        'fetch.json',
        'generate.json',
        'plan.json',
        'project.zip',
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
      expect(resumed.verify.textCoverage).toBe(result.verify.textCoverage);
    },
  );
});
