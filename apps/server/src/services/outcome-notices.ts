import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  claimBatchMails,
  finishEndedBatches,
  listBatchSites,
  releaseBatchMail,
} from '../db/batches.repository';
import type { AppDb } from '../db/database';
import { users } from '../db/schema';
import { claimJobsToAnnounce } from '../db/webhooks.repository';
import { buildBatchOutcomeEmail } from '../mail/job-emails';
import type { Mailer } from '../mail/mailer';
import { emitWebhookEvent } from './webhooks.service';

/** What announcing outcomes needs. */
export interface OutcomeNoticeDeps {
  db: AppDb;
  /** The app's public origin (links in payloads and e-mails). */
  baseUrl: string;
  logger: Logger;
  /** Sends the batch e-mails; none without it. */
  mailer?: Mailer;
}

const CLAIM_LIMIT = 50;

/**
 * How long a batch's e-mail is tried while the mail server refuses it: at most `maxAttempts` sends,
 * waiting `firstDelayMs` after the first failure and twice as long after each next one (up to
 * `maxDelayMs`), and never after `maxAgeMs` from the batch's end. Then it is given up, logged.
 * With these numbers: twelve sends over about ten hours.
 */
export const BATCH_MAIL_RETRY = {
  maxAttempts: 12,
  firstDelayMs: 60_000,
  maxDelayMs: 2 * 3600_000,
  maxAgeMs: 24 * 3600_000,
} as const;

/** When a batch e-mail refused `attempts` times is tried next, or null once it is given up. */
export function nextBatchMailAttempt(
  attempts: number,
  finishedAt: Date | null,
  now: Date,
): Date | null {
  if (attempts >= BATCH_MAIL_RETRY.maxAttempts) return null;
  const delay = Math.min(
    BATCH_MAIL_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1),
    BATCH_MAIL_RETRY.maxDelayMs,
  );
  const retryAt = new Date(now.getTime() + delay);
  const deadline = (finishedAt ?? now).getTime() + BATCH_MAIL_RETRY.maxAgeMs;
  return retryAt.getTime() > deadline ? null : retryAt;
}

/**
 * Queues project.completed / project.failed for every ended job not announced yet, in the
 * transaction that claims it (an event is queued exactly when its claim commits). Returns the count
 * of jobs announced.
 */
async function announceEndedJobs(deps: OutcomeNoticeDeps): Promise<number> {
  let announced = 0;
  for (;;) {
    const count = await deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as AppDb;
      const claimed = await claimJobsToAnnounce(tx, CLAIM_LIMIT);
      for (const job of claimed) {
        if (!job.project) continue;
        const completed = job.status === 'COMPLETED';
        const summary = job.project.reportSummary;
        await emitWebhookEvent(tx, job.userId, completed ? 'project.completed' : 'project.failed', {
          project_id: job.projectId,
          job_id: job.id,
          batch_id: job.project.batchId,
          name: job.project.name,
          source_url: job.project.sourceUrl,
          status: completed ? 'completed' : 'failed',
          pages: completed ? (summary?.pages ?? null) : null,
          text_coverage: completed ? (summary?.text_coverage ?? null) : null,
          error: completed
            ? null
            : { code: job.errorCode ?? 'JOB_FAILED', message: job.errorMessage ?? '' },
          finished_at: job.finishedAt ? job.finishedAt.toISOString() : null,
          report_url: `${deps.baseUrl}/project/${job.projectId}/report`,
          download_url: completed ? `${deps.baseUrl}/api/projects/${job.projectId}/download` : null,
        });
      }
      return claimed.length;
    });
    announced += count;
    if (count < CLAIM_LIMIT) return announced;
  }
}

/**
 * Ends the batches whose every site has ended: batch.completed is queued in the same transaction,
 * and the batch is marked for its one e-mail.
 */
async function announceEndedBatches(deps: OutcomeNoticeDeps): Promise<number> {
  const { db } = deps;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    const batches = await finishEndedBatches(tx);
    for (const batch of batches) {
      const sites = await listBatchSites(tx, batch.userId, batch.id);
      await emitWebhookEvent(tx, batch.userId, 'batch.completed', {
        batch_id: batch.id,
        name: batch.name,
        sites: sites.length,
        completed: sites.filter((site) => site.status === 'completed').length,
        failed: sites.filter((site) => site.status === 'failed').length,
        rejected: batch.rejected.length,
        batch_url: `${deps.baseUrl}/batches/${batch.id}`,
        download_url: `${deps.baseUrl}/api/batches/${batch.id}/download`,
      });
    }
    return batches.length;
  });
}

/**
 * Sends the one e-mail of each ended batch (to users who keep project e-mails on). A send that
 * fails puts the batch back for a later sweep, a bounded number of times (BATCH_MAIL_RETRY).
 */
async function mailEndedBatches(deps: OutcomeNoticeDeps): Promise<number> {
  const { db, mailer } = deps;
  if (!mailer) return 0;
  let sent = 0;
  for (const batch of await claimBatchMails(db)) {
    const rows = await db
      .select({ email: users.email, notify: users.notifyJobOutcome })
      .from(users)
      .where(eq(users.id, batch.userId))
      .limit(1);
    const owner = rows[0];
    if (!owner?.notify) continue;
    const sites = await listBatchSites(db, batch.userId, batch.id);
    const failed = sites.filter((site) => site.status === 'failed');
    const content = buildBatchOutcomeEmail({
      batchName: batch.name,
      completed: sites.filter((site) => site.status === 'completed').length,
      failed: failed.length,
      failures: failed.map((site) => ({ sourceUrl: site.sourceUrl, reason: site.errorMessage })),
      batchUrl: `${deps.baseUrl}/batches/${batch.id}`,
      settingsUrl: `${deps.baseUrl}/profile/edit`,
    });
    try {
      await mailer.send({ to: owner.email, ...content });
      sent += 1;
    } catch (error) {
      const attempts = batch.mailAttempts;
      const retryAt = nextBatchMailAttempt(attempts, batch.finishedAt, new Date());
      if (retryAt) {
        deps.logger.warn(
          { err: error, batchId: batch.id, attempts, retryAt: retryAt.toISOString() },
          'batch e-mail could not be sent; trying again later',
        );
        await releaseBatchMail(db, batch.id, retryAt);
      } else {
        deps.logger.error(
          { err: error, batchId: batch.id, attempts },
          'batch e-mail could not be sent; given up',
        );
      }
    }
  }
  return sent;
}

/**
 * Announces what ended since the last call (issue 26): the webhooks of each ended job, then the end
 * of each batch whose sites have all ended (its webhook and its one e-mail). Workers call it after
 * each job and on every sweep; the claims make each notice go out once.
 */
export async function announceOutcomes(
  deps: OutcomeNoticeDeps,
): Promise<{ jobs: number; batches: number }> {
  const jobs = await announceEndedJobs(deps);
  const batches = await announceEndedBatches(deps);
  await mailEndedBatches(deps);
  return { jobs, batches };
}
