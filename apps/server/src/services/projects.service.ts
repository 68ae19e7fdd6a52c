import { randomUUID } from 'node:crypto';
import { assertPublicUrl } from '@sitelift/engine';
import { AppError, isAppError } from '@sitelift/shared/error-codes';
import {
  PRICING_URL,
  type CreateProjectBody,
  type Project,
  type ProjectListFilter,
  type ProjectListResponse,
  type UpdateProjectBody,
} from '@sitelift/shared/schemas/project';
import type {
  ModernizationStrategy,
  UnbuiltLinks,
} from '@sitelift/shared/validation/create-project';
import type { Logger } from 'pino';
import type { ArtifactStore } from '../artifacts/artifact-store';
import {
  bookLedgerEntry,
  getCreditBalance,
  grantSignupCredit,
  keepProjectNameOnLedger,
  lockUserForCredits,
} from '../db/credits.repository';
import type { AppDb } from '../db/database';
import type { StoreHealth } from '../db/store-health';
import { appendJobLogsUnleased, insertJob } from '../db/jobs.repository';
import {
  decodeCursor,
  deleteProjectRow,
  encodeCursor,
  findProjectForUser,
  insertProject,
  listProjectsForUser,
  updateProjectFields,
} from '../db/projects.repository';
import { queueDeletedProjectSite } from '../hosting/deploy-site.job';
import type { JobQueue } from '../jobs/queue';
import { failJobAndRefund, refundUnqueuedJob } from './job-outcomes';
import { toProjectJson } from './project-json';
import { noteCreditsSpent } from './webhooks.service';

/** What the project use cases need. */
export interface ProjectServiceDeps {
  db: AppDb;
  artifacts: ArtifactStore;
  queue: JobQueue;
  allowPrivateUrls: boolean;
  maxAttempts: number;
  logger: Logger;
  /** Whether the database can write: new work is refused while it cannot. */
  store: StoreHealth;
}

/** The signed-in user as the services need it. */
export interface Caller {
  id: string;
  emailVerified: boolean;
}

const URL_CODES_REFUSED_EARLY = new Set([
  'ENGINE_FETCH_URL_REFUSED',
  'ENGINE_FETCH_URL_INVALID',
  'ENGINE_FETCH_SCHEME_UNSUPPORTED',
]);

/** The SSRF guard's scheme/address check before anything is queued (DNS failures are left to the job). */
async function checkSourceUrl(url: string, allowPrivateUrls: boolean): Promise<void> {
  if (allowPrivateUrls) return;
  try {
    await assertPublicUrl(url);
  } catch (error) {
    if (isAppError(error) && URL_CODES_REFUSED_EARLY.has(error.code)) throw error;
  }
}

function noCredits(): AppError {
  return new AppError('API_NO_CREDITS', { details: { pricing_url: PRICING_URL } });
}

/**
 * Takes one credit and creates a QUEUED job for the project inside `tx`; 402 without a credit. A
 * charge that brings the balance low queues the credits.low webhook (issue 26).
 */
export async function startJobInTransaction(
  tx: AppDb,
  deps: ProjectServiceDeps,
  userId: string,
  projectId: string,
  reason: 'project' | 'retry' | 'rerun',
): Promise<string> {
  await lockUserForCredits(tx, userId);
  // Accounts older than the ledger get their sign-up credit on first use (idempotent).
  await grantSignupCredit(tx, userId);
  if ((await getCreditBalance(tx, userId)) < 1) throw noCredits();
  const jobId = randomUUID();
  await insertJob(tx, { id: jobId, projectId, userId, maxAttempts: deps.maxAttempts });
  await bookLedgerEntry(tx, {
    userId,
    idempotencyKey: `job:${jobId}`,
    delta: -1,
    reason,
    projectId,
    jobId,
  });
  await noteCreditsSpent(tx, userId, 1);
  return jobId;
}

/**
 * Sends the queue message; a failure is logged (the worker's sweep sends it again later). When the
 * store cannot write (a full disk) the job would never run: it ends FAILED with its credit back and
 * the caller gets API_STORE_UNAVAILABLE.
 */
export async function enqueue(
  deps: ProjectServiceDeps,
  jobId: string,
  projectId: string,
): Promise<void> {
  try {
    await deps.queue.enqueue({ jobId, projectId });
  } catch (error) {
    if (!deps.store.note(error)) {
      deps.logger.error(
        { err: error, jobId },
        'could not enqueue the job; the sweep will resend it',
      );
      return;
    }
    deps.logger.error({ err: error, jobId }, 'the store is full: the job is refunded');
    await refundUnqueuedJob(deps.db, jobId).catch((refundError: unknown) =>
      deps.logger.error(
        { err: refundError, jobId },
        'the refund of a job that could not be queued failed; the sweep ends it later',
      ),
    );
    throw new AppError('API_STORE_UNAVAILABLE', { cause: error });
  }
}

