import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  aiUsageOfFailure,
  priceFor,
  type FailedRunAiUsage,
  runPipeline as engineRunPipeline,
  STAGE_LABELS,
  SYSTEM_CLOCK,
  type LogEvent,
  type PipelineInput,
  type PipelineResult,
  type ProgressEvent,
  type StageName,
} from '@sitelift/engine';
import { isAppError } from '@sitelift/shared/error-codes';
import type { AiRunConfigInput } from '@sitelift/shared/schemas/ai';
import type { Logger } from 'pino';
import { ARTIFACT_NAMES, type ArtifactStore } from '../artifacts/artifact-store';
import type { AiConfig, JobsConfig } from '../config';
import type { TokenCipher } from '../github/token-crypto';
import { assertPublicBaseUrl } from '../http/routes/ai-settings.routes';
import { resolveJobModel } from '../services/ai-settings';
import type { AppDb } from '../db/database';
import {
  addJobAiUsage,
  appendJobLogs,
  appendJobLogsUnleased,
  claimJobLease,
  endJob,
  findJobById,
  type JobAiUsage,
  listRecentJobTimings,
  recordJobProgress,
  renewJobLease,
  requeueJob,
  type JobRecord,
} from '../db/jobs.repository';
import { findProjectById, updateProjectFields } from '../db/projects.repository';
import type { JobProgress, StoredReportSummary } from '../db/schema';
import { failJobAndRefund } from '../services/job-outcomes';
import { pageLimitForUser } from '../services/page-limit';
import { toJobFailure } from './job-failure';
import { toExpectedStageSeconds, toOverallProgress } from './overall-progress';
import { modernizePayloadSchema, type JobQueue } from './queue';
import { settleReferralCredit } from '../billing/referral-credits';
import { finishLighthouse } from './measure-lighthouse.job';

/** Progress within a stage is saved (and sent to the dashboard) at most this often. */
const PROGRESS_INTERVAL_MS = 1000;

/** The engine entry the worker calls (the real runPipeline; replaceable only by the API bench). */
export type RunPipeline = (
  input: PipelineInput,
  ports: Parameters<typeof engineRunPipeline>[1],
) => Promise<PipelineResult>;

/** What running one modernization needs. */
export interface ModernizeJobDeps {
  db: AppDb;
  artifacts: ArtifactStore;
  queue: JobQueue;
  jobs: JobsConfig;
  /** This worker's id (the lease owner). */
  workerId: string;
  /** Folder for the engine's saved stage outputs: a retried attempt resumes from them. */
  workRoot: string;
  allowPrivateUrls: boolean;
  /** CHROME_PATH, or undefined to find a browser. */
  chromePath: string | undefined;
  logger: Logger;
  runPipeline?: RunPipeline;
  /** Extra engine input (tests and the bench: loopbackOnly, fetchOptions). */
  engineOptions?: Partial<PipelineInput>;
  /** Models (issue 25): the settings, the cipher of users' keys and the answer cache's folder. */
  ai?: ModernizeAiDeps;
  /** Aborted when the worker stops (shutdown) or is killed (tests). */
  workerSignal: AbortSignal;
  /** True once the worker is killed: it then writes nothing more (it simulates a dead process). */
  isKilled(): boolean;
}

/** What a job needs to call a model (issue 25). */
export interface ModernizeAiDeps {
  config: AiConfig;
  cipher: TokenCipher;
  /** The answer cache (by input hash), shared by the jobs of this data dir. */
  cacheDir: string;
}

const PROCESSING_STAGES = new Set<StageName>(['fetch', 'extract']);

/**
 * The engine's `ai` input for a job of `userId`, or undefined to run offline: the user's own model,
 * else the operator's default, within the job's cap and what is left of the month. Each reason to run
 * without the model (none configured stays silent) is a line in the job's log. Never throws: a
 * problem with the model never fails a job.
 */
