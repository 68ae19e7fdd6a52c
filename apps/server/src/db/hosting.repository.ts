import { and, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from './database';
import { notifyChange } from './notify';
import { hostingConnections, hostingDeploys, projects, type StoredHosting } from './schema';

/**
 * How long a run may wait for a worker and how long it may run before it counts as lost: its worker
 * died or hangs. The running limit is above the queue's expiry (15 minutes), after which pg-boss no
 * longer counts the message as taken either.
 */
export const HOSTING_RUN_LIMITS = { queuedMs: 30 * 60_000, runningMs: 20 * 60_000 };

/** A QUEUED run older than the wait limit, or a RUNNING one started before the run limit. */
function lostRun(limits: typeof HOSTING_RUN_LIMITS): SQL {
  const queued = `${Math.round(limits.queuedMs)} milliseconds`;
  const running = `${Math.round(limits.runningMs)} milliseconds`;
  return sql`((${hostingDeploys.status} = 'QUEUED' and ${hostingDeploys.createdAt} < now() - ${queued}::interval)
    or (${hostingDeploys.status} = 'RUNNING' and ${hostingDeploys.startedAt} < now() - ${running}::interval))`;
}

/** A user's hosting connection; `token` is ciphertext (github/token-crypto.ts). */
export type HostingConnectionRow = typeof hostingConnections.$inferSelect;

/** A deploy or removal run. */
export type HostingDeployRow = typeof hostingDeploys.$inferSelect;

/** One log line of a run. */
export type HostingLogLine = HostingDeployRow['logs'][number];

/** The user's connections, one per provider. */
export async function listHostingConnections(
  db: AppDb,
  userId: string,
): Promise<HostingConnectionRow[]> {
  return db.select().from(hostingConnections).where(eq(hostingConnections.userId, userId));
}

/** The user's connection to one provider. */
export async function findHostingConnection(
  db: AppDb,
  userId: string,
  provider: string,
): Promise<HostingConnectionRow | undefined> {
  const rows = await db
    .select()
    .from(hostingConnections)
    .where(and(eq(hostingConnections.userId, userId), eq(hostingConnections.provider, provider)));
  return rows[0];
}

/** Saves (or replaces) the user's connection to a provider. */
export async function upsertHostingConnection(
  db: AppDb,
  values: Pick<
    typeof hostingConnections.$inferInsert,
    'userId' | 'provider' | 'token' | 'tokenLast4' | 'accountName' | 'accountId'
  >,
): Promise<void> {
  const { userId: _userId, provider: _provider, ...rest } = values;
  await db
    .insert(hostingConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [hostingConnections.userId, hostingConnections.provider],
      set: { ...rest, createdAt: new Date(), updatedAt: new Date() },
    });
}

/** Forgets the user's connection to a provider; true when there was one. */
export async function deleteHostingConnection(
  db: AppDb,
  userId: string,
  provider: string,
): Promise<boolean> {
  const rows = await db
    .delete(hostingConnections)
    .where(and(eq(hostingConnections.userId, userId), eq(hostingConnections.provider, provider)))
    .returning({ id: hostingConnections.id });
  return rows.length > 0;
}

/** The project's hosted site, if the project is the user's (undefined: not theirs or gone). */
export async function findProjectHosting(
  db: AppDb,
  userId: string,
  projectId: string,
): Promise<{ hosting: StoredHosting | null; name: string; status: string } | undefined> {
  const rows = await db
    .select({ hosting: projects.hosting, name: projects.name, status: projects.status })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
  return rows[0];
}

/** Writes the project's hosted site and notifies UPDATE (the card follows). False: project gone. */
export async function updateProjectHosting(
  db: AppDb,
  userId: string,
  projectId: string,
  hosting: StoredHosting | null,
): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ hosting, updatedAt: new Date() })
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  if (rows.length === 0) return false;
  await notifyChange(db, { kind: 'project', op: 'UPDATE', userId, projectId });
  return true;
}

/**
 * Starts a run: inserts it and marks the project's site deploying/removing, in one transaction, unless
 * a run of the project is still going (undefined then).
 */
