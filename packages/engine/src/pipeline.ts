import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAppError } from '@sitelift/shared/error-codes';
import type { z } from 'zod';
import { createAiClient } from './ai/client';
import { attachAiUsage } from './ai/failed-run-usage';
import { guardedFetch } from './net/guarded-agent';
import type { SiteModel, SitePlan } from './model';
import {
  DEFAULT_PIPELINE,
  type PipelineStage,
  type PipelineTable,
  type StageContext,
  type StageOutputs,
} from './pipeline-stages';
import { pipelineInputSchema, type PipelineInput } from './pipeline-input';
import type { EnginePorts } from './ports';
import {
  STAGES,
  type Archive,
  type FileTree,
  type RawSite,
  type SiteliftReport,
  type StageName,
  type VerifyReport,
} from './types';

export {
  DEFAULT_PIPELINE,
  STAGE_LABELS,
  type PackageOutput,
  type PipelineStage,
  type PipelineTable,
  type StageContext,
  type StageInputs,
  type StageOutputs,
} from './pipeline-stages';
export { pipelineInputSchema, type PipelineInput, type PipelineOptions } from './pipeline-input';

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

/** A saved stage output read back: missing, not valid (and why), or valid. */
export type LoadedStageOutput =
  { status: 'missing' } | { status: 'invalid'; reason: string } | { status: 'ok'; value: unknown };

/**
 * Reads `<workDir>/<name>.json` and checks it with `schema`. A file that does not parse as JSON or
 * does not pass the schema is 'invalid' (with the reason), never an exception: the caller runs the
 * stage again.
 */