async function resolveJobAi(
  deps: ModernizeJobDeps,
  userId: string,
  log: (level: string, message: string) => void,
): Promise<AiRunConfigInput | undefined> {
  const ai = deps.ai;
  if (!ai) return undefined;
  try {
    const resolved = await resolveJobModel(
      deps.db,
      ai.cipher,
      ai.config,
      userId,
      new Date(),
      priceFor,
    );
    if (resolved.kind === 'offline') {
      if (resolved.reason) log('WARNING', resolved.reason);
      return undefined;
    }
    const { settings, source } = resolved;
    // A user's own base URL is checked again now: the name may resolve elsewhere than when saved.
    if (source === 'own' && settings.baseUrl) {
      await assertPublicBaseUrl(settings.baseUrl, deps.allowPrivateUrls);
    }
    log(
      'INFO',
      `AI: ${settings.provider} / ${settings.model} (${source === 'own' ? 'your own model' : 'the server default'}), up to ${resolved.maxTokens.toLocaleString('en-US')} tokens`,
    );
    return {
      provider: settings.provider,
      model: settings.model,
      apiKey: settings.apiKey,
      baseUrl: settings.baseUrl,
      maxTokens: resolved.maxTokens,
      ...(resolved.price ? { price: resolved.price } : {}),
      cacheDir: ai.cacheDir,
      guarded: source === 'own',
    };
  } catch (error) {
    const reason = isAppError(error) ? error.message : 'its settings could not be read';
    log('WARNING', `AI: the rebuild runs without the model (${reason})`);
    return undefined;
  }
}

/** A run's model counts (the report's `ai`, or those a failed run was marked with) for the job row. */
function toJobAiUsage(ai: FailedRunAiUsage): JobAiUsage {
  return {
    provider: ai.provider,
    model: ai.model,
    tokensIn: ai.tokens_in,
    tokensOut: ai.tokens_out,
    costUsd: ai.cost_usd,
  };
}

/** The log line that says what a run spent on the model. */
function aiUsageLine(usage: JobAiUsage): string {
  return `AI: ${usage.tokensIn.toLocaleString('en-US')} tokens in, ${usage.tokensOut.toLocaleString('en-US')} out${usage.costUsd === null ? '' : `, about $${usage.costUsd.toFixed(4)}`}`;
}

/** What the run's report says the model spent, for the job row and the project card. */
function toAiUsage(
  result: PipelineResult,
): { usage: JobAiUsage; summary: StoredReportSummary['ai'] } | undefined {
  const ai = result.report.ai;
  if (!ai) return undefined;
  return {
    usage: toJobAiUsage(ai),
    summary: {
      provider: ai.provider,
      model: ai.model,
      tokens_in: ai.tokens_in,
      tokens_out: ai.tokens_out,
      cost_usd: ai.cost_usd,
      patches_kept: ai.patches.filter((patch) => patch.kept).length,
      patches_total: ai.patches.length,
    },
  };
}

/**
 * The project status of spec §4 while a stage runs: processing (fetch, extract), generating (the rest:
 * plan, optimize, generate, verify, package).
 */
export function projectStatusForStage(stage: StageName): 'processing' | 'generating' {
  return PROCESSING_STAGES.has(stage) ? 'processing' : 'generating';
}

/**
 * Batches log lines: one INSERT and one NOTIFY per batch (at most every 100 ms or 100 lines), in
 * order, and only while this worker holds the lease. Project status changes go through the same chain
 * so that they are ordered with the lines.
 */
class JobLogWriter {
  private pending: { level: string; message: string; createdAt: Date }[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: ModernizeJobDeps,
    private readonly jobId: string,
  ) {}

  push(level: string, message: string): void {
    if (this.deps.isKilled()) return;
    this.pending.push({ level, message, createdAt: new Date() });
    if (this.pending.length >= 100) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), 100);
  }

  /** Runs `task` after the lines pushed so far are written. */
  then(task: () => Promise<unknown>): Promise<void> {
    void this.flush();
    this.chain = this.chain.then(async () => {
      if (!this.deps.isKilled()) await task();
    });
    return this.chain.catch((error: unknown) => {
      this.deps.logger.error({ err: error, jobId: this.jobId }, 'job bookkeeping failed');
    });
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const lines = this.pending;
    this.pending = [];
    if (lines.length > 0) {
      this.chain = this.chain.then(async () => {
        if (this.deps.isKilled()) return;
        await appendJobLogs(this.deps.db, this.jobId, this.deps.workerId, lines);
      });
    }
    return this.chain.catch((error: unknown) => {
      this.deps.logger.error({ err: error, jobId: this.jobId }, 'could not write job logs');
    });
  }
}

