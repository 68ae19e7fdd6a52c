import { and, count, desc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { AppDb } from './database';
import {
  batches,
  jobs,
  projects,
  type BatchAcceptedLine,
  type BatchRejectedLine,
  type StoredReportSummary,
} from './schema';

/** A batch row. */
export type BatchRecord = typeof batches.$inferSelect;

/** Project statuses after which nothing more happens to a site of a batch. */
export const ENDED_PROJECT_STATUSES = ['completed', 'failed'];

/** Sites of a batch per project status. */
export type BatchStatusCounts = Map<string, number>;

/** Inserts a batch (running) in the create transaction. */
export async function insertBatch(
  tx: AppDb,
  values: {
    id: string;
    userId: string;
    name: string;
    modernizationStrategy: string;
    lineCount: number;
    accepted: BatchAcceptedLine[];
    rejected: BatchRejectedLine[];
  },
): Promise<void> {
  await tx.insert(batches).values(values);
}

/** The user's newest batches. */
export async function listBatchesForUser(
  db: AppDb,
  userId: string,
  limit: number,
): Promise<BatchRecord[]> {
  return db
    .select()
    .from(batches)
    .where(eq(batches.userId, userId))
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(limit);
}

/** One of the user's batches, or null. */
export async function findBatchForUser(
  db: AppDb,
  userId: string,
  batchId: string,
): Promise<BatchRecord | null> {
  const rows = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Project status counts of each batch. */
export async function countBatchSites(
  db: AppDb,
  userId: string,
  batchIds: string[],
): Promise<Map<string, BatchStatusCounts>> {
  const result = new Map<string, BatchStatusCounts>();
  if (batchIds.length === 0) return result;
  const rows = await db
    .select({ batchId: projects.batchId, status: projects.status, count: count() })
    .from(projects)
    .where(and(eq(projects.userId, userId), inArray(projects.batchId, batchIds)))
    .groupBy(projects.batchId, projects.status);
  for (const row of rows) {
    if (!row.batchId) continue;
    const counts = result.get(row.batchId) ?? new Map<string, number>();
    counts.set(row.status, Number(row.count));
    result.set(row.batchId, counts);
  }
  return result;
}

/** A site of a batch: its project, the summary of its last run and why that run failed. */
export interface BatchSiteRecord {
  projectId: string;
  name: string;
  sourceUrl: string;
  status: string;
  reportSummary: StoredReportSummary | null;
  errorMessage: string | null;
  createdAt: Date;
}

/** The sites of one of the user's batches, in the order of the list. */
export async function listBatchSites(
  db: AppDb,
  userId: string,
  batchId: string,
): Promise<BatchSiteRecord[]> {
  return db
    .select({
      projectId: projects.id,
      name: projects.name,
      sourceUrl: projects.sourceUrl,
      status: projects.status,
      reportSummary: projects.reportSummary,
      errorMessage: jobs.errorMessage,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .leftJoin(jobs, eq(jobs.id, projects.jobId))
    .where(and(eq(projects.userId, userId), eq(projects.batchId, batchId)))
    .orderBy(projects.createdAt, projects.id);
}

/**
 * Ends every running batch whose sites have all ended (or that has none left) and returns them: one
 * UPDATE per batch with the condition in its WHERE, so the batch ends once whoever asks.
 */
export async function finishEndedBatches(db: AppDb, limit = 20): Promise<BatchRecord[]> {
  const stillRunning = db
    .select({ one: sql`1` })
    .from(projects)
    .where(
      and(eq(projects.batchId, batches.id), notInArray(projects.status, ENDED_PROJECT_STATUSES)),
    );
  const candidates = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.status, 'running'), sql`not exists (${stillRunning})`))
    .limit(limit);
  const finished: BatchRecord[] = [];
  for (const { id } of candidates) {
    const rows = await db
      .update(batches)
      .set({ status: 'completed', finishedAt: new Date(), mailPending: true })
      .where(
        and(eq(batches.id, id), eq(batches.status, 'running'), sql`not exists (${stillRunning})`),
      )
      .returning();
    if (rows[0]) finished.push(rows[0]);
  }
  return finished;
}

/**
 * Claims up to `limit` ended batches whose e-mail is due (never tried, or its retry time has come):
 * clears their flag and counts the attempt in one UPDATE, so two workers never send one twice. A
 * failed send sets it again for later (releaseBatchMail) or gives up (BATCH_MAIL_RETRY).
 */
export async function claimBatchMails(
  db: AppDb,
  limit = 20,
  now = new Date(),
): Promise<BatchRecord[]> {
  const pending = db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(
        eq(batches.mailPending, true),
        or(isNull(batches.mailRetryAt), lte(batches.mailRetryAt, now)),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(batches)
    .set({ mailPending: false, mailAttempts: sql`${batches.mailAttempts} + 1` })
    .where(and(inArray(batches.id, pending), eq(batches.mailPending, true)))
    .returning();
}

/** Puts a batch's e-mail back, to be tried again from `retryAt` on. */
export async function releaseBatchMail(db: AppDb, batchId: string, retryAt: Date): Promise<void> {
  await db
    .update(batches)
    .set({ mailPending: true, mailRetryAt: retryAt })
    .where(eq(batches.id, batchId));
}