/** Refuses new work while the store cannot write (measured, or a write that failed for lack of space). */
export async function assertStoreWritable(deps: ProjectServiceDeps): Promise<void> {
  if (!(await deps.store.check()).writable) throw new AppError('API_STORE_UNAVAILABLE');
}

/**
 * Runs the transaction that takes a credit; when it fails because the store is full, nothing was
 * written (it rolled back) and the caller gets API_STORE_UNAVAILABLE.
 */
export async function chargeInTransaction<T>(
  deps: ProjectServiceDeps,
  work: (tx: AppDb) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction((transaction) => work(transaction as unknown as AppDb));
  } catch (error) {
    if (deps.store.note(error)) throw new AppError('API_STORE_UNAVAILABLE', { cause: error });
    throw error;
  }
}

async function getOwnedProject(deps: ProjectServiceDeps, userId: string, projectId: string) {
  const record = await findProjectForUser(deps.db, userId, projectId);
  if (!record) throw new AppError('API_PROJECT_NOT_FOUND');
  return record;
}

/** POST /api/projects: verified e-mail, SSRF check, one credit, project + job in one transaction. */
export async function createProject(
  deps: ProjectServiceDeps,
  caller: Caller,
  body: {
    name: string;
    description?: string;
    sourceUrl: string;
    modernizationStrategy: ModernizationStrategy;
    includePaths?: string[];
    excludePaths?: string[];
    unbuiltLinks?: UnbuiltLinks;
    aiAdditions?: boolean;
  },
): Promise<Project> {
  if (!caller.emailVerified) throw new AppError('API_EMAIL_NOT_VERIFIED');
  await checkSourceUrl(body.sourceUrl, deps.allowPrivateUrls);
  await assertStoreWritable(deps);
  const projectId = randomUUID();
  const jobId = await chargeInTransaction(deps, async (tx) => {
    // The user's row is locked first: inserting the project takes a key-share lock on it, and two
    // creates that both upgraded to FOR UPDATE afterwards would deadlock.
    await lockUserForCredits(tx, caller.id);
    await insertProject(tx, {
      id: projectId,
      userId: caller.id,
      name: body.name,
      description: body.description ? body.description : null,
      sourceUrl: body.sourceUrl,
      modernizationStrategy: body.modernizationStrategy,
      includePaths: body.includePaths ?? [],
      excludePaths: body.excludePaths ?? [],
      unbuiltLinks: body.unbuiltLinks ?? 'keep',
      aiAdditions: body.aiAdditions ?? true,
    });
    const newJobId = await startJobInTransaction(tx, deps, caller.id, projectId, 'project');
    await updateProjectFields(tx, caller.id, projectId, { jobId: newJobId });
    return newJobId;
  });
  await enqueue(deps, jobId, projectId);
  return toProjectJson(await getOwnedProject(deps, caller.id, projectId));
}

/** POST /api/projects/:id/retry: a new job (one credit) unless one is running. */
export async function retryProject(
  deps: ProjectServiceDeps,
  caller: Caller,
  projectId: string,
): Promise<Project> {
  await assertStoreWritable(deps);
  const jobId = await chargeInTransaction(deps, async (tx) => {
    await lockUserForCredits(tx, caller.id);
    const record = await findProjectForUser(tx, caller.id, projectId);
    if (!record) throw new AppError('API_PROJECT_NOT_FOUND');
    if (record.jobStatus === 'QUEUED' || record.jobStatus === 'RUNNING') {
      throw new AppError('API_PROJECT_BUSY');
    }
    const newJobId = await startJobInTransaction(tx, deps, caller.id, projectId, 'retry');
    await updateProjectFields(tx, caller.id, projectId, {
      jobId: newJobId,
      status: 'queued',
      generatedCodeUrl: null,
      reportSummary: null,
    });
    return newJobId;
  });
  await deps.artifacts.deleteProject(projectId);
  await enqueue(deps, jobId, projectId);
  return toProjectJson(await getOwnedProject(deps, caller.id, projectId));
}

/**
 * POST /api/projects/:id/rerun (issue 13): a completed or failed project runs again, with the same or
 * another strategy, for one credit (refunded if the run fails, like any job). The previous result is
 * left in place: its artifacts are replaced only when the new run completes, so it stays downloadable.
 */