function toSummary(result: PipelineResult, files: Map<string, Uint8Array>): StoredReportSummary {
  return {
    pages: result.report.pages.length,
    pages_found: result.report.pages.length + (result.report.not_rebuilt?.length ?? 0),
    routes: result.report.pages.map((page) => page.route),
    text_coverage: result.report.verification.text_coverage,
    build_ok: result.report.verification.build.ok,
    not_carried: result.report.not_carried.length,
    ...(result.report.lighthouse
      ? {
          lighthouse: {
            before: { ...result.report.lighthouse.before } as unknown as Record<string, number>,
            after: { ...result.report.lighthouse.after } as unknown as Record<string, number>,
          },
        }
      : {}),
    ...(result.report.fidelity ? { fidelity: { ...result.report.fidelity.overall } } : {}),
    screenshots: [...files.keys()]
      .filter((name) => name.startsWith(`${ARTIFACT_NAMES.screenshotsDir}/`))
      .map((name) => name.slice(ARTIFACT_NAMES.screenshotsDir.length + 1))
      .sort(),
    preview: files.has(`${ARTIFACT_NAMES.distDir}/index.html`),
  };
}

/** The artifacts of a finished run: zip, report, screenshots and the built site. */
function collectArtifacts(result: PipelineResult): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  files.set(ARTIFACT_NAMES.zip, result.archive.zip);
  files.set(ARTIFACT_NAMES.report, new TextEncoder().encode(JSON.stringify(result.report)));
  for (const [name, bytes] of Object.entries(result.verify.screenshots)) {
    files.set(`${ARTIFACT_NAMES.screenshotsDir}/${name}`, bytes);
  }
  // The build for /preview/<id>/ when the engine made one (links, assets and routes under the base),
  // else verify's build for '/' (the preview route then rebases its HTML).
  const dist = result.preview ?? result.verify.dist;
  if (dist) {
    for (const [name, content] of Object.entries(dist.files)) {
      files.set(
        `${ARTIFACT_NAMES.distDir}/${name}`,
        typeof content === 'string' ? new TextEncoder().encode(content) : content,
      );
    }
  }
  return files;
}

/**
 * Queues the Lighthouse measurement of a delivered job (decision record 042). When the queue cannot
 * take it, the wait ends at once as failed: the project must not show "measuring" for ever.
 */
async function sendLighthouse(deps: ModernizeJobDeps, job: JobRecord): Promise<void> {
  const payload = { jobId: job.id, projectId: job.projectId };
  try {
    await deps.queue.enqueueLighthouse(payload);
  } catch (error) {
    deps.logger.error({ err: error, jobId: job.id }, 'could not queue Lighthouse');
    await finishLighthouse(deps.db, payload, undefined).catch(() => {});
  }
}

function formatPercent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/**
 * Runs one queue message: takes the job's lease (or does nothing when the job already ended or another
 * live worker holds it), runs the engine with a heartbeat, stores the artifacts and ends the job —
 * COMPLETED, back to QUEUED for another attempt after a passing error, or FAILED with its credit back.
 * Never throws for the job's own failures: the jobs row, not pg-boss, keeps the attempts.
 */
export async function runModernizeJob(deps: ModernizeJobDeps, data: unknown): Promise<void> {
  const parsed = modernizePayloadSchema.safeParse(data);
  if (!parsed.success) {
    deps.logger.error({ data }, 'ignoring a queue message with an invalid payload');
    return;
  }
  const { jobId } = parsed.data;
  const { db, jobs: jobsConfig, workerId } = deps;
  const existing = await findJobById(db, jobId);
  if (!existing || existing.status === 'COMPLETED' || existing.status === 'FAILED') return;

  const job = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    const claimed = await claimJobLease(tx, jobId, workerId, jobsConfig.leaseMs);
    if (!claimed) return null;
    if (claimed.attempts > claimed.maxAttempts) {
      // Delivered again after its last attempt (its workers kept dying): it ends here.
      await appendJobLogsUnleased(tx, jobId, [
        { level: 'ERROR', message: 'The job was interrupted too many times and has been stopped.' },
      ]);
      await failJobAndRefund(
        tx,
        jobId,
        { code: 'JOB_WORKER_LOST', message: 'The worker running this job stopped responding.' },
        workerId,
      );
      return null;
    }
    await updateProjectFields(tx, claimed.userId, claimed.projectId, { status: 'processing' });
    return claimed;
  });
  if (!job) return;
  await runClaimedJob(deps, job);
}

