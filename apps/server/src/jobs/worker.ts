import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { findBrowser, formatBrowser, type PipelineInput } from '@sitelift/engine';
import type { Logger } from 'pino';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { Config } from '../config';
import type { AppDb, Database } from '../db/database';
import {
  appendJobLogsUnleased,
  findExpiredLeases,
  findJobById,
  findStaleQueuedJobs,
  requeueJob,
} from '../db/jobs.repository';
import { updateProjectFields } from '../db/projects.repository';
import { jobs as jobsTable } from '../db/schema';
import { createTokenCipher, resolveTokenKey } from '../github/token-crypto';
import { loadOrCreateAuthSecret } from '../lib/auth-secret';
import type { Mailer } from '../mail/mailer';
import { sendJobOutcomeMails } from '../services/job-outcome-mails';
import { failJobAndRefund, refundUnqueuedJob } from '../services/job-outcomes';
import { announceOutcomes } from '../services/outcome-notices';
import {
  startWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatchOptions,
} from './webhook-dispatcher';
import { runModernizeJob, type RunPipeline } from './modernize-site.job';
import {
  finishLighthouse,
  lighthousePayloadSchema,
  runLighthouseJob,
} from './measure-lighthouse.job';
import { removeExpiredExports, runExportJob } from './export-account.job';
import { pruneFinishedDeliveries } from '../db/webhooks.repository';
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@sitelift/shared/schemas/webhooks';
import {
  EXPORT_QUEUE,
  LIGHTHOUSE_DEAD_LETTER_QUEUE,
  LIGHTHOUSE_QUEUE,
  MODERNIZE_DEAD_LETTER_QUEUE,
  MODERNIZE_QUEUE,
  modernizePayloadSchema,
  type JobQueue,
} from './queue';
import { eq, sql } from 'drizzle-orm';
import {
  HOSTING_QUEUE,
  recoverLostHostingRuns,
  startHostingWorker,
} from '../hosting/deploy-site.job';

/** A running worker. */
export interface Worker {
  readonly id: string;
  /** Jobs running now. */
  readonly running: number;
  /** Runs one sweep now (expired leases, lost messages); tests call it instead of waiting. */
  sweep(): Promise<void>;
  /** Stops taking jobs; running attempts are stopped and put back in the queue. */
  stop(): Promise<void>;
  /** Simulates a crashed process: stops at once and writes nothing more (tests). */
  kill(): Promise<void>;
  /** The webhook deliveries this worker sends (issue 26). */
  readonly webhooks: WebhookDispatcher;
}

/** What a worker needs. */
export interface WorkerDeps {
  database: Database;
  config: Config;
  logger: Logger;
  queue: JobQueue;
  artifacts: ArtifactStore;
  runPipeline?: RunPipeline;
  engineOptions?: Partial<PipelineInput>;
  /** Sends the e-mail of each finished project (issue 22 item 4); none without it. */
  mailer?: Mailer;
  /** The auth secret the users' AI keys were encrypted under (default: AUTH_SECRET or DATA_DIR's). */
  authSecret?: string;
  /** Webhook delivery timing (tests shorten the retry delays and drive the clock). */
  webhooks?: Partial<WebhookDispatchOptions>;
}

const LOST_MESSAGE = 'The worker running this job stopped responding.';

