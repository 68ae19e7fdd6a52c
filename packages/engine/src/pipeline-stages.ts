/**
 * The stage contract (issue 11): every stage of the pipeline is `{ name, label, run(input, ctx),
 * outputSchema }`, and DEFAULT_PIPELINE is the table runPipeline walks in STAGES order. The progress
 * labels, the saved outputs (`<workDir>/<name>.json`) and their validation on resume all come from
 * this table; a test replaces any stage (verify and package included) by passing its own entry.
 */
import { AppError, DIAGNOSTIC_CODES, type DiagnosticCode } from '@sitelift/shared/error-codes';
import { siteliftReportSchema } from '@sitelift/shared/schemas/report';
import { z } from 'zod';
import { designSite, type Designer } from './design/designer';
import type { HostResolver } from './net/assert-public-url';
import type { SiteModel, SitePlan } from './model';
import type { EnginePorts, Logger } from './ports';
import { extractSite } from './stages/extract/extract-site';
import { fetchSite } from './stages/fetch/fetch-site';
import { generateProject } from './stages/generate/generate-project';
import { optimizeImages, type OptimizeImagesOptions } from './stages/optimize/optimize-images';
import { packageProject } from './stages/package/package-project';
import { toSiteliftReport } from './stages/package/to-sitelift-report';
import { listNotCarried, toVerifyExpectations } from './stages/plan/expectations';
import { planSite } from './stages/plan/plan-site';
import { buildPreview } from './stages/verify/build-preview';
import { verifyProject } from './stages/verify/verify-project';
import {
  STAGES,
  STRATEGIES,
  type Archive,
  type FetchOptions,
  type FileTree,
  type NotCarried,
  type RawSite,
  type SiteliftReport,
  type StageName,
  type Strategy,
  type VerifyExpectations,
  type VerifyReport,
} from './types';
import type { PipelineOptions } from './pipeline-input';

/**
 * The functions the default stages call. The real ones are in DEFAULT_STAGES; a test may replace
 * any of them (finer than replacing a whole stage: it keeps the stage's option handling).
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

/** The real stage functions. */
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

/** What the package stage delivers: the zip, its report and (with previewBase) the preview's dist. */
export interface PackageOutput {
  archive: Archive;
  report: SiteliftReport;
  preview?: FileTree;
}

/** Each stage's output, by stage name. */
export interface StageOutputs {
  fetch: RawSite;
  extract: SiteModel;
  plan: SitePlan;
  /** The plan with its images re-encoded. */
  optimize: SitePlan;
  generate: FileTree;
  verify: VerifyReport;
  package: PackageOutput;
}

/** What each stage reads: the outputs of earlier stages, by their names. */
export interface StageInputs {
  /** fetch reads the URL and its options from `ctx.options`. */
  fetch: Record<never, never>;
  extract: Pick<StageOutputs, 'fetch'>;
  plan: Pick<StageOutputs, 'extract'>;
  optimize: Pick<StageOutputs, 'plan'>;
  generate: Pick<StageOutputs, 'optimize'>;
  verify: Pick<StageOutputs, 'fetch' | 'extract' | 'optimize' | 'generate'>;
  package: Pick<StageOutputs, 'fetch' | 'extract' | 'optimize' | 'generate' | 'verify'>;
}

/** What every stage gets besides its input. */
export interface StageContext {
  /** The run's validated input (defaults applied). */
  options: PipelineOptions;
  /** The designer asked for (undefined: the offline one). */
  designer?: Designer;
  ports: EnginePorts;
  /** The stage functions (DEFAULT_STAGES, or a test's). */
  functions: PipelineStages;
  /** Milliseconds of the stages finished so far (package writes them into the report). */
  timings: Readonly<Partial<Record<StageName, number>>>;
  /** Throws ENGINE_PIPELINE_CANCELLED when `ports.signal` is aborted (the walker calls it between stages). */
  checkCancelled(): void;
}

/** One stage of the pipeline. */
export interface PipelineStage<I, O> {
  name: StageName;
  /** What the UI and the CLI show while it runs, e.g. 'Reading the site'. */
  label: string;
  run(input: I, ctx: StageContext): Promise<O>;
  /**
   * Checks a saved output (`<workDir>/<name>.json`, read back by parseStageJson) before a resumed run
   * reuses it: the top-level shape and the key arrays, not every nested field. The saved value itself
   * is reused, not the parse result. An output that does not pass is logged and the stage runs again.
   */
  outputSchema: z.ZodType;
  /** False: the output is not saved as `<name>.json` nor reused on resume (package). Default true. */
  saved?: boolean;
  /** Runs on every output, fresh or reused, after it is saved; throws to stop the pipeline. */
  check?(output: O): void;
}