export async function rerunProject(
  deps: ProjectServiceDeps,
  caller: Caller,
  projectId: string,
  body: { modernizationStrategy?: ModernizationStrategy },
): Promise<Project> {
  await assertStoreWritable(deps);
  const jobId = await chargeInTransaction(deps, async (tx) => {
    await lockUserForCredits(tx, caller.id);
    const record = await findProjectForUser(tx, caller.id, projectId);
    if (!record) throw new AppError('API_PROJECT_NOT_FOUND');
    if (record.status !== 'completed' && record.status !== 'failed') {
      throw new AppError('API_PROJECT_BUSY');
    }
    const newJobId = await startJobInTransaction(tx, deps, caller.id, projectId, 'rerun');
    await updateProjectFields(tx, caller.id, projectId, {
      jobId: newJobId,
      status: 'queued',
      ...(body.modernizationStrategy ? { modernizationStrategy: body.modernizationStrategy } : {}),
    });
    return newJobId;
  });
  await enqueue(deps, jobId, projectId);
  return toProjectJson(await getOwnedProject(deps, caller.id, projectId));
}

/** GET /api/projects. */
export async function listProjects(
  deps: ProjectServiceDeps,
  userId: string,
  query: { search?: string; status: ProjectListFilter; limit: number; cursor?: string },
): Promise<ProjectListResponse> {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !cursor) {
    throw new AppError('API_VALIDATION_FAILED', { message: 'cursor: not a valid cursor' });
  }
  const page = await listProjectsForUser(deps.db, userId, {
    search: query.search,
    filter: query.status,
    limit: query.limit,
    cursor,
  });
  return {
    items: page.items.map((item) => toProjectJson(item)),
    total: page.total,
    nextCursor: page.nextCursor ? encodeCursor(page.nextCursor) : null,
    counts: {
      total: page.counts.total,
      completed: page.counts.completed,
      in_progress: page.counts.inProgress,
    },
  };
}

/** GET /api/projects/:id. */
export async function getProject(
  deps: ProjectServiceDeps,
  userId: string,
  projectId: string,
): Promise<Project> {
  return toProjectJson(await getOwnedProject(deps, userId, projectId));
}

/** PATCH /api/projects/:id (name, description). */
export async function updateProject(
  deps: ProjectServiceDeps,
  userId: string,
  projectId: string,
  body: UpdateProjectBody,
): Promise<Project> {
  const values: { name?: string; description?: string | null } = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.description !== undefined) values.description = body.description || null;
  const changed = await deps.db.transaction((tx) =>
    updateProjectFields(tx as unknown as AppDb, userId, projectId, values),
  );
  if (!changed) throw new AppError('API_PROJECT_NOT_FOUND');
  return getProject(deps, userId, projectId);
}

/**
 * DELETE /api/projects/:id: a running job is cancelled first (its worker sees the row gone at its
 * next heartbeat and stops), then the project, its jobs, logs and artifacts are removed.
 */
export async function deleteProject(
  deps: ProjectServiceDeps,
  userId: string,
  projectId: string,
): Promise<void> {
  const result = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    const record = await findProjectForUser(tx, userId, projectId);
    if (!record) return { deleted: false, hosting: null };
    if (record.jobId && (record.jobStatus === 'QUEUED' || record.jobStatus === 'RUNNING')) {
      // Ends the job (job listeners hear FAILED; the credit comes back like for any failed job).
      await appendJobLogsUnleased(tx, record.jobId, [
        { level: 'WARNING', message: 'Job cancelled: the project was deleted.' },
      ]);
      await failJobAndRefund(
        tx,
        record.jobId,
        { code: 'ENGINE_PIPELINE_CANCELLED', message: 'Cancelled: the project was deleted.' },
        null,
        // Booked as a refund for the deletion, not as a failure of the project.
        { updateProject: false, refundReason: 'deletion_refund' },
      );
    }
    // The credit history keeps naming the project after it is gone.
    await keepProjectNameOnLedger(tx, userId, projectId, record.name);
    return { ...(await deleteProjectRow(tx, userId, projectId)), hosting: record.hosting };
  });
  if (!result.deleted) throw new AppError('API_PROJECT_NOT_FOUND');
  await deps.artifacts.deleteProject(projectId);
  // A claimable site still in the operator's account goes too (the user's own account keeps theirs).
  await queueDeletedProjectSite(deps.queue.boss, result.hosting).catch((error: unknown) => {
    deps.logger.error({ err: error, projectId }, 'could not queue the removal of the hosted site');
  });
}

/** The project if it is the caller's and completed with its artifacts; 404 otherwise. */
export async function getCompletedProject(
  deps: ProjectServiceDeps,
  userId: string,
  projectId: string,
) {
  const record = await getOwnedProject(deps, userId, projectId);
  // A re-run keeps the previous result (its summary and artifacts) until the new run completes.
  if (!record.reportSummary) {
    throw new AppError('API_PROJECT_NOT_COMPLETED');
  }
  return record;
}

export type { CreateProjectBody };
