import {
  and,
  arrayContains,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { AppDb } from './database';
import { jobs, projects, webhookDeliveries, webhookEndpoints } from './schema';

/** An endpoint row (its secrets are ciphertext). */
export type WebhookEndpointRecord = typeof webhookEndpoints.$inferSelect;
/** A delivery row. */
export type WebhookDeliveryRecord = typeof webhookDeliveries.$inferSelect;

/** Delivery counts of the last 24 hours per endpoint. */
export interface RecentDeliveryCounts {
  delivered: number;
  pending: number;
  failed: number;
}

/** The user's endpoints, oldest first, with their delivery counts of the last day. */
export async function listEndpointsForUser(
  db: AppDb,
  userId: string,
): Promise<Array<WebhookEndpointRecord & { recent: RecentDeliveryCounts }>> {
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  if (endpoints.length === 0) return [];
  const counts = await db
    .select({
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      count: count(),
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.userId, userId),
        gte(webhookDeliveries.createdAt, new Date(Date.now() - 24 * 3600_000)),
      ),
    )
    .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status);
  return endpoints.map((endpoint) => {
    const recent: RecentDeliveryCounts = { delivered: 0, pending: 0, failed: 0 };
    for (const row of counts) {
      if (row.endpointId !== endpoint.id) continue;
      if (row.status === 'delivered' || row.status === 'pending' || row.status === 'failed') {
        recent[row.status] = Number(row.count);
      }
    }
    return { ...endpoint, recent };
  });
}

/** How many endpoints the user has. */
export async function countEndpointsForUser(db: AppDb, userId: string): Promise<number> {
  const rows = await db
    .select({ count: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return Number(rows[0]?.count ?? 0);
}

/** One of the user's endpoints, or null. */
export async function findEndpointForUser(
  db: AppDb,
  userId: string,
  endpointId: string,
): Promise<WebhookEndpointRecord | null> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts an endpoint. */
export async function insertEndpoint(
  db: AppDb,
  values: {
    id: string;
    userId: string;
    url: string;
    description: string | null;
    events: string[];
    secret: string;
  },
): Promise<void> {
  await db.insert(webhookEndpoints).values(values);
}

/** Changes one of the user's endpoints; false when it is not theirs (or gone). */
export async function updateEndpointForUser(
  db: AppDb,
  userId: string,
  endpointId: string,
  values: Partial<{
    events: string[];
    description: string | null;
    secret: string;
    previousSecret: string | null;
    previousSecretExpiresAt: Date | null;
  }>,
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Deletes one of the user's endpoints and its delivery log; false when it is not theirs. */
export async function deleteEndpointForUser(
  db: AppDb,
  userId: string,
  endpointId: string,
): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The ids of the user's endpoints subscribed to `eventType`. */
export async function findSubscribedEndpointIds(
  db: AppDb,
  userId: string,
  eventType: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.userId, userId), arrayContains(webhookEndpoints.events, [eventType])),
    );
  return rows.map((row) => row.id);
}

/** Inserts deliveries (pending, due at `nextAttemptAt`). */
export async function insertDeliveries(
  db: AppDb,
  rows: Array<{
    endpointId: string;
    userId: string;
    messageId: string;
    eventType: string;
    payload: Record<string, unknown>;
    nextAttemptAt: Date;
  }>,
): Promise<WebhookDeliveryRecord[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

/** An endpoint's deliveries, newest first. */
export async function listDeliveriesForEndpoint(
  db: AppDb,
  userId: string,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryRecord[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.userId, userId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/** One of the user's deliveries of one endpoint, or null. */
export async function findDeliveryForUser(
  db: AppDb,
  userId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRecord | null> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.userId, userId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Claims up to `limit` pending deliveries due at `now` that no dispatcher holds: one UPDATE locks
 * them until `lockedUntil` and counts the attempt, so two dispatchers never send one at once (a
 * dispatcher that dies leaves the row to be taken again after the lock).
 */
export async function claimDueDeliveries(
  db: AppDb,
  options: { now: Date; lockedUntil: Date; limit: number },
): Promise<WebhookDeliveryRecord[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, options.now),
        or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, options.now)),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({
      lockedUntil: options.lockedUntil,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(and(inArray(webhookDeliveries.id, due), eq(webhookDeliveries.status, 'pending')))
    .returning();
}

/** The endpoints of claimed deliveries, by id. */
export async function findEndpointsByIds(
  db: AppDb,
  ids: string[],
): Promise<Map<string, WebhookEndpointRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Writes the outcome of an attempt and releases the row. */
export async function recordDeliveryAttempt(
  db: AppDb,
  deliveryId: string,
  outcome: {
    status: 'pending' | 'delivered' | 'failed';
    attemptedAt: Date;
    nextAttemptAt?: Date;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      lockedUntil: null,
      lastAttemptAt: outcome.attemptedAt,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      lastDurationMs: outcome.durationMs,
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      ...(outcome.status === 'delivered' ? { deliveredAt: outcome.attemptedAt } : {}),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/**
 * Claims up to `limit` ended jobs whose project.completed / project.failed webhooks are not queued
 * yet, with what the event says about their project. One UPDATE marks them (like the outcome
 * e-mails' claim), so each outcome is announced once however many workers ask.
 */
export async function claimJobsToAnnounce(db: AppDb, limit: number) {
  const pending = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.status, ['COMPLETED', 'FAILED']), isNull(jobs.webhooksQueuedAt)))
    .orderBy(jobs.finishedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({ webhooksQueuedAt: sql`now()` })
    .where(and(inArray(jobs.id, pending), isNull(jobs.webhooksQueuedAt)))
    .returning({
      id: jobs.id,
      projectId: jobs.projectId,
      userId: jobs.userId,
      status: jobs.status,
      errorCode: jobs.errorCode,
      errorMessage: jobs.errorMessage,
      finishedAt: jobs.finishedAt,
    });
  if (claimed.length === 0) return [];
  const projectRows = await db
    .select({
      id: projects.id,
      name: projects.name,
      sourceUrl: projects.sourceUrl,
      batchId: projects.batchId,
      reportSummary: projects.reportSummary,
    })
    .from(projects)
    .where(
      inArray(
        projects.id,
        claimed.map((job) => job.projectId),
      ),
    );
  const byId = new Map(projectRows.map((row) => [row.id, row]));
  return claimed.map((job) => ({ ...job, project: byId.get(job.projectId) }));
}

/** Deletes finished deliveries (delivered or given up) created before `before`; returns how many. */
export async function pruneFinishedDeliveries(db: AppDb, before: Date): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
        lt(webhookDeliveries.createdAt, before),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
