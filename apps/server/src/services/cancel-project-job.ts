import { AppError } from '@sitelift/shared/error-codes';
import type { Project } from '@sitelift/shared/schemas/project';
import type { AppDb } from '../db/database';
import { appendJobLogsUnleased } from '../db/jobs.repository';
import { findProjectForUser } from '../db/projects.repository';
import { failJobAndRefund } from './job-outcomes';
import { getProject, type ProjectServiceDeps } from './projects.service';

/** What a cancelled job's log and error say. */
export const CANCELLED_MESSAGE = 'Cancelled at your request. Your credit has been refunded.';

/**
 * Cancels the project's queued or running job (issue 26): the job ends FAILED with its credit back
 * (exactly once, like any failed job) and the project is `failed`; a worker running it sees its lease
 * gone at the next heartbeat and stops. 409 API_JOB_NOT_CANCELLABLE when no job is queued or running.
 */
export async function cancelProjectJob(
  deps: ProjectServiceDeps,
  userId: string,
  projectId: string,
): Promise<Project> {
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    const record = await findProjectForUser(tx, userId, projectId);
    if (!record) throw new AppError('API_PROJECT_NOT_FOUND');
    if (!record.jobId || (record.jobStatus !== 'QUEUED' && record.jobStatus !== 'RUNNING')) {
      throw new AppError('API_JOB_NOT_CANCELLABLE');
    }
    await appendJobLogsUnleased(tx, record.jobId, [
      { level: 'WARNING', message: CANCELLED_MESSAGE },
    ]);
    const ended = await failJobAndRefund(
      tx,
      record.jobId,
      { code: 'ENGINE_PIPELINE_CANCELLED', message: CANCELLED_MESSAGE },
      null,
    );
    // The job ended on its own between the read and the update.
    if (!ended) throw new AppError('API_JOB_NOT_CANCELLABLE');
  });
  return getProject(deps, userId, projectId);
}
