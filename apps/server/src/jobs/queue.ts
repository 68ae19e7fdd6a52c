import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { JobsConfig } from '../config';
import type { Database } from '../db/database';
import { lighthousePayloadSchema, type LighthousePayload } from './measure-lighthouse.job';

/** The pg-boss queue of modernization runs. */
export const MODERNIZE_QUEUE = 'modernize-site';
/** Where pg-boss puts a message whose last delivery expired (its worker died every time). */
export const MODERNIZE_DEAD_LETTER_QUEUE = 'modernize-site-dead';

/**
 * The queue of Lighthouse measurements of delivered projects (decision record 042): each worker takes
 * one at a time, after delivery, never holding a job up.
 */
export const LIGHTHOUSE_QUEUE = 'measure-lighthouse';
/** Where a Lighthouse message goes when every delivery failed or expired: its wait ends as failed. */
export const LIGHTHOUSE_DEAD_LETTER_QUEUE = 'measure-lighthouse-dead';

/** The queue of "Export my data" archives (issue 28): small, one at a time per worker. */
export const EXPORT_QUEUE = 'export-account';

/** The payload of an export message: which data_exports row to prepare. */
export const exportPayloadSchema = z.object({ exportId: z.uuid() });
export type ExportPayload = z.infer<typeof exportPayloadSchema>;

/** The payload of a queue message: which jobs row to run. Parsed with zod by the handler. */
export const modernizePayloadSchema = z.object({
  jobId: z.uuid(),
  projectId: z.uuid(),
});

/** A queue message's payload. */
export type ModernizePayload = z.infer<typeof modernizePayloadSchema>;

/** The queue as the API and the worker use it. */
export interface JobQueue {
  readonly boss: PgBoss;
  /** Sends a message for a jobs row (the row is the truth; duplicates are harmless). */
  enqueue(payload: ModernizePayload, options?: { startAfterSeconds?: number }): Promise<void>;
  /** Sends the Lighthouse measurement of a delivered job (the project row says it waits for it). */
  enqueueLighthouse(payload: LighthousePayload): Promise<void>;
  /** Sends the preparation of a data export (the row is the truth; duplicates are harmless). */
  enqueueExport(payload: ExportPayload): Promise<void>;
  /** The same as onEnqueued for export messages. */
  onExportEnqueued(listener: () => void): void;
  /** Called after a local enqueue so a worker in this process fetches at once instead of polling. */
  onEnqueued(listener: () => void): void;
  /** The same for Lighthouse messages. */
  onLighthouseEnqueued(listener: () => void): void;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the app's database (PostgreSQL directly; PGlite through its `db` adapter) and makes
 * sure both queues exist. `supervise` runs pg-boss's maintenance (expiry of messages whose worker
 * died → retry → dead letter): on in worker processes, off in web-only ones.
 */
export async function startJobQueue(options: {
  database: Database;
  jobs: JobsConfig;
  logger: Logger;
  supervise: boolean;
}): Promise<JobQueue> {
  const { database, jobs, logger } = options;
  const queueLogger = logger.child({ module: 'queue' });
  const boss = new PgBoss({
    ...database.queueConnection,
    ...(database.kind === 'postgres' ? { max: 4 } : {}),
    schema: 'pgboss',
    application_name: 'sitelift',
    supervise: options.supervise,
    schedule: false,
    migrate: true,
    superviseIntervalSeconds: 30,
    maintenanceIntervalSeconds: 120,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => queueLogger.error({ err: error }, 'queue error'));
  await boss.start();
  // A delivery that outlives the attempt's timeout (plus a margin) means its worker died: pg-boss
  // delivers it again, up to maxAttempts in all, then moves it to the dead-letter queue.
  const queueOptions = {
    retryLimit: Math.max(0, jobs.maxAttempts - 1),
    retryDelay: jobs.retryDelaySeconds,
    expireInSeconds: Math.ceil(jobs.timeoutMs / 1000) + 60,
    retentionSeconds: 7 * 24 * 3600,
    deleteAfterSeconds: 7 * 24 * 3600,
  };
  if (!(await boss.getQueue(MODERNIZE_DEAD_LETTER_QUEUE))) {
    await boss.createQueue(MODERNIZE_DEAD_LETTER_QUEUE, { policy: 'standard', retryLimit: 3 });
  }
  if (!(await boss.getQueue(MODERNIZE_QUEUE))) {
    await boss.createQueue(MODERNIZE_QUEUE, {
      policy: 'standard',
      deadLetter: MODERNIZE_DEAD_LETTER_QUEUE,
      ...queueOptions,
    });
  } else {
    await boss.updateQueue(MODERNIZE_QUEUE, {
      deadLetter: MODERNIZE_DEAD_LETTER_QUEUE,
      ...queueOptions,
    });
  }
  // Two runs of a few seconds each; a delivery not done in 5 minutes means its worker died.
  const lighthouseOptions = {
    retryLimit: 2,
    retryDelay: 10,
    expireInSeconds: 300,
    retentionSeconds: 24 * 3600,
    deleteAfterSeconds: 24 * 3600,
  };
  if (!(await boss.getQueue(LIGHTHOUSE_DEAD_LETTER_QUEUE))) {
    await boss.createQueue(LIGHTHOUSE_DEAD_LETTER_QUEUE, { policy: 'standard', retryLimit: 3 });
  }
  if (!(await boss.getQueue(LIGHTHOUSE_QUEUE))) {
    await boss.createQueue(LIGHTHOUSE_QUEUE, {
      policy: 'standard',
      deadLetter: LIGHTHOUSE_DEAD_LETTER_QUEUE,
      ...lighthouseOptions,
    });
  }
  if (!(await boss.getQueue(EXPORT_QUEUE))) {
    await boss.createQueue(EXPORT_QUEUE, {
      policy: 'standard',
      retryLimit: 2,
      retryDelay: 10,
      expireInSeconds: 900,
      retentionSeconds: 24 * 3600,
      deleteAfterSeconds: 24 * 3600,
    });
  }
  const exportListeners = new Set<() => void>();
  const listeners = new Set<() => void>();
  const lighthouseListeners = new Set<() => void>();
  let stopping: Promise<void> | undefined;
  return {
    boss,
    async enqueue(payload, sendOptions = {}) {
      await boss.send(MODERNIZE_QUEUE, modernizePayloadSchema.parse(payload), {
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
      if (!sendOptions.startAfterSeconds) for (const listener of listeners) listener();
    },
    async enqueueLighthouse(payload) {
      await boss.send(LIGHTHOUSE_QUEUE, lighthousePayloadSchema.parse(payload));
      for (const listener of lighthouseListeners) listener();
    },
    async enqueueExport(payload) {
      await boss.send(EXPORT_QUEUE, exportPayloadSchema.parse(payload));
      for (const listener of exportListeners) listener();
    },
    onExportEnqueued(listener) {
      exportListeners.add(listener);
    },
    onEnqueued(listener) {
      listeners.add(listener);
    },
    onLighthouseEnqueued(listener) {
      lighthouseListeners.add(listener);
    },
    stop() {
      stopping ??= boss.stop({ graceful: false, close: true, wait: true, timeout: 5000 });
      return stopping;
    },
  };
}
