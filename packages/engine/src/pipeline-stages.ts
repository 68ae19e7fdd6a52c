/**
 * The stage contract (issue 11): every stage of the pipeline is `{ name, label, run(input, ctx),
 * outputSchema }`, and DEFAULT_PIPELINE is the table runPipeline walks in STAGES order. The progress
 * labels, the saved outputs (`<workDir>/<name>.json`) and their validation on resume all come from
 * this table. Replacing an entry (runPipeline's `overrides`) is the one way to replace a stage.
 */
import { AppError } from '@sitelift/shared/error-codes';
import type { z } from 'zod';
import { rawSiteSchema } from './contract/raw-site';
import { fileTreeSchema, packageOutputSchema, verifyReportSchema } from './contract/project';
import { repairOutputSchema, type RepairOutput } from './contract/repair';
import { runRepairStage } from './ai/repair/repair-stage';
import { siteModelSchema, sitePlanSchema } from './contract/site-model';
import { writeMissing } from './ai/additions';
import { understandSite } from './ai/understand';
import { createAiDesigner } from './ai/ai-designer';
import type { AiClient, AiRecord } from './ai/types';
import { designSite, type Designer } from './design/designer';
import type { SiteModel, SitePlan } from './model';
import type { EnginePorts } from './ports';
import { extractSite } from './stages/extract/extract-site';
import { fetchSite } from './stages/fetch/fetch-site';
import { generateProject } from './stages/generate/generate-project';
import { optimizeImages } from './stages/optimize/optimize-images';
import { packageProject } from './stages/package/package-project';
import { compressScreenshots } from './stages/verify/compress-screenshots';
import { toRouteSlug } from './stages/verify/text-coverage';
import { toSiteliftReport } from './stages/package/to-sitelift-report';
import { listNotCarried, toVerifyExpectations } from './stages/plan/expectations';
import { planSite } from './stages/plan/plan-site';
import { buildPreview } from './stages/verify/build-preview';
import { verifyProject } from './stages/verify/verify-project';
import {
  STAGES,
  type FileTree,
  type RawSite,
  type SiteliftReport,
  type StageName,
  type VerifyExpectations,
  type VerifyReport,
} from './types';
import type { PipelineOptions } from './pipeline-input';

/** What the package stage delivers: the zip, its report and (with previewBase) the preview's dist. */
export type PackageOutput = z.output<typeof packageOutputSchema>;

/** Each stage's output, by stage name. */
export interface StageOutputs {
  fetch: RawSite;
  extract: SiteModel;
  plan: SitePlan;
  /** The plan with its images re-encoded. */
  optimize: SitePlan;
  generate: FileTree;
  verify: VerifyReport;
  /** The AI's patches, and the repaired plan, project and report when one was kept (issue 25). */
  repair: RepairOutput;
  package: PackageOutput;
}

/** What each stage reads: the outputs of earlier stages, by their names. */
export interface StageInputs {
  /** fetch reads the URL and its options from `ctx.options`. */
  fetch: Record<never, never>;
  extract: Pick<StageOutputs, 'fetch'>;
  /** fetch: the original's home screenshot, for a model's design (issue 25). */
  plan: Pick<StageOutputs, 'fetch' | 'extract'>;
  optimize: Pick<StageOutputs, 'plan'>;
  generate: Pick<StageOutputs, 'optimize'>;
  verify: Pick<StageOutputs, 'fetch' | 'extract' | 'optimize' | 'generate'>;
  repair: Pick<StageOutputs, 'fetch' | 'extract' | 'optimize' | 'generate' | 'verify'>;
  package: Pick<StageOutputs, 'fetch' | 'extract' | 'optimize' | 'generate' | 'verify' | 'repair'>;
}