export async function loadStageOutput(
  workDir: string,
  name: string,
  schema: z.ZodType,
): Promise<LoadedStageOutput> {
  let text: string;
  try {
    text = await readFile(path.join(workDir, `${name}.json`), 'utf8');
  } catch {
    return { status: 'missing' };
  }
  let value: unknown;
  try {
    value = parseStageJson(text);
  } catch (error) {
    return { status: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')}: `;
    return { status: 'invalid', reason: `${where}${issue?.message ?? 'not valid'}` };
  }
  // The saved value itself, not the parse result: zod objects drop the keys they do not list.
  return { status: 'ok', value };
}

// ---------------------------------------------------------------------------------------------
// the pipeline

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
   * The verify stage's report when the repair stage replaced it (issue 25: a model's patch was
   * kept): the scores before the AI, for the bench to set beside `verify`'s.
   */
  beforeRepair?: VerifyReport;
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
 * Runs fetch → extract → plan → optimize → generate → verify → package for one URL by walking the
 * stage table (DEFAULT_PIPELINE, with `overrides` in place of any of its stages: the one seam that
 * replaces a stage, for tests and the CLI's): times each stage,
 * logs "Stage X started" / "Stage X done in N s", reports progress with the stage's label, checks
 * `ports.signal` between stages, and saves each stage's output to `workDir` when given. With
 * `resume`, the leading stages whose saved output passes their `outputSchema` are reused; one that
 * does not pass is logged (WARNING) and run again, and so is every stage after it. A project that
 * does not build is never delivered: that throws AppError ENGINE_BUILD_FAILED (after saving the
 * verify report).
 */
export async function runPipeline(
  input: PipelineInput,
  ports: EnginePorts,
  overrides: Partial<PipelineTable> = {},
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
  const table: PipelineTable = { ...DEFAULT_PIPELINE, ...overrides };
  // The run's one model client (issue 25); without options.ai no model is called. Its answers are
  // cached under workDir unless the run names a cache folder, so a resumed run repeats no call.
  const ai =
    options.ai === undefined
      ? undefined
      : createAiClient(
          options.ai.cacheDir === undefined && workDir !== undefined
            ? { ...options.ai, cacheDir: path.join(workDir, 'ai-cache') }
            : options.ai,
          {
            logger,
            ...(options.ai.guarded
              ? {
                  fetch: guardedFetch({
                    allowPrivateUrls: options.allowPrivateUrls,
                    loopbackOnly: options.loopbackOnly,
                  }),
                }
              : {}),
          },
        );
  const ctx: StageContext = {
    options,
    designer: input.designer,
    ...(ai === undefined ? {} : { ai, aiRecord: { patches: [], written: [], labels: [] } }),
    ports,
    timings,
    checkCancelled() {
      if (signal?.aborted === true) {
        logger.log({ level: 'WARNING', message: 'Modernization cancelled' });
        throw new AppError('ENGINE_PIPELINE_CANCELLED');
      }
    },
  };
  let resuming = workDir !== undefined && options.resume;

  /** Reuses the stage's saved output when it is valid (undefined when it must run). */
  async function reuse(stage: AnyStage): Promise<{ value: unknown } | undefined> {
    if (!resuming || workDir === undefined || stage.saved === false) return undefined;
    const loaded = await loadStageOutput(workDir, stage.name, stage.outputSchema);
    if (loaded.status === 'ok') return { value: loaded.value };
    if (loaded.status === 'invalid') {
      logger.log({
        level: 'WARNING',
        message: `Stage ${stage.name}: the saved ${stage.name}.json is not valid (${loaded.reason}); running the stage again`,
      });
    }
    // The stages after one that runs again read its new output: none of theirs is reused.
    resuming = false;
    return undefined;
  }

  /** Runs one stage (or reuses its saved output) with timing, log lines and coarse progress. */
  async function runStage(stage: AnyStage, stageInput: Partial<StageOutputs>): Promise<unknown> {
    const { name, label } = stage;
    ctx.checkCancelled();
    const reused = await reuse(stage);
    if (reused !== undefined) {
      logger.log({ level: 'INFO', message: `Stage ${name} reused from ${name}.json` });
      logger.progress?.({ stage: name, label, done: 1, total: 1 });
      timings[name] = 0;
      stage.check?.(reused.value);
      return reused.value;
    }
    logger.log({ level: 'INFO', message: `Stage ${name} started` });
    logger.progress?.({ stage: name, label, done: 0, total: 1 });
    const started = clock.now();
    let output: unknown;
    try {
      output = await stage.run(stageInput, ctx);
    } catch (error) {
      const ms = clock.now() - started;
      timings[name] = ms;
      const reason = isAppError(error)
        ? `${error.message} (${error.code})`
        : error instanceof Error
          ? error.message
          : String(error);
      logger.log({
        level: 'ERROR',
        message: `Stage ${name} failed after ${formatSeconds(ms)}: ${reason}`,
      });
      throw error;
    }
    const ms = clock.now() - started;
    timings[name] = ms;
    logger.progress?.({ stage: name, label, done: 1, total: 1 });
    logger.log({ level: 'INFO', message: `Stage ${name} done in ${formatSeconds(ms)}` });
    if (workDir !== undefined && stage.saved !== false)
      await saveStageOutput(workDir, name, output);
    stage.check?.(output);
    return output;
  }

  const outputs: Partial<StageOutputs> = {};
  try {
    for (const name of STAGES) {
      // Each stage reads only the outputs of the stages before it (StageInputs), all in `outputs`.
      (outputs as Record<StageName, unknown>)[name] = await runStage(
        table[name] as unknown as AnyStage,
        outputs,
      );
    }
  } catch (error) {
    // The tokens spent before the failure still count against the user's budget (aiUsageOfFailure).
    attachAiUsage(error, ai);
    throw error;
  }
  // The repair stage's plan, project and report, when it kept a patch, are the delivered ones.
  const { fetch: raw, repair } = outputs as StageOutputs;
  const plan = repair.repaired?.plan ?? (outputs as StageOutputs).optimize;
  const tree = repair.repaired?.generate ?? (outputs as StageOutputs).generate;
  const delivered = repair.repaired?.verify ?? (outputs as StageOutputs).verify;
  // The crops of the AI's patches are among the screenshots, as in the zip (the server keeps these).
  const verify =
    Object.keys(repair.crops).length === 0
      ? delivered
      : { ...delivered, screenshots: { ...delivered.screenshots, ...repair.crops } };
  const { archive, report, preview } = (outputs as StageOutputs).package;
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
    model: (outputs as StageOutputs).extract,
    plan,
    tree,
    timings,
    ...(preview === undefined ? {} : { preview }),
    ...(repair.repaired === undefined ? {} : { beforeRepair: (outputs as StageOutputs).verify }),
    summary: {
      pages: report.pages.length,
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

/** A stage with its input and output types erased, as the walker handles it. */
type AnyStage = PipelineStage<Partial<StageOutputs>, unknown>;