export async function insertHostingDeploy(
  db: AppDb,
  values: {
    userId: string;
    projectId: string;
    provider: string;
    mode: string;
    action: 'deploy' | 'remove';
    hosting: (deployId: string) => StoredHosting;
  },
): Promise<HostingDeployRow | undefined> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    // The project row's lock makes "is one running?" and the insert one step per project.
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, values.projectId))
      .for('update');
    const running = await tx
      .select({ id: hostingDeploys.id })
      .from(hostingDeploys)
      .where(
        and(
          eq(hostingDeploys.projectId, values.projectId),
          // A lost run (its worker died) no longer blocks the next; the sweep ends it.
          not(lostRun(HOSTING_RUN_LIMITS)),
          sql`${hostingDeploys.status} in ('QUEUED', 'RUNNING')`,
        ),
      );
    if (running.length > 0) return undefined;
    const rows = await tx
      .insert(hostingDeploys)
      .values({
        userId: values.userId,
        projectId: values.projectId,
        provider: values.provider,
        mode: values.mode,
        action: values.action,
      })
      .returning();
    const row = rows[0] as HostingDeployRow;
    await updateProjectHosting(tx, values.userId, values.projectId, values.hosting(row.id));
    return row;
  });
}

/** One run of the user's project (undefined: not theirs). */
export async function findHostingDeploy(
  db: AppDb,
  userId: string,
  projectId: string,
  deployId: string,
): Promise<HostingDeployRow | undefined> {
  const rows = await db
    .select()
    .from(hostingDeploys)
    .where(
      and(
        eq(hostingDeploys.id, deployId),
        eq(hostingDeploys.projectId, projectId),
        eq(hostingDeploys.userId, userId),
      ),
    );
  return rows[0];
}

/** A run by id, whoever owns it (the worker). */
export async function findHostingDeployById(
  db: AppDb,
  deployId: string,
): Promise<HostingDeployRow | undefined> {
  const rows = await db.select().from(hostingDeploys).where(eq(hostingDeploys.id, deployId));
  return rows[0];
}

/** The project's latest runs, newest first. */
export async function listHostingDeploys(
  db: AppDb,
  userId: string,
  projectId: string,
  limit = 10,
): Promise<HostingDeployRow[]> {
  return db
    .select()
    .from(hostingDeploys)
    .where(and(eq(hostingDeploys.projectId, projectId), eq(hostingDeploys.userId, userId)))
    .orderBy(desc(hostingDeploys.createdAt))
    .limit(limit);
}

/** Appends log lines to a run. */
export async function appendHostingLogs(
  db: AppDb,
  deployId: string,
  lines: HostingLogLine[],
): Promise<void> {
  await db
    .update(hostingDeploys)
    .set({ logs: sql`${hostingDeploys.logs} || ${JSON.stringify(lines)}::jsonb` })
    .where(eq(hostingDeploys.id, deployId));
}

/** Moves a run to RUNNING (only from QUEUED: a redelivered message does nothing). */
export async function startHostingDeploy(db: AppDb, deployId: string): Promise<boolean> {
  const rows = await db
    .update(hostingDeploys)
    .set({ status: 'RUNNING', startedAt: new Date() })
    .where(and(eq(hostingDeploys.id, deployId), eq(hostingDeploys.status, 'QUEUED')))
    .returning({ id: hostingDeploys.id });
  return rows.length > 0;
}

/** Ends a run. */
export async function finishHostingDeploy(
  db: AppDb,
  deployId: string,
  outcome: { status: 'COMPLETED' | 'FAILED'; error: string | null },
): Promise<void> {
  await db
    .update(hostingDeploys)
    .set({ ...outcome, finishedAt: new Date() })
    .where(eq(hostingDeploys.id, deployId));
}

/** Runs past their limits (their worker died): the sweep ends them. */
export async function findLostHostingDeploys(
  db: AppDb,
  limits: typeof HOSTING_RUN_LIMITS = HOSTING_RUN_LIMITS,
): Promise<HostingDeployRow[]> {
  return db.select().from(hostingDeploys).where(lostRun(limits)).limit(100);
}

/**
 * Ends a lost run FAILED with a log line saying why, and the project's card with it when the card
 * still follows this run (a later run has not replaced it). False when another sweep or the run
 * itself ended it first.
 */
export async function failLostHostingDeploy(
  db: AppDb,
  run: HostingDeployRow,
  message: string,
  limits: typeof HOSTING_RUN_LIMITS = HOSTING_RUN_LIMITS,
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    const ended = await tx
      .update(hostingDeploys)
      .set({
        status: 'FAILED',
        error: message,
        finishedAt: new Date(),
        logs: sql`${hostingDeploys.logs} || ${JSON.stringify([
          { at: new Date().toISOString(), level: 'ERROR', message },
        ])}::jsonb`,
      })
      .where(and(eq(hostingDeploys.id, run.id), lostRun(limits)))
      .returning({ id: hostingDeploys.id });
    if (ended.length === 0) return false;
    const project = await findProjectHosting(tx, run.userId, run.projectId);
    if (project?.hosting?.deployId === run.id) {
      await updateProjectHosting(tx, run.userId, run.projectId, {
        ...project.hosting,
        status: 'failed',
        error: message,
        progress: null,
      });
    }
    return true;
  });
}