/** What every stage gets besides its input. */
export interface StageContext {
  /** The run's validated input (defaults applied). */
  options: PipelineOptions;
  /** The designer asked for (undefined: the offline one, or the model's when `ai` is set). */
  designer?: Designer;
  /**
   * The run's model client (issue 25), when `options.ai` is set: every model call of the run goes
   * through it (budget, cache, notes). Absent: every stage runs offline.
   */
  ai?: AiClient;
  /** With `ai`: the patches, labels and strings the stages report (ai/types.ts AiRecord). */
  aiRecord?: AiRecord;
  ports: EnginePorts;
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
   * The output's schema, one declaration with its type (src/contract): checks a saved output
   * (`<workDir>/<name>.json`, read back by parseStageJson) in full before a resumed run reuses it.
   * The saved value itself is reused, not the parse result. An output that does not pass is logged
   * and the stage runs again.
   */
  outputSchema: z.ZodType<O>;
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
    pages: toVerifyExpectations(input.extract, input.optimize).pages,
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

/** The original's start page screenshot (desktop), when fetch took one. */
function homeScreenshot(raw: RawSite, model: SiteModel): Uint8Array | undefined {
  const home = model.pages[0]?.url;
  const page = raw.pages.find((candidate) => candidate.url === home) ?? raw.pages[0];
  return page?.screenshots?.desktop;
}

/** verifyProject's options for this run (the verify stage's and the repair loop's). */
function verifyOptionsFor(ctx: StageContext) {
  return {
    allowPrivateUrls: ctx.options.allowPrivateUrls || ctx.options.loopbackOnly,
    loopbackOnly: ctx.options.loopbackOnly,
    chromePath: ctx.options.chromePath,
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

/**
 * The report's `ai`: the client's counts and notes, the stages' records, the model's labels and
 * the strings written into the site model (extract) and the plan.
 */
function aiReport(
  ai: AiClient,
  record: AiRecord | undefined,
  model: SiteModel,
  plan: SitePlan,
): SiteliftReport['ai'] {
  const labels = [...(model.aiUnderstood?.labels ?? []), ...(record?.labels ?? [])];
  return {
    ...ai.summary(),
    patches: [...(record?.patches ?? [])],
    written: [
      ...(model.aiUnderstood?.written ?? []),
      ...(plan.aiWritten ?? []),
      ...(record?.written ?? []),
    ],
    ...(labels.length > 0 ? { labels: [...labels] } : {}),
  };
}

/** A logger for the repair loop's own builds and verifies: their lines as DEBUG, no progress. */
function quiet(logger: EnginePorts['logger']): EnginePorts['logger'] {
  return { log: (entry) => logger.log({ ...entry, level: 'DEBUG' }) };
}

/** The real pipeline, walked in STAGES order. */
export const DEFAULT_PIPELINE: PipelineTable = {
  fetch: {
    name: 'fetch',
    label: 'Reading the site',
    outputSchema: rawSiteSchema,
    run: (_input, { options, ports }) =>
      fetchSite(
        options.url,
        {
          chromePath: options.chromePath,
          ...options.fetchOptions,
          maxPages: options.maxPages,
          include: options.include,
          exclude: options.exclude,
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
    // With a model (task `understand`), it labels what the rules were unsure of (ai/understand.ts).
    run: async ({ fetch }, { ports, ai }) => {
      const model = extractSite(fetch, { logger: ports.logger });
      return ai?.allows('understand') === true ? understandSite(fetch, model, ai) : model;
    },
  },
  plan: {
    name: 'plan',
    label: 'Planning routes',
    outputSchema: sitePlanSchema,
    run: async ({ fetch, extract }, { options, designer, ai, ports }) => {
      // planSite applies the offline design; a Designer given with the input replaces it, else the
      // model's (issue 25) when one is configured and its design task is on.
      const planned = planSite(extract, {
        strategy: options.strategy,
        unbuiltLinks: options.unbuiltLinks,
      });
      const chosen =
        designer ??
        (ai?.allows('design') === true
          ? createAiDesigner(ai, homeScreenshot(fetch, extract))
          : undefined);
      let plan = planned;
      if (chosen !== undefined) {
        ports.logger.log({
          level: 'INFO',
          message: `Designer ${chosen.name} is designing the site`,
        });
        plan = await designSite(extract, planned, chosen);
      }
      // What the site lacks (descriptions, alt texts), written by the model where the original has none.
      return ai === undefined ? plan : writeMissing(fetch, extract, plan, ai);
    },
  },
  optimize: {
    name: 'optimize',
    label: 'Optimising images',
    outputSchema: sitePlanSchema,
    run: async ({ plan }, { ports }) =>
      (await optimizeImages(plan, { logger: ports.logger, signal: ports.signal })).plan,
  },
  generate: {
    name: 'generate',
    label: 'Generating the project',
    outputSchema: fileTreeSchema,
    run: ({ optimize }, { options, ports }) =>
      generateProject(optimize, {
        logger: ports.logger,
        ...(options.projectName === undefined ? {} : { projectName: options.projectName }),
      }),
  },
  verify: {
    name: 'verify',
    label: 'Building and verifying',
    outputSchema: verifyReportSchema,
    // Screenshots leave verify as WebP (decision record 039): the report, the zip and the server's
    // artifacts carry a tenth of the PNGs' bytes.
    run: async (input, ctx) =>
      compressScreenshots(
        await verifyProject(
          input.generate,
          expectationsFor(input, ctx),
          ctx.ports,
          verifyOptionsFor(ctx),
        ),
      ),
    // A project that does not build is never delivered (the verify report is saved first).
    check: (verify) => {
      if (verify.build.ok) return;
      throw new AppError('ENGINE_BUILD_FAILED', {
        message: `The generated project does not build, so it was not delivered: ${(verify.build.error ?? 'unknown error').split('\n')[0]}`,
        details: { error: verify.build.error },
      });
    },
  },
  repair: {
    name: 'repair',
    label: 'Repairing with AI',
    outputSchema: repairOutputSchema,
    // Without a model (or with repair turned off) a pass-through: `{ patches: [], crops: {} }`.
    run: (input, ctx) =>
      runRepairStage(input, ctx, {
        generate: (plan) =>
          generateProject(plan, {
            logger: quiet(ctx.ports.logger),
            ...(ctx.options.projectName === undefined
              ? {}
              : { projectName: ctx.options.projectName }),
          }),
        verify: async (tree, routes) => {
          // The offline plan's expectations: the site's own text, whatever the patches changed.
          const expectations = expectationsFor(input, ctx);
          const all = routes === undefined;
          const pages = all
            ? expectations.pages
            : expectations.pages.filter((page) => routes.includes(page.route));
          const ports = all ? ctx.ports : { ...ctx.ports, logger: quiet(ctx.ports.logger) };
          return verifyProject(
            tree,
            {
              ...expectations,
              pages,
              lighthouse: all && expectations.lighthouse,
              requiredSnippets: all ? expectations.requiredSnippets : undefined,
            },
            ports,
            verifyOptionsFor(ctx),
          );
        },
        compress: compressScreenshots,
        routeSlug: toRouteSlug,
      }),
    // The repaired project builds (the loop keeps nothing that does not); checked as verify's.
    check: (repair) => {
      if (repair.repaired === undefined || repair.repaired.verify.build.ok) return;
      throw new AppError('ENGINE_BUILD_FAILED', {
        message: 'The repaired project does not build, so it was not delivered',
      });
    },
  },
  package: {
    name: 'package',
    label: 'Packaging',
    outputSchema: packageOutputSchema,
    // report.json and project.zip are written to workDir by the walker; no package.json.
    saved: false,
    run: async (received, ctx) => {
      // The repaired plan, project and report replace the offline ones when a patch was kept; the
      // crops of the AI's patches go with the screenshots (the report's "What the AI did").
      const { repair } = received;
      const verify = repair.repaired?.verify ?? received.verify;
      const input = {
        ...received,
        optimize: repair.repaired?.plan ?? received.optimize,
        generate: repair.repaired?.generate ?? received.generate,
        verify: { ...verify, screenshots: { ...verify.screenshots, ...repair.crops } },
      };
      const preview = await buildLivePreview(input.generate, ctx);
      // Each page's kind (issue 24), by its route in the plan.
      const kinds = new Map(
        input.optimize.pages.flatMap((page) => (page.kind ? [[page.route, page.kind.name]] : [])),
      );
      const pages = toVerifyExpectations(input.extract, input.optimize).pages.map(
        ({ url, route, title }) => {
          const kind = kinds.get(route);
          return kind === undefined ? { url, route, title } : { url, route, title, kind };
        },
      );
      const report = toSiteliftReport({
        sourceUrl: input.fetch.startUrl,
        strategy: ctx.options.strategy,
        pages,
        verify: input.verify,
        notCarried: listNotCarried(input.extract, input.optimize),
        notRead: input.fetch.notRead,
        linksToOriginal: input.optimize.linksToOriginal ?? [],
        timings: { ...ctx.timings },
      });
      if (ctx.ai !== undefined) {
        const ai = aiReport(ctx.ai, ctx.aiRecord, input.extract, input.optimize);
        // The repair stage's patches, from its output (saved, so a resumed run still reports them).
        report.ai = ai === undefined ? ai : { ...ai, patches: [...ai.patches, ...repair.patches] };
      }
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