/** Ends or requeues jobs whose lease expired: their worker died (or hangs). */
async function recoverExpiredLeases(deps: WorkerDeps, db: AppDb): Promise<void> {
  for (const expired of await findExpiredLeases(db)) {
    const requeued = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as AppDb;
      // Lock the row and check again: another worker's sweep may have handled it.
      const rows = await tx
        .select()
        .from(jobsTable)
        .where(eq(jobsTable.id, expired.id))
        .for('update');
      const job = rows[0];
      if (
        !job ||
        job.status !== 'RUNNING' ||
        !job.leaseExpiresAt ||
        job.leaseExpiresAt.getTime() > Date.now()
      ) {
        return false;
      }
      if (job.attempts >= job.maxAttempts) {
        await appendJobLogsUnleased(tx, job.id, [
          {
            level: 'ERROR',
            message: `${LOST_MESSAGE} No attempts left (${job.attempts} of ${job.maxAttempts}). Your credit has been refunded.`,
          },
        ]);
        await failJobAndRefund(
          tx,
          job.id,
          { code: 'JOB_WORKER_LOST', message: LOST_MESSAGE },
          null,
        );
        return false;
      }
      await appendJobLogsUnleased(tx, job.id, [
        {
          level: 'WARNING',
          message: `${LOST_MESSAGE} Retrying (attempt ${job.attempts + 1} of ${job.maxAttempts}).`,
        },
      ]);
      const back = await requeueJob(tx, job.id, null, {
        code: 'JOB_WORKER_LOST',
        message: LOST_MESSAGE,
      });
      if (back) await updateProjectFields(tx, job.userId, job.projectId, { status: 'queued' });
      return back !== null;
    });
    if (requeued) {
      await deps.queue.enqueue({ jobId: expired.id, projectId: expired.projectId });
    }
  }
}

/** Sends again the message of QUEUED jobs nobody picked up for a long time (a lost send). */
async function resendStaleQueued(deps: WorkerDeps, db: AppDb): Promise<void> {
  for (const job of await findStaleQueuedJobs(db, deps.config.jobs.staleQueuedMs)) {
    await db
      .update(jobsTable)
      .set({ updatedAt: sql`now()` })
      .where(eq(jobsTable.id, job.id));
    try {
      await deps.queue.enqueue({ jobId: job.id, projectId: job.projectId });
    } catch (error) {
      if (!deps.database.store.note(error)) throw error;
      // The store is full: the job cannot be queued, so it will never run. Its credit goes back.
      await refundUnqueuedJob(db, job.id);
    }
  }
}

/** A message in the dead-letter queue: every delivery expired. Ends its job FAILED (refunded). */
async function handleDeadLetter(db: AppDb, data: unknown): Promise<void> {
  const parsed = modernizePayloadSchema.safeParse(data);
  if (!parsed.success) return;
  const job = await findJobById(db, parsed.data.jobId);
  if (!job || job.status === 'COMPLETED' || job.status === 'FAILED') return;
  // A live lease means a worker still runs it (a later delivery): leave it to that worker.
  if (job.status === 'RUNNING' && job.leaseExpiresAt && job.leaseExpiresAt.getTime() > Date.now()) {
    return;
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    await appendJobLogsUnleased(tx, job.id, [
      {
        level: 'ERROR',
        message: `${LOST_MESSAGE} No attempts left. Your credit has been refunded.`,
      },
    ]);
    await failJobAndRefund(tx, job.id, { code: 'JOB_WORKER_LOST', message: LOST_MESSAGE }, null);
  });
}

/**
 * Names the browser jobs will use and warns about what weakens or breaks them: no sandbox (the
 * process runs as root, or the kernel denies user namespaces), a CHROME_PATH that is not a binary, no
 * browser at all. Finding it once here also unpacks the npm-shipped Chromium before the first job.
 */
async function logBrowser(chromePath: string | undefined, logger: Logger): Promise<void> {
  const { browser, warnings } = await findBrowser({ chromePath });
  if (browser !== undefined) {
    logger.info(
      {
        browser: browser.name,
        path: browser.path,
        source: browser.source,
        sandbox: browser.sandbox,
      },
      `Browser: ${formatBrowser(browser)}`,
    );
  }
  for (const warning of warnings) logger.warn(warning);
}

/**
 * Starts a worker: WORKER_CONCURRENCY pg-boss consumers of the modernize queue, one of the Lighthouse
 * queue, the dead-letter consumers, and a periodic sweep that recovers jobs whose worker died (expired leases) and resends lost
 * messages. Each job takes a lease renewed by a heartbeat, so two workers never run one job at once.
 */
