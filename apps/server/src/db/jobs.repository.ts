import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { JobLog, JobStatus } from '@sitelift/shared/schemas/job';
import type { AppDb } from './database';
import { notifyChange, notifyLogs } from './notify';
import { jobLogs, jobs, type JobProgress } from './schema';

/** A jobs row as the services use it. */
export type JobRecord = typeof jobs.$inferSelect & { status: JobStatus };

/** Inserts a QUEUED job and notifies; run inside the create/retry transaction. */
export async function insertJob(
  tx: AppDb,
  values: { id: string; projectId: string; userId: string; maxAttempts: number },
): Promise<void> {
  await tx.insert(jobs).values({ ...values, status: 'QUEUED' });
  await notifyChange(tx, {
    kind: 'job',
    userId: values.userId,
    projectId: values.projectId,
    jobId: values.id,
    status: 'QUEUED',
  });
}

/** One job of one user (null when missing or someone else's). */
export async function findJobForUser(
  db: AppDb,
  userId: string,
  jobId: string,
): Promise<JobRecord | null> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.userId, userId)))
    .limit(1);
  return (rows[0] as JobRecord | undefined) ?? null;
}

/** One job by id. */
export async function findJobById(db: AppDb, jobId: string): Promise<JobRecord | null> {
  const rows = await db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return (rows[0] as JobRecord | undefined) ?? null;
}

/** The job's status (null when the job is gone). */
export async function findJobStatus(db: AppDb, jobId: string): Promise<JobStatus | null> {
  const rows = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .limit(1);
  return (rows[0]?.status as JobStatus | undefined) ?? null;
}

/** Log lines of a job with id > afterId, oldest first. */
export async function listJobLogs(
  db: AppDb,
  jobId: string,
  options: { afterId?: number; limit?: number } = {},
): Promise<JobLog[]> {
  const query = db
    .select()
    .from(jobLogs)
    .where(
      options.afterId === undefined
        ? eq(jobLogs.jobId, jobId)
        : and(eq(jobLogs.jobId, jobId), gt(jobLogs.id, options.afterId)),
    )
    .orderBy(asc(jobLogs.id));
  const rows = await (options.limit === undefined ? query : query.limit(options.limit));
  return rows.map((row) => ({
    id: row.id,
    job_id: row.jobId,
    level: row.level,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * Appends log lines in one statement and one NOTIFY { jobId, lastId }, as long as `owner` still holds
 * the job's lease (a worker that lost its lease writes nothing). Returns the last id, or null.
 */
export async function appendJobLogs(
  db: AppDb,
  jobId: string,
  owner: string,
  lines: { level: string; message: string; createdAt: Date }[],
): Promise<number | null> {
  if (lines.length === 0) return null;
  return db.transaction(async (tx) => {
    const held = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, owner)))
      .limit(1);
    if (held.length === 0) return null;
    const rows = await tx
      .insert(jobLogs)
      .values(lines.map((line) => ({ jobId, ...line })))
      .returning({ id: jobLogs.id });
    const lastId = Math.max(...rows.map((row) => row.id));
    await notifyLogs(tx as unknown as AppDb, { jobId, lastId });
    return lastId;
  });
}

/** Appends lines without a lease (the API and the sweeper: "retrying", "cancelled"...). */
export async function appendJobLogsUnleased(
  tx: AppDb,
  jobId: string,
  lines: { level: string; message: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  const now = Date.now();
  const rows = await tx
    .insert(jobLogs)
    .values(lines.map((line, index) => ({ jobId, ...line, createdAt: new Date(now + index) })))
    .returning({ id: jobLogs.id });
  await notifyLogs(tx, { jobId, lastId: Math.max(...rows.map((row) => row.id)) });
}

/**
 * Takes the job's lease for `owner` when the job is not terminal and nobody else holds a live lease:
 * status RUNNING, attempts + 1. Returns the job, or null when it cannot be taken.
 */
export async function claimJobLease(
  tx: AppDb,
  jobId: string,
  owner: string,
  leaseMs: number,
): Promise<JobRecord | null> {
  const rows = await tx
    .update(jobs)
    .set({
      status: 'RUNNING',
      leaseOwner: owner,
      leaseExpiresAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      attempts: sql`${jobs.attempts} + 1`,
      // A new attempt starts from the beginning: no stale progress on the card.
      progress: null,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(jobs.id, jobId),
        inArray(jobs.status, ['QUEUED', 'RUNNING']),
        or(isNull(jobs.leaseOwner), lt(jobs.leaseExpiresAt, sql`now()`)),
      ),
    )
    .returning();
  const job = rows[0] as JobRecord | undefined;
  if (!job) return null;
  await notifyChange(tx, {
    kind: 'job',
    userId: job.userId,
    projectId: job.projectId,
    jobId,
    status: 'RUNNING',
  });
  return job;
}

/** Extends the lease; false when `owner` no longer holds it (expired and taken, or job deleted). */
export async function renewJobLease(
  db: AppDb,
  jobId: string,
  owner: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseExpiresAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, owner), eq(jobs.status, 'RUNNING')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** What a job spent on a model (issue 25): it counts against the user's monthly budget. */
export interface JobAiUsage {
  provider: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  costUsd: number | null;
}

/**
 * The columns that add a run's model usage to a job's: a job's attempts add up (a failed attempt
 * spent the provider's tokens too, and a retry answers from the cache what the first one asked).
 */
function aiUsageIncrement(usage: JobAiUsage) {
  return {
    aiProvider: usage.provider,
    aiModel: usage.model,
    aiTokensIn: sql`${jobs.aiTokensIn} + ${usage.tokensIn}`,
    aiTokensOut: sql`${jobs.aiTokensOut} + ${usage.tokensOut}`,
    ...(usage.costUsd === null
      ? {}
      : { aiCostUsd: sql`coalesce(${jobs.aiCostUsd}, 0) + ${usage.costUsd}` }),
  };
}

/** Adds a failed attempt's model usage to its job (it counts against the user's monthly budget). */
export async function addJobAiUsage(tx: AppDb, jobId: string, usage: JobAiUsage): Promise<void> {
  await tx
    .update(jobs)
    .set({ ...aiUsageIncrement(usage), updatedAt: new Date() })
    .where(eq(jobs.id, jobId));
}

/**
 * Ends a job (COMPLETED or FAILED) if it is not terminal yet and, when `owner` is given, that worker
 * holds the lease. Returns the job as it was ended, or null when nothing changed.
 */
export async function endJob(
  tx: AppDb,
  jobId: string,
  outcome:
    | { status: 'COMPLETED'; timings: Record<string, number>; ai?: JobAiUsage }
    | { status: 'FAILED'; errorCode: string; errorMessage: string },
  owner: string | null,
): Promise<JobRecord | null> {
  const rows = await tx
    .update(jobs)
    .set({
      status: outcome.status,
      leaseOwner: null,
      leaseExpiresAt: null,
      finishedAt: new Date(),
      updatedAt: new Date(),
      ...(outcome.status === 'COMPLETED'
        ? {
            timings: outcome.timings,
            errorCode: null,
            errorMessage: null,
            ...(outcome.ai ? aiUsageIncrement(outcome.ai) : {}),
          }
        : { errorCode: outcome.errorCode, errorMessage: outcome.errorMessage }),
    })
    .where(
      and(
        eq(jobs.id, jobId),
        inArray(jobs.status, ['QUEUED', 'RUNNING']),
        ...(owner === null ? [] : [eq(jobs.leaseOwner, owner)]),
      ),
    )
    .returning();
  const job = rows[0] as JobRecord | undefined;
  if (!job) return null;
  await notifyChange(tx, {
    kind: 'job',
    userId: job.userId,
    projectId: job.projectId,
    jobId,
    status: outcome.status,
  });
  return job;
}

/** Puts a job back to QUEUED for another attempt (lease released, last error kept). */
export async function requeueJob(
  tx: AppDb,
  jobId: string,
  owner: string | null,
  error: { code: string; message: string },
): Promise<JobRecord | null> {
  const rows = await tx
    .update(jobs)
    .set({
      status: 'QUEUED',
      leaseOwner: null,
      leaseExpiresAt: null,
      errorCode: error.code,
      errorMessage: error.message,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(jobs.id, jobId),
        eq(jobs.status, 'RUNNING'),
        ...(owner === null ? [] : [eq(jobs.leaseOwner, owner)]),
      ),
    )
    .returning();
  const job = rows[0] as JobRecord | undefined;
  if (!job) return null;
  await notifyChange(tx, {
    kind: 'job',
    userId: job.userId,
    projectId: job.projectId,
    jobId,
    status: 'QUEUED',
  });
  return job;
}

/** RUNNING jobs whose lease ran out (their worker died or hangs). */
export async function findExpiredLeases(db: AppDb, limit = 50): Promise<JobRecord[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'RUNNING'), lt(jobs.leaseExpiresAt, sql`now()`)))
    .limit(limit);
  return rows as JobRecord[];
}

