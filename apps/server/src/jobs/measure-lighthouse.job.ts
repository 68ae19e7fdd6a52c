import { text } from 'node:stream/consumers';
import {
  findBrowser,
  measureLighthouse,
  type LighthouseScores,
  type PipelineInput,
} from '@sitelift/engine';
import { siteliftReportSchema } from '@sitelift/shared/schemas/report';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ARTIFACT_NAMES, type ArtifactStore } from '../artifacts/artifact-store';
import type { AppDb } from '../db/database';
import { appendJobLogsUnleased } from '../db/jobs.repository';
import { findProjectById, updateCompletedProjectSummary } from '../db/projects.repository';
import type { StoredReportSummary } from '../db/schema';
import { serveStoredDist } from './serve-stored-dist';

/** The payload of a Lighthouse message: the completed job whose rebuild is measured. */
export const lighthousePayloadSchema = z.object({
  jobId: z.uuid(),
  projectId: z.uuid(),
});

/** A Lighthouse message's payload. */
export type LighthousePayload = z.infer<typeof lighthousePayloadSchema>;

/** What measuring a delivered project needs. */
export interface LighthouseJobDeps {
  db: AppDb;
  artifacts: ArtifactStore;
  allowPrivateUrls: boolean;
  chromePath: string | undefined;
  /** Engine input of the worker's jobs (tests: loopbackOnly): the original is reached the same way. */
  engineOptions?: Partial<PipelineInput>;
  logger: Logger;
  /** Aborted when the worker stops: the measurement ends and its message is delivered again. */
  signal: AbortSignal;
}

const CATEGORY_LABELS: [keyof LighthouseScores, string][] = [
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['bestPractices', 'best practices'],
  ['seo', 'SEO'],
];

/** "performance 41 → 98, accessibility 70 → 100, ...". */
export function formatLighthouseChange(measured: {
  before: LighthouseScores;
  after: LighthouseScores;
}): string {
  return CATEGORY_LABELS.map(
    ([key, label]) => `${label} ${measured.before[key]} → ${measured.after[key]}`,
  ).join(', ');
}

/** The project measured by `payload`, when it still waits for these figures (else undefined). */
async function findWaitingProject(db: AppDb, payload: LighthousePayload) {
  const project = await findProjectById(db, payload.projectId);
  if (
    !project ||
    project.jobId !== payload.jobId ||
    project.status !== 'completed' ||
    project.reportSummary?.lighthouse_status !== 'measuring'
  ) {
    return undefined;
  }
  return { ...project, reportSummary: project.reportSummary };
}

/** The original's start page and the rebuild's route for it, from the stored report. */
async function readStartPage(artifacts: ArtifactStore, projectId: string) {
  const opened = await artifacts.open(projectId, ARTIFACT_NAMES.report);
  if (!opened) return undefined;
  const report = siteliftReportSchema.safeParse(JSON.parse(await text(opened.stream)));
  return report.success ? report.data.pages[0] : undefined;
}

/**
 * Ends the wait for a project's Lighthouse figures (decision record 042): stores them in its report
 * summary (the report route adds them to the report) or marks them failed, and says so in the job log.
 * Nothing is written when the project moved on meanwhile (a new run, a deletion).
 */
export async function finishLighthouse(
  db: AppDb,
  payload: LighthousePayload,
  measured: { before: LighthouseScores; after: LighthouseScores } | undefined,
): Promise<void> {
  const project = await findWaitingProject(db, payload);
  if (!project) return;
  const summary: StoredReportSummary = measured
    ? {
        ...project.reportSummary,
        lighthouse_status: 'done',
        lighthouse: {
          before: { ...measured.before } as unknown as Record<string, number>,
          after: { ...measured.after } as unknown as Record<string, number>,
        },
      }
    : { ...project.reportSummary, lighthouse_status: 'failed' };
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    const updated = await updateCompletedProjectSummary(tx, {
      userId: project.userId,
      projectId: project.id,
      jobId: payload.jobId,
      summary,
    });
    if (!updated) return;
    await appendJobLogsUnleased(tx, payload.jobId, [
      measured
        ? {
            level: 'INFO',
            message: `Lighthouse of the start page, before → after: ${formatLighthouseChange(measured)}.`,
          }
        : {
            level: 'WARNING',
            message:
              'Lighthouse could not be measured for this run. The project itself is not affected.',
          },
    ]);
  });
}

/**
 * Runs one Lighthouse message (decision record 042): the project was delivered when it was built and
 * verified; here the original's start page and the rebuild's (its stored build, served on loopback)
 * are measured one after the other, and the figures join the report. Throws only when the worker
 * stops (the message is then delivered again); every other failure ends the wait as failed.
 */
export async function runLighthouseJob(deps: LighthouseJobDeps, data: unknown): Promise<void> {
  const parsed = lighthousePayloadSchema.safeParse(data);
  if (!parsed.success) {
    deps.logger.error({ data }, 'ignoring a Lighthouse message with an invalid payload');
    return;
  }
  const payload = parsed.data;
  const { db, artifacts } = deps;
  if (!(await findWaitingProject(db, payload))) return;
  let logs = Promise.resolve();
  const log = (level: string, message: string) => {
    logs = logs
      .then(() => appendJobLogsUnleased(db, payload.jobId, [{ level, message }]))
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'could not write a job log line'),
      );
  };
  let measured: { before: LighthouseScores; after: LighthouseScores } | undefined;
  try {
    const start = await readStartPage(artifacts, payload.projectId);
    const { browser } = await findBrowser({ chromePath: deps.chromePath });
    if (start === undefined) {
      log('WARNING', 'Lighthouse did not run: the report names no start page.');
    } else if (browser === undefined) {
      log('WARNING', 'Lighthouse did not run: no browser is available on this worker.');
    } else {
      const dist = await serveStoredDist(artifacts, payload.projectId);
      try {
        measured = await measureLighthouse({
          originalUrl: start.url,
          rebuildUrl: new URL(start.route.replace(/^\/+/, ''), dist.baseUrl).href,
          rebuildLabel: start.route,
          originalGuard: {
            allowPrivateUrls: deps.engineOptions?.allowPrivateUrls ?? deps.allowPrivateUrls,
            loopbackOnly: deps.engineOptions?.loopbackOnly === true,
          },
          chromePath: deps.chromePath,
          signal: deps.signal,
          log,
        });
      } finally {
        await dist.close();
      }
    }
  } catch (error) {
    await logs;
    if (deps.signal.aborted) throw error;
    deps.logger.error({ err: error, jobId: payload.jobId }, 'Lighthouse measurement failed');
  }
  await logs;
  await finishLighthouse(db, payload, measured);
}