async function runClaimedJob(deps: ModernizeJobDeps, job: JobRecord): Promise<void> {
  const { db, jobs: jobsConfig, workerId, logger } = deps;
  const jobLogger = logger.child({
    jobId: job.id,
    projectId: job.projectId,
    attempt: job.attempts,
  });
  const writer = new JobLogWriter(deps, job.id);
  const controller = new AbortController();
  let lostLease = false;
  let timedOut = false;
  const onWorkerAbort = () => controller.abort();
  deps.workerSignal.addEventListener('abort', onWorkerAbort);
  const heartbeat = setInterval(
    () => {
      if (deps.isKilled()) return;
      renewJobLease(db, job.id, workerId, jobsConfig.leaseMs)
        .then((held) => {
          if (!held && !controller.signal.aborted) {
            lostLease = true;
            controller.abort();
          }
        })
        .catch((error: unknown) => jobLogger.warn({ err: error }, 'lease renewal failed'));
    },
    Math.max(200, Math.floor(jobsConfig.leaseMs / 3)),
  );
  const timeout = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, jobsConfig.timeoutMs);
  const workDir = path.join(deps.workRoot, job.id);
  let ended = false;

  try {
    const project = await findProjectById(db, job.projectId);
    if (!project) return;
    writer.push(
      'INFO',
      `Job started (attempt ${job.attempts} of ${job.maxAttempts}): modernizing ${project.sourceUrl} with ${project.modernizationStrategy}`,
    );
    const maxPages = await pageLimitForUser(db, project.userId, jobsConfig.maxPages);
    writer.push('INFO', `Rebuilding up to ${maxPages} pages (the limit of your plan)`);
    const ai = await resolveJobAi(deps, project.userId, (level, message) =>
      writer.push(level, message),
    );
    let currentStatus = 'processing';
    // One bar for the whole job (issue 22): stages weighted by how long they took in recent jobs.
    const expectedSeconds = toExpectedStageSeconds(await listRecentJobTimings(db).catch(() => []));
    const startedAt = Date.now();
    let overallSoFar = 0;
    // The card's stage and progress bar (issue 15 item 1): saved when the stage changes, when it
    // finishes, and otherwise at most once per PROGRESS_INTERVAL_MS.
    let lastProgress: { stage: string; at: number } | undefined;
    const reportProgress = (event: ProgressEvent) => {
      const now = Date.now();
      const isNewStage = lastProgress?.stage !== event.stage;
      const isDone = event.total > 0 && event.done >= event.total;
      if (!isNewStage && !isDone && now - (lastProgress?.at ?? 0) < PROGRESS_INTERVAL_MS) return;
      lastProgress = { stage: event.stage, at: now };
      const overall = toOverallProgress(event, expectedSeconds, (now - startedAt) / 1000);
      if (overall !== undefined) overallSoFar = Math.max(overallSoFar, overall.overall);
      const progress: JobProgress = {
        stage: event.stage,
        label: event.label ?? STAGE_LABELS[event.stage],
        done: Math.max(0, Math.floor(event.done)),
        total: Math.max(0, Math.floor(event.total)),
        ...(overall === undefined
          ? {}
          : {
              step: overall.step,
              steps: overall.steps,
              overall: Math.round(overallSoFar * 1000) / 1000,
              remainingSeconds: Math.round(overall.remainingSeconds),
            }),
      };
      void writer.then(() => recordJobProgress(db, job, progress));
    };
    const runPipeline = deps.runPipeline ?? engineRunPipeline;
    const result = await runPipeline(
      {
        url: project.sourceUrl,
        strategy: project.modernizationStrategy,
        maxPages,
        // The pages the user chose on the create form (issue 24).
        include: project.includePaths,
        exclude: project.excludePaths,
        unbuiltLinks: project.unbuiltLinks,
        // Lighthouse runs after delivery, in a queue of its own (decision record 042).
        lighthouse: false,
        allowPrivateUrls: deps.allowPrivateUrls,
        screenshots: jobsConfig.screenshots,
        workDir,
        resume: true,
        chromePath: deps.chromePath,
        // The live preview is served at /preview/<projectId>/: the engine builds a dist for that base.
        previewBase: `/preview/${job.projectId}/`,
        // The zip unpacks into one folder named after the project (issue 15 item 7).
        archiveFolder: project.name,
        // The project's name names the package and its README (engine decision record 040).
        projectName: project.name,
        // The model (issue 25), when one is configured and the month's budget allows; whether it
        // may write what the site lacks is the project's choice.
        ...(ai ? { ai: { ...ai, additions: project.aiAdditions } } : {}),
        ...deps.engineOptions,
      },
      {
        clock: SYSTEM_CLOCK,
        signal: controller.signal,
        logger: {
          log: (event: LogEvent) => writer.push(event.level, event.message),
          progress: (event: ProgressEvent) => {
            reportProgress(event);
            const status = projectStatusForStage(event.stage);
            if (status === currentStatus) return;
            currentStatus = status;
            void writer.then(() => updateProjectFields(db, job.userId, job.projectId, { status }));
          },
        },
      },
    );
    if (controller.signal.aborted) throw new Error('aborted');
    const files = collectArtifacts(result);
    await deps.artifacts.replaceProjectArtifacts(job.projectId, files);
    writer.push(
      'INFO',
      `Modernization completed: ${result.summary.pages} page${result.summary.pages === 1 ? '' : 's'}, text coverage ${formatPercent(result.summary.textCoverage)}, build ok. The project is ready to download.`,
    );
    const aiUsage = toAiUsage(result);
    if (aiUsage) {
      writer.push('INFO', aiUsageLine(aiUsage.usage));
    }
    await writer.flush();
    if (deps.isKilled()) return;
    // The project is delivered now; Lighthouse of a report that has a start page follows.
    const measuresLighthouse = jobsConfig.lighthouse && result.report.pages.length > 0;
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as AppDb;
      const completed = await endJob(
        tx,
        job.id,
        {
          status: 'COMPLETED',
          timings: result.timings as Record<string, number>,
          ...(aiUsage ? { ai: aiUsage.usage } : {}),
        },
        workerId,
      );
      if (!completed) return;
      ended = true;
      const summary = {
        ...toSummary(result, files),
        ...(aiUsage ? { ai: aiUsage.summary } : {}),
      };
      await updateProjectFields(tx, job.userId, job.projectId, {
        status: 'completed',
        generatedCodeUrl: `/api/projects/${job.projectId}/download`,
        reportSummary: measuresLighthouse
          ? { ...summary, lighthouse_status: 'measuring' }
          : summary,
      });
      // A referred account's first completed project earns its referrer's credit (decision 036).
      await settleReferralCredit(tx, job.userId, new Date());
    });
    if (ended && measuresLighthouse) await sendLighthouse(deps, job);
  } catch (error) {
    // What the model cost before the failure counts against the month's budget all the same.
    const failedAi = aiUsageOfFailure(error);
    const spent = failedAi === undefined ? undefined : toJobAiUsage(failedAi);
    if (spent) writer.push('INFO', aiUsageLine(spent));
    await writer.flush();
    if (deps.isKilled() || lostLease) {
      jobLogger.info('attempt abandoned (lease lost or worker stopped)');
      return;
    }
    const shuttingDown = deps.workerSignal.aborted && !timedOut;
    const described = toJobFailure(error, {
      timedOut,
      shuttingDown,
      timeoutMs: jobsConfig.timeoutMs,
    });
    const retry = described.retryable && job.attempts < job.maxAttempts;
    if (!isAppError(error) && !shuttingDown) jobLogger.error({ err: error }, 'attempt crashed');
    if (retry) {
      const delay = shuttingDown ? 0 : jobsConfig.retryDelaySeconds;
      const requeued = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as AppDb;
        await appendJobLogs(tx, job.id, workerId, [
          {
            level: 'WARNING',
            message: `Attempt ${job.attempts} of ${job.maxAttempts} failed: ${described.message}${delay > 0 ? ` Retrying in ${delay} s.` : ' Retrying.'}`,
            createdAt: new Date(),
          },
        ]);
        if (spent) await addJobAiUsage(tx, job.id, spent);
        const back = await requeueJob(tx, job.id, workerId, described);
        if (back) await updateProjectFields(tx, job.userId, job.projectId, { status: 'queued' });
        return back;
      });
      if (requeued) {
        await deps.queue.enqueue(
          { jobId: job.id, projectId: job.projectId },
          { startAfterSeconds: delay },
        );
      }
      return;
    }
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as AppDb;
      await appendJobLogs(tx, job.id, workerId, [
        {
          level: 'ERROR',
          message: `Modernization failed: ${described.message} (${described.code}). Your credit has been refunded.`,
          createdAt: new Date(),
        },
      ]);
      if (spent) await addJobAiUsage(tx, job.id, spent);
      const failed = await failJobAndRefund(tx, job.id, described, workerId);
      if (failed) ended = true;
    });
  } finally {
    clearInterval(heartbeat);
    clearTimeout(timeout);
    deps.workerSignal.removeEventListener('abort', onWorkerAbort);
    if (ended) await rm(workDir, { recursive: true, force: true }).catch(() => {});
  }
}