/** The whole pipeline: one stage per name. */
export type PipelineTable = {
  [N in StageName]: PipelineStage<StageInputs[N], StageOutputs[N]>;
};

// ---------------------------------------------------------------------------------------------
// output schemas (saved JSON, after parseStageJson turned `{ $bytes }` back into Uint8Array)

const bytesSchema = z.instanceof(Uint8Array);
// Codes from the catalogue only: an output saved with a retired code is stale, and its stage runs again.
const diagnosticCodeSchema = z.enum(
  Object.keys(DIAGNOSTIC_CODES) as [DiagnosticCode, ...DiagnosticCode[]],
);
const diagnosticsSchema = z.array(
  z.object({
    level: z.enum(['info', 'warning', 'error']),
    code: diagnosticCodeSchema,
    message: z.string(),
  }),
);

/** FileTree: every file a string or bytes. */
export const fileTreeSchema = z.object({
  files: z.record(z.string(), z.union([z.string(), bytesSchema])),
});

/** RawSite: URLs, every page's URL and HTML, every stylesheet's CSS, every asset's bytes. */
export const rawSiteSchema = z.object({
  startUrl: z.string(),
  finalUrl: z.string(),
  pages: z.array(z.object({ url: z.string(), html: z.string(), depth: z.number() })),
  stylesheets: z.array(z.object({ url: z.string(), css: z.string() })),
  assets: z.array(z.object({ url: z.string(), contentType: z.string(), body: bytesSchema })),
  diagnostics: diagnosticsSchema,
});

/** SiteModel: identity, navigation, every page's URL, sections and text blocks, assets. */
export const siteModelSchema = z.object({
  origin: z.string(),
  startUrl: z.string(),
  identity: z.object({ name: z.string() }),
  navigation: z.array(z.object({})),
  pages: z.array(
    z.object({ url: z.string(), sections: z.array(z.object({})), textBlocks: z.array(z.string()) }),
  ),
  assets: z.array(z.object({})),
  diagnostics: diagnosticsSchema,
});

/** SitePlan: strategy, identity, every page's URL and route, redirects, every asset's bytes, design. */
export const sitePlanSchema = z.object({
  strategy: z.enum(STRATEGIES),
  origin: z.string(),
  identity: z.object({ name: z.string() }),
  navigation: z.array(z.object({ label: z.string(), route: z.string() })),
  pages: z.array(z.object({ url: z.string(), route: z.string(), componentName: z.string() })),
  redirects: z.record(z.string(), z.string()),
  assets: z.array(z.object({ path: z.string(), contentType: z.string(), body: bytesSchema })),
  design: z.object({ tokens: z.object({}), sections: z.record(z.string(), z.unknown()) }),
  diagnostics: diagnosticsSchema,
});

/** VerifyReport: the build result, the coverage figures and lists, the screenshots' bytes, dist. */
export const verifyReportSchema = z.object({
  build: z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() }),
  textCoverage: z.number(),
  overflow375: z.array(z.string()),
  consoleErrors: z.array(z.object({ route: z.string(), message: z.string() })),
  brokenImages: z.array(z.object({ route: z.string(), src: z.string() })),
  missingText: z.array(z.object({ route: z.string(), text: z.string() })),
  screenshots: z.record(z.string(), bytesSchema),
  dist: fileTreeSchema.optional(),
});

