import type { AppDb } from '../db/database';
import { bookLedgerEntry } from '../db/credits.repository';
import { appendJobLogsUnleased, endJob, type JobRecord } from '../db/jobs.repository';
import { updateProjectFields } from '../db/projects.repository';

/**
 * Ends a job FAILED and gives its credit back, in the caller's transaction: the refund's key
 * `refund:<jobId>` makes it happen exactly once, whoever ends the job (its worker, the sweep that finds
 * its worker dead, the dead-letter handler, a delete). Returns null when the job had already ended or
 * `owner` no longer holds it.
 */
export async function failJobAndRefund(
  tx: AppDb,
  jobId: string,
  error: { code: string; message: string },
  owner: string | null,
  options: { updateProject?: boolean; refundReason?: 'refund' | 'deletion_refund' } = {},
): Promise<JobRecord | null> {
  const job = await endJob(
    tx,
    jobId,
    { status: 'FAILED', errorCode: error.code, errorMessage: error.message },
    owner,
  );
  if (!job) return null;
  await bookLedgerEntry(tx, {
    userId: job.userId,
    idempotencyKey: `refund:${jobId}`,
    delta: 1,
    reason: options.refundReason ?? 'refund',
    projectId: job.projectId,
    jobId,
  });
  if (options.updateProject !== false) {
    await updateProjectFields(tx, job.userId, job.projectId, { status: 'failed' });
  }
  return job;
}

/**
 * Ends a QUEUED job that could not be put in the queue because the store is full (it would never
 * run): FAILED, with a log line and its credit back (issue 22).
 */
export async function refundUnqueuedJob(db: AppDb, jobId: string): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    await appendJobLogsUnleased(tx, jobId, [
      {
        level: 'ERROR',
        message: 'The job could not be queued: the storage is full. Your credit has been refunded.',
      },
    ]);
    await failJobAndRefund(
      tx,
      jobId,
      {
        code: 'API_STORE_UNAVAILABLE',
        message: 'The job could not be queued: the storage is full.',
      },
      null,
    );
  });
}