/** QUEUED jobs created more than `olderThanMs` ago (their queue message may have been lost). */
export async function findStaleQueuedJobs(
  db: AppDb,
  olderThanMs: number,
  limit = 100,
): Promise<JobRecord[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'QUEUED'),
        lt(jobs.updatedAt, sql`now() - ${`${olderThanMs} milliseconds`}::interval`),
      ),
    )
    .limit(limit);
  return rows as JobRecord[];
}

/**
 * Saves a running job's progress and tells its owner's open dashboards (a project UPDATE, which
 * carries the project with its progress). Nothing happens once the job is no longer RUNNING.
 */
/** The stage timings (ms) of the most recent completed jobs, newest first: what a run's estimate learns from. */
export async function listRecentJobTimings(
  db: AppDb,
  limit = 20,
): Promise<Record<string, number>[]> {
  const rows = await db
    .select({ timings: jobs.timings })
    .from(jobs)
    .where(and(eq(jobs.status, 'COMPLETED'), sql`${jobs.timings} is not null`))
    .orderBy(sql`${jobs.finishedAt} desc nulls last`)
    .limit(limit);
  return rows.flatMap((row) => (row.timings ? [row.timings] : []));
}

export async function recordJobProgress(
  db: AppDb,
  job: { id: string; userId: string; projectId: string },
  progress: JobProgress,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    const rows = await tx
      .update(jobs)
      .set({ progress })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'RUNNING')))
      .returning({ id: jobs.id });
    if (rows.length === 0) return;
    await notifyChange(tx, {
      kind: 'project',
      op: 'UPDATE',
      userId: job.userId,
      projectId: job.projectId,
    });
  });
}