/** PackageOutput (never saved as such; checked for stage doubles' sake): zip bytes, full report. */
export const packageOutputSchema = z.object({
  archive: z.object({ zip: bytesSchema, entries: z.array(z.string()) }),
  report: siteliftReportSchema,
  preview: fileTreeSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// the stages

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function expectationsFor(
  input: Pick<StageOutputs, 'fetch' | 'extract' | 'optimize'>,
  ctx: StageContext,
): VerifyExpectations {
  const { options } = ctx;
  return {
    pages: ctx.functions.toVerifyExpectations(input.extract, input.optimize).pages,
    requiredSnippets: options.requiredSnippets,
    screenshots: options.screenshots,
    originalScreenshots: Object.fromEntries(
      input.fetch.pages.flatMap((page) =>
        page.screenshots === undefined ? [] : [[page.url, page.screenshots] as const],
      ),
    ),
    lighthouse: options.lighthouse,
    identity: input.extract.identity,
  };
}

/** With previewBase: the project built for that base (a failed build is logged, not thrown). */
async function buildLivePreview(tree: FileTree, ctx: StageContext): Promise<FileTree | undefined> {
  const base = ctx.options.previewBase;
  if (base === undefined) return undefined;
  const { logger, signal } = ctx.ports;
  logger.log({ level: 'INFO', message: `Building the preview for ${base}` });
  const built = await buildPreview(tree, base, { signal });
  ctx.checkCancelled();
  if (built.ok) {
    logger.log({ level: 'INFO', message: `Preview built in ${formatSeconds(built.ms)}` });
    return built.dist;
  }
  // The delivered project is fine (verify built it); only the live preview is missing.
  logger.log({
    level: 'WARNING',
    message: `The preview for ${base} did not build: ${built.error.split('\n')[0] ?? ''}`,
  });
  return undefined;
}

/** The real pipeline, walked in STAGES order. */
export const DEFAULT_PIPELINE: PipelineTable = {
  fetch: {
    name: 'fetch',
    label: 'Reading the site',
    outputSchema: rawSiteSchema,
    run: (_input, { options, ports, functions }) =>
      functions.fetchSite(
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
  },
  extract: {
    name: 'extract',
    label: 'Extracting content',
    outputSchema: siteModelSchema,
    // The stages log their own summaries and diagnostics (fetch: pages read, skipped pages and assets).
    run: async ({ fetch }, { ports, functions }) =>
      functions.extractSite(fetch, { logger: ports.logger }),
  },
  plan: {
    name: 'plan',
    label: 'Planning routes',
    outputSchema: sitePlanSchema,
    run: async ({ extract }, { options, designer, ports, functions }) => {
      const planned = functions.planSite(extract, { strategy: options.strategy }, designer);
      // A synchronous designer (the offline one) already answered inside planSite.
      if (designer === undefined || 'designNow' in designer) return planned;
      ports.logger.log({
        level: 'INFO',
        message: `Designer ${designer.name} is designing the site`,
      });
      return functions.designSite(extract, planned, designer);
    },
  },
  optimize: {
    name: 'optimize',
    label: 'Optimising images',
    outputSchema: sitePlanSchema,
    run: async ({ plan }, { ports, functions }) =>
      (await functions.optimizeImages(plan, { logger: ports.logger, signal: ports.signal })).plan,
  },
  generate: {
    name: 'generate',
    label: 'Generating the project',
    outputSchema: fileTreeSchema,
    run: ({ optimize }, { ports, functions }) =>
      functions.generateProject(optimize, { logger: ports.logger }),
  },
  verify: {
    name: 'verify',
    label: 'Building and verifying',
    outputSchema: verifyReportSchema,
    run: (input, ctx) =>
      verifyProject(input.generate, expectationsFor(input, ctx), ctx.ports, {
        allowPrivateUrls: ctx.options.allowPrivateUrls || ctx.options.loopbackOnly,
        loopbackOnly: ctx.options.loopbackOnly,
        chromePath: ctx.options.chromePath,
      }),
    // A project that does not build is never delivered (the verify report is saved first).
    check: (verify) => {
      if (verify.build.ok) return;
      throw new AppError('ENGINE_BUILD_FAILED', {
        message: `The generated project does not build, so it was not delivered: ${(verify.build.error ?? 'unknown error').split('\n')[0]}`,
        details: { error: verify.build.error },
      });
    },
  },
  package: {
    name: 'package',
    label: 'Packaging',
    outputSchema: packageOutputSchema,
    // report.json and project.zip are written to workDir by the walker; no package.json.
    saved: false,
    run: async (input, ctx) => {
      const preview = await buildLivePreview(input.generate, ctx);
      const pages = ctx.functions
        .toVerifyExpectations(input.extract, input.optimize)
        .pages.map(({ url, route, title }) => ({ url, route, title }));
      const report = toSiteliftReport({
        sourceUrl: input.fetch.startUrl,
        strategy: ctx.options.strategy,
        pages,
        verify: input.verify,
        notCarried: ctx.functions.listNotCarried(input.extract, input.optimize),
        timings: { ...ctx.timings },
      });
      const archive = await packageProject(input.generate, report, {
        screenshots: input.verify.screenshots,
        rootFolder: ctx.options.archiveFolder,
      });
      return { archive, report, ...(preview === undefined ? {} : { preview }) };
    },
  },
};

/** The progress label of each stage, from DEFAULT_PIPELINE, for the CLI, the server and the web. */
export const STAGE_LABELS: Readonly<Record<StageName, string>> = Object.fromEntries(
  STAGES.map((name) => [name, DEFAULT_PIPELINE[name].label]),
) as Record<StageName, string>;
