import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAppError } from '@sitelift/shared/error-codes';
import { z } from 'zod';
import { designSite, type Designer } from './design/designer';
import { extractSite } from './stages/extract/extract-site';
import { fetchSite } from './stages/fetch/fetch-site';
import { generateProject } from './stages/generate/generate-project';
import { listNotCarried, toVerifyExpectations } from './stages/plan/expectations';
import { optimizeImages, type OptimizeImagesOptions } from './stages/plan/optimize-images';
import { planSite } from './stages/plan/plan-site';
import type { HostResolver } from './net/assert-public-url';
import type { SiteModel, SitePlan } from './model';
import type { EnginePorts, Logger } from './ports';
import { packageProject } from './stages/package/package-project';
import { toSiteliftReport } from './stages/package/to-sitelift-report';
import { BASE_PATH_PATTERN, buildPreview } from './stages/verify/build-preview';
import { verifyProject } from './stages/verify/verify-project';
import {
  DEFAULT_STRATEGY,
  STRATEGIES,
  type Archive,
  type FetchOptions,
  type FileTree,
  type RawSite,
  type SiteliftReport,
  type StageName,
  type NotCarried,
  type Strategy,
  type VerifyExpectations,
  type VerifyReport,
} from './types';

/**
 * The stage functions the pipeline chains. The real ones are in DEFAULT_STAGES (pipeline.ts); tests
 * may replace any of them.
 */
export interface PipelineStages {
  fetchSite(
    startUrl: string,
    options: Partial<FetchOptions>,
    ports: EnginePorts,
    internals?: { resolve?: HostResolver },
  ): Promise<RawSite>;
  extractSite(raw: RawSite, ports?: { logger?: Logger }): SiteModel;
  planSite(model: SiteModel, options: { strategy: Strategy }, designer?: Designer): SitePlan;
  /** Runs an asynchronous Designer over a plan (the offline one answers inside planSite). */
  designSite(model: SiteModel, plan: SitePlan, designer: Designer): Promise<SitePlan>;
  /** Re-encodes the plan's self-hosted images (WebP, capped width) and rewrites their references. */
  optimizeImages(plan: SitePlan, options: OptimizeImagesOptions): Promise<{ plan: SitePlan }>;
  generateProject(plan: SitePlan, ports?: { logger?: Logger }): Promise<FileTree>;
  toVerifyExpectations(model: SiteModel, plan: SitePlan): Pick<VerifyExpectations, 'pages'>;
  listNotCarried(model: SiteModel, plan: SitePlan): NotCarried[];
}

// ---------------------------------------------------------------------------------------------
// saved stage outputs

/**
 * Saved stage outputs: `<workDir>/<name>.json`, with byte arrays written as `{ "$bytes": base64 }` so
 * that a RawSite, a FileTree or a VerifyReport survive the round trip.
 */

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && keys[0] === '$bytes' && typeof record.$bytes === 'string') {
      return new Uint8Array(Buffer.from(record.$bytes, 'base64'));
    }
  }
  return value;
}

/** Serialises a stage output to JSON (bytes as base64). */
export function toStageJson(value: unknown): string {
  return `${JSON.stringify(value, replacer, 2)}\n`;
}

/** Parses a stage output written by {@link toStageJson}. */
export function parseStageJson(text: string): unknown {
  return JSON.parse(text, reviver);
}

/** Writes `<workDir>/<name>.json`. */
export async function saveStageOutput(
  workDir: string,
  name: string,
  value: unknown,
): Promise<string> {
  await mkdir(workDir, { recursive: true });
  const file = path.join(workDir, `${name}.json`);
  await writeFile(file, toStageJson(value));
  return file;
}

/**
 * Reads `<workDir>/<name>.json` when it exists and has the `requiredKeys` at its top level; undefined
 * when there is no such file. A file that exists but does not parse is an error, not a silent re-run.
 */