export async function startWorker(deps: WorkerDeps): Promise<Worker> {
  const { database, config, logger, queue } = deps;
  const db = database.db;
  const id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const workerLogger = logger.child({ module: 'worker', workerId: id });
  const controller = new AbortController();
  let killed = false;
  let running = 0;
  const inFlight = new Set<Promise<void>>();
  const tokenCipher = createTokenCipher(
    resolveTokenKey(
      config.tokenKey,
      deps.authSecret ?? config.authSecret ?? loadOrCreateAuthSecret(config.dataDir),
    ),
  );
  // Webhook deliveries (issue 26): the worker drains the webhook_deliveries outbox.
  const webhooks = startWebhookDispatcher({
    db,
    cipher: tokenCipher,
    allowPrivateUrls: config.allowPrivateUrls,
    logger: workerLogger,
    options: deps.webhooks,
  });
  // Outcome e-mails and webhooks go out after each job this worker ends and on every sweep (jobs
  // ended elsewhere: expired leases, dead letters); the claims make each go out once.
  const mailing = new Set<Promise<void>>();
  const mailOutcomes = () => {
    const { mailer } = deps;
    if (killed) return;
    const task = (async () => {
      if (mailer) {
        await sendJobOutcomeMails({ db, mailer, baseUrl: config.baseUrl, logger: workerLogger });
      }
      await announceOutcomes({ db, baseUrl: config.baseUrl, logger: workerLogger, mailer });
      webhooks.wake();
    })()
      .catch((error: unknown) => workerLogger.error({ err: error }, 'project notices failed'))
      .finally(() => mailing.delete(task));
    mailing.add(task);
  };
  const jobDeps = {
    db,
    artifacts: deps.artifacts,
    queue,
    jobs: config.jobs,
    workerId: id,
    workRoot: path.join(config.dataDir, 'work'),
    allowPrivateUrls: config.allowPrivateUrls,
    chromePath: config.chromePath,
    logger: workerLogger,
    runPipeline: deps.runPipeline,
    engineOptions: deps.engineOptions,
    ai: {
      config: config.ai,
      cipher: tokenCipher,
      cacheDir: path.join(config.dataDir, 'ai-cache'),
    },
    workerSignal: controller.signal,
    isKilled: () => killed,
  };

  const workerIds: string[] = [];
  for (let index = 0; index < config.jobs.concurrency; index += 1) {
    workerIds.push(
      await queue.boss.work(
        MODERNIZE_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: config.jobs.pollingIntervalSeconds },
        async ([message]) => {
          if (!message || killed || controller.signal.aborted) return;
          running += 1;
          const task = runModernizeJob(jobDeps, message.data).finally(() => {
            running -= 1;
          });
          inFlight.add(task);
          try {
            await task;
          } finally {
            inFlight.delete(task);
            mailOutcomes();
          }
        },
      ),
    );
  }
  // Lighthouse after delivery (decision record 042): one consumer, so one measurement at a time per
  // worker (two at once break each other), beside its jobs.
  const lighthouseDeps = {
    db,
    artifacts: deps.artifacts,
    allowPrivateUrls: config.allowPrivateUrls,
    chromePath: config.chromePath,
    engineOptions: deps.engineOptions,
    logger: workerLogger,
    signal: controller.signal,
  };
  const lighthouseWorkerId = await queue.boss.work(
    LIGHTHOUSE_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: config.jobs.pollingIntervalSeconds },
    async ([message]) => {
      if (!message || killed || controller.signal.aborted) return;
      const task = runLighthouseJob(lighthouseDeps, message.data);
      inFlight.add(task);
      try {
        await task;
      } finally {
        inFlight.delete(task);
      }
    },
  );
  await queue.boss.work(
    LIGHTHOUSE_DEAD_LETTER_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: Math.max(config.jobs.pollingIntervalSeconds, 5) },
    async ([message]) => {
      if (!message || killed) return;
      const parsed = lighthousePayloadSchema.safeParse(message.data);
      if (parsed.success) await finishLighthouse(db, parsed.data, undefined);
    },
  );
  queue.onLighthouseEnqueued(() => queue.boss.notifyWorker(lighthouseWorkerId));
  // "Export my data" archives (issue 28): one at a time, beside the jobs.
  const exportDeps = {
    db,
    artifacts: deps.artifacts,
    mailer: deps.mailer,
    logger: workerLogger,
    baseUrl: config.baseUrl,
  };
  const exportWorkerId = await queue.boss.work(
    EXPORT_QUEUE,
    {
      batchSize: 1,
      pollingIntervalSeconds: Math.max(config.jobs.pollingIntervalSeconds, 2),
      includeMetadata: true,
    },
    async ([message]) => {
      if (!message || killed || controller.signal.aborted) return;
      const task = runExportJob(exportDeps, message.data, {
        isLastAttempt: message.retryCount >= message.retryLimit,
      });
      inFlight.add(task);
      try {
        await task;
      } finally {
        inFlight.delete(task);
      }
    },
  );
  queue.onExportEnqueued(() => queue.boss.notifyWorker(exportWorkerId));
  await queue.boss.work(
    MODERNIZE_DEAD_LETTER_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: Math.max(config.jobs.pollingIntervalSeconds, 5) },
    async ([message]) => {
      if (message && !killed) {
        await handleDeadLetter(db, message.data);
        mailOutcomes();
      }
    },
  );
  // Deploys to static hosts (issue 27): one at a time per worker, beside its jobs.
  const hostingWorker = await startHostingWorker(
    queue.boss,
    {
      db,
      artifacts: deps.artifacts,
      cipher: tokenCipher,
      config: config.hosting,
      logger: workerLogger,
    },
    { pollingIntervalSeconds: config.jobs.pollingIntervalSeconds },
  );
  // A job sent by this process is fetched at once rather than at the next poll.
  queue.onEnqueued(() => {
    for (const workerId of workerIds) queue.boss.notifyWorker(workerId);
  });

  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= (async () => {
      try {
        await recoverExpiredLeases(deps, db);
        await resendStaleQueued(deps, db);
        await recoverLostHostingRuns(db, workerLogger);
        mailOutcomes();
        // Data exports past their download window lose their archive and row (issue 28).
        await removeExpiredExports(exportDeps);
        // The delivery log keeps finished deliveries for a month (the webhooks screen says so).
        await pruneFinishedDeliveries(
          db,
          new Date(Date.now() - WEBHOOK_DELIVERY_RETENTION_DAYS * 24 * 3600_000),
        );
      } catch (error) {
        if (!killed) workerLogger.error({ err: error }, 'sweep failed');
      } finally {
        sweeping = undefined;
      }
    })();
    return sweeping;
  };
  const sweepTimer = setInterval(() => void sweep(), config.jobs.sweepIntervalMs);
  sweepTimer.unref();
  workerLogger.info({ concurrency: config.jobs.concurrency }, 'worker started');
  // In the background: unpacking the npm Chromium takes seconds, and start-up (signal handlers, the
  // first poll) must not wait for it; the first job awaits the same discovery.
  const browserLogged = logBrowser(config.chromePath, workerLogger).catch((error: unknown) =>
    workerLogger.error({ err: error }, 'browser discovery failed'),
  );

  const offWorkAll = async () => {
    for (const name of [
      MODERNIZE_QUEUE,
      MODERNIZE_DEAD_LETTER_QUEUE,
      LIGHTHOUSE_QUEUE,
      LIGHTHOUSE_DEAD_LETTER_QUEUE,
      HOSTING_QUEUE,
      EXPORT_QUEUE,
    ]) {
      await queue.boss.offWork(name).catch(() => {});
    }
  };

  let stopping: Promise<void> | undefined;
  return {
    id,
    webhooks,
    get running() {
      return running;
    },
    sweep,
    stop() {
      stopping ??= (async () => {
        clearInterval(sweepTimer);
        await offWorkAll();
        await hostingWorker.stop();
        controller.abort();
        await Promise.allSettled([...inFlight]);
        await sweeping;
        await Promise.allSettled([...mailing]);
        await webhooks.stop();
        await browserLogged;
        workerLogger.info('worker stopped');
      })();
      return stopping;
    },
    async kill() {
      killed = true;
      clearInterval(sweepTimer);
      void webhooks.stop();
      controller.abort();
      await offWorkAll();
    },
  };
}