export async function loadStageOutput<T>(
  workDir: string,
  name: string,
  requiredKeys: string[],
): Promise<T | undefined> {
  const file = path.join(workDir, `${name}.json`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  let value: unknown;
  try {
    value = parseStageJson(text);
  } catch (error) {
    throw new AppError('ENGINE_WORKDIR_INVALID', { cause: error, details: { file } });
  }
  if (value === null || typeof value !== 'object' || requiredKeys.some((key) => !(key in value))) {
    throw new AppError('ENGINE_WORKDIR_INVALID', { details: { file, requiredKeys } });
  }
  return value as T;
}

// ---------------------------------------------------------------------------------------------
// the pipeline

/** The real stages. */
export const DEFAULT_STAGES: PipelineStages = {
  fetchSite,
  extractSite,
  planSite,
  designSite,
  optimizeImages,
  generateProject,
  toVerifyExpectations,
  listNotCarried,
};

/** What a modernization run is asked to do; validated with zod at the pipeline's edge. */
export const pipelineInputSchema = z.object({
  url: z.string().trim().min(1),
  strategy: z.enum(STRATEGIES).default(DEFAULT_STRATEGY),
  maxPages: z.number().int().min(1).max(100).default(20),
  lighthouse: z.boolean().default(false),
  allowPrivateUrls: z.boolean().default(false),
  /** Take before/after screenshots (default true). */
  screenshots: z.boolean().default(true),
  /** Exact strings the rebuild must contain (e.g. a corpus manifest's mustKeep). */
  requiredSnippets: z
    .array(z.object({ route: z.string().optional(), text: z.string().min(1) }))
    .optional(),
  /** Save every stage's output as JSON in this folder. */
  workDir: z.string().min(1).optional(),
  /** With workDir: reuse the saved outputs of the stages that already finished. */
  resume: z.boolean().default(false),
  /** Fetch stage options beyond maxPages/allowPrivateUrls (tests: respectRobots, browser...). */
  fetchOptions: z.record(z.string(), z.unknown()).optional(),
  /**
   * Contact only loopback addresses: host names other than localhost do not resolve, and verify's
   * browsers reach nothing else. For tests and the bench, whose sites are served on 127.0.0.1, so
   * that their CDN links and trackers never leave the machine. Implies allowPrivateUrls.
   */
  loopbackOnly: z.boolean().default(false),
  /** Chromium binary for fetch and verify (default: CHROME_PATH, an installed one, the npm one). */
  chromePath: z.string().optional(),
  /**
   * Also build the project for this base path (e.g. '/preview/<projectId>/', starting and ending
   * with '/') after verify's '/' build, and return that dist as `result.preview` (the live preview).
   * The zip stays built for '/'.
   */
  previewBase: z
    .string()
    .regex(BASE_PATH_PATTERN, 'must start and end with "/" and hold plain path segments')
    .optional(),
});

/** The pipeline's input (before defaults); `designer` replaces the offline designer. */
export type PipelineInput = z.input<typeof pipelineInputSchema> & {
  designer?: Designer;
};

/** A short summary of a run, for logs, the CLI and the bench. */
export interface PipelineSummary {
  pages: number;
  buildOk: boolean;
  textCoverage: number;
  requiredSnippets?: { kept: number; total: number; missing: string[] };
  overflow375: number;
  consoleErrors: number;
  brokenImages: number;
  zipBytes: number;
  files: number;
}

/** Everything a run produced. */
export interface PipelineResult {
  archive: Archive;
  report: SiteliftReport;
  verify: VerifyReport;
  raw: RawSite;
  model: SiteModel;
  plan: SitePlan;
  tree: FileTree;
  summary: PipelineSummary;
  /** Milliseconds per stage (package included). */
  timings: Partial<Record<StageName, number>>;
  /**
   * With `previewBase`: the dist/ of the project built for that base path (links, assets, router and
   * prerendered pages under it). Absent when not asked for or when that build failed (logged).
   */
  preview?: FileTree;
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs fetch → extract → plan → generate → verify → package for one URL: times each stage, logs
 * "Stage X started" / "Stage X done in N s", reports progress, checks `ports.signal` between stages,
 * and saves each stage's output to `workDir` when given. A project that does not build is never
 * delivered: that throws AppError ENGINE_BUILD_FAILED (after saving the verify report).
 */
export async function runPipeline(
  input: PipelineInput,
  ports: EnginePorts,
  stages: PipelineStages = DEFAULT_STAGES,
): Promise<PipelineResult> {
  const parsed = pipelineInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('ENGINE_PIPELINE_INPUT_INVALID', {
      message: `The modernization request is not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      details: { issues: parsed.error.issues },
    });
  }
  const options = parsed.data;
  const { logger, clock, signal } = ports;
  const timings: Partial<Record<StageName, number>> = {};
  const workDir = options.workDir;

  const checkCancelled = () => {
    if (signal?.aborted === true) {
      logger.log({ level: 'WARNING', message: 'Modernization cancelled' });
      throw new AppError('ENGINE_PIPELINE_CANCELLED');
    }
  };

  /** Runs one stage (or loads its saved output) with timing, log lines and coarse progress. */
  async function runStage<T>(
    stage: StageName,
    run: () => Promise<T> | T,
    saved?: { name: string; keys: string[] },
  ): Promise<T> {
    checkCancelled();
    if (workDir !== undefined && options.resume && saved !== undefined) {
      const loaded = await loadStageOutput<T>(workDir, saved.name, saved.keys);
      if (loaded !== undefined) {
        logger.log({ level: 'INFO', message: `Stage ${stage} reused from ${saved.name}.json` });
        logger.progress?.({ stage, done: 1, total: 1 });
        timings[stage] = 0;
        return loaded;
      }
    }
    logger.log({ level: 'INFO', message: `Stage ${stage} started` });
    logger.progress?.({ stage, done: 0, total: 1 });
    const started = clock.now();
    let output: T;
    try {
      output = await run();
    } catch (error) {
      const ms = clock.now() - started;
      timings[stage] = ms;
      const reason = isAppError(error)
        ? `${error.message} (${error.code})`
        : error instanceof Error
          ? error.message
          : String(error);
      logger.log({
        level: 'ERROR',
        message: `Stage ${stage} failed after ${formatSeconds(ms)}: ${reason}`,
      });
      throw error;
    }
    const ms = clock.now() - started;
    timings[stage] = ms;
    logger.progress?.({ stage, done: 1, total: 1 });
    logger.log({ level: 'INFO', message: `Stage ${stage} done in ${formatSeconds(ms)}` });
    if (workDir !== undefined && saved !== undefined)
      await saveStageOutput(workDir, saved.name, output);
    return output;
  }

  const raw = await runStage(
    'fetch',
    () =>
      stages.fetchSite(
        options.url,
        {
          chromePath: options.chromePath,
          ...(options.fetchOptions as Partial<FetchOptions> | undefined),
          maxPages: options.maxPages,
          allowPrivateUrls: options.allowPrivateUrls || options.loopbackOnly,
          loopbackOnly: options.loopbackOnly,
          // Pages fetch renders (those with scripts) are screenshotted on that load, not loaded again.
          screenshots: options.screenshots,
        },
        ports,
      ),
    { name: 'fetch', keys: ['startUrl', 'pages'] },
  );
  // The stages log their own summaries and diagnostics (fetch: pages read, skipped pages and assets).
  const model = await runStage('extract', () => stages.extractSite(raw, { logger }), {
    name: 'extract',
    keys: ['pages', 'identity'],
  });
  const plan = await runStage(
    'plan',
    async () => {
      const { designer } = input;
      let planned = stages.planSite(model, { strategy: options.strategy }, designer);
      // A synchronous designer (the offline one) already answered inside planSite.
      if (designer !== undefined && !('designNow' in designer)) {
        logger.log({ level: 'INFO', message: `Designer ${designer.name} is designing the site` });
        planned = await stages.designSite(model, planned, designer);
      }
      checkCancelled();
      return (await stages.optimizeImages(planned, { logger, signal })).plan;
    },
    {
      name: 'plan',
      keys: ['pages', 'strategy'],
    },
  );
  const tree = await runStage('generate', () => stages.generateProject(plan, { logger }), {
    name: 'generate',
    keys: ['files'],
  });

  const expectations: VerifyExpectations = {
    pages: stages.toVerifyExpectations(model, plan).pages,
    requiredSnippets: options.requiredSnippets,
    screenshots: options.screenshots,
    originalScreenshots: Object.fromEntries(
      raw.pages.flatMap((page) =>
        page.screenshots === undefined ? [] : [[page.url, page.screenshots] as const],
      ),
    ),
    lighthouse: options.lighthouse,
  };
  const verify = await runStage(
    'verify',
    () =>
      verifyProject(tree, expectations, ports, {
        allowPrivateUrls: options.allowPrivateUrls || options.loopbackOnly,
        loopbackOnly: options.loopbackOnly,
        chromePath: options.chromePath,
      }),
    { name: 'verify', keys: ['build', 'textCoverage'] },
  );
  if (!verify.build.ok) {
    throw new AppError('ENGINE_BUILD_FAILED', {
      message: `The generated project does not build, so it was not delivered: ${(verify.build.error ?? 'unknown error').split('\n')[0]}`,
      details: { error: verify.build.error },
    });
  }

  let preview: FileTree | undefined;
  if (options.previewBase !== undefined) {
    checkCancelled();
    logger.log({ level: 'INFO', message: `Building the preview for ${options.previewBase}` });
    const built = await buildPreview(tree, options.previewBase, { signal });
    checkCancelled();
    if (built.ok) {
      preview = built.dist;
      logger.log({ level: 'INFO', message: `Preview built in ${formatSeconds(built.ms)}` });
    } else {
      // The delivered project is fine (verify built it); only the live preview is missing.
      logger.log({
        level: 'WARNING',
        message: `The preview for ${options.previewBase} did not build: ${built.error.split('\n')[0] ?? ''}`,
      });
    }
  }

  const pages = expectations.pages.map(({ url, route, title }) => ({ url, route, title }));
  const notCarried = stages.listNotCarried(model, plan);
  const report = toSiteliftReport({
    sourceUrl: raw.startUrl,
    strategy: options.strategy,
    pages,
    verify,
    notCarried,
    timings: { ...timings },
  });
  const archive = await runStage('package', () =>
    packageProject(tree, report, { screenshots: verify.screenshots }),
  );
  if (workDir !== undefined) {
    await saveStageOutput(workDir, 'report', report);
    await writeFile(path.join(workDir, 'project.zip'), archive.zip);
  }
  logger.log({
    level: 'INFO',
    message: `Packaged ${archive.entries.length} files (${(archive.zip.length / 1024).toFixed(0)} KB)`,
  });

  return {
    archive,
    report,
    verify,
    raw,
    model,
    plan,
    tree,
    timings,
    ...(preview === undefined ? {} : { preview }),
    summary: {
      pages: pages.length,
      buildOk: verify.build.ok,
      textCoverage: verify.textCoverage,
      requiredSnippets: verify.requiredSnippets,
      overflow375: verify.overflow375.length,
      consoleErrors: verify.consoleErrors.length,
      brokenImages: verify.brokenImages.length,
      zipBytes: archive.zip.length,
      files: archive.entries.length,
    },
  };
}
