import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { AppDb } from './database';
import {
  accounts,
  dataExports,
  knownDevices,
  projects,
  sessions,
  users,
  verifications,
} from './schema';

/** A live session of a user, as the device list shows it. */
export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastActiveAt: Date;
}

/** The user's sessions that have not expired, most recently active first. */
export async function listLiveSessions(db: AppDb, userId: string): Promise<SessionRow[]> {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
}

/** Ends one of the user's sessions; false when the user has no session with that id. */
export async function deleteUserSession(
  db: AppDb,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the user but `keepSessionId` (all of them when it is undefined). */
export async function deleteOtherSessions(
  db: AppDb,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      keepSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Records a request made with the session (its "last active" time). */
export async function touchSession(db: AppDb, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, sessionId));
}

/**
 * Notes that the user signed in from the device `deviceKey`. Returns whether it is new and whether the
 * user had signed in from any device before (their first device is not "new").
 */
export async function rememberDevice(
  db: AppDb,
  userId: string,
  deviceKey: string,
): Promise<{ isNew: boolean; hadDevices: boolean }> {
  const [before] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  const inserted = await db
    .insert(knownDevices)
    .values({ userId, deviceKey })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceKey],
      set: { lastSeenAt: new Date() },
    })
    .returning({ firstSeenAt: knownDevices.firstSeenAt, lastSeenAt: knownDevices.lastSeenAt });
  const row = inserted[0];
  const isNew = row !== undefined && row.firstSeenAt.getTime() === row.lastSeenAt.getTime();
  return { isNew, hadDevices: (before?.count ?? 0) > 0 };
}

/** Whether sign-in asks the user for a second factor. */
export async function isTwoFactorEnabled(db: AppDb, userId: string): Promise<boolean> {
  const rows = await db
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.enabled ?? false;
}

/** The password hash of the user's e-mail-and-password account, or null (e.g. a GitHub-only user). */
export async function findPasswordHash(db: AppDb, userId: string): Promise<string | null> {
  const rows = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return rows[0]?.password ?? null;
}

/** Ids of every project of the user (their artifacts live under these ids). */
export async function listProjectIds(db: AppDb, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.userId, userId));
  return rows.map((row) => row.id);
}

export type DataExportRow = typeof dataExports.$inferSelect;

/** Starts an export; returns the row. */
export async function insertDataExport(db: AppDb, userId: string): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ userId }).returning();
  if (!row) throw new Error('data export row was not created');
  return row;
}

/** The user's newest export, if any. */
export async function findLatestDataExport(
  db: AppDb,
  userId: string,
): Promise<DataExportRow | undefined> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return rows[0];
}

/** One export of the user (or undefined). */
export async function findDataExportForUser(
  db: AppDb,
  userId: string,
  exportId: string,
): Promise<DataExportRow | undefined> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.id, exportId)))
    .limit(1);
  return rows[0];
}

/** An export by id (the worker's view). */
export async function findDataExport(
  db: AppDb,
  exportId: string,
): Promise<DataExportRow | undefined> {
  const rows = await db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  return rows[0];
}

/** Sets an export's outcome. */
export async function updateDataExport(
  db: AppDb,
  exportId: string,
  fields: Partial<
    Pick<DataExportRow, 'status' | 'sizeBytes' | 'error' | 'completedAt' | 'expiresAt'>
  >,
): Promise<void> {
  await db.update(dataExports).set(fields).where(eq(dataExports.id, exportId));
}

/** Every export id of the user (their archives live in the artifact store under these ids). */
export async function listDataExportIds(db: AppDb, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  return rows.map((row) => row.id);
}

/** Exports whose archive expired before `now` (their files are deleted, then the rows). */
export async function listExpiredDataExports(db: AppDb, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(lt(dataExports.expiresAt, now));
  return rows.map((row) => row.id);
}

/** Removes an export row. */
export async function deleteDataExportRow(db: AppDb, exportId: string): Promise<void> {
  await db.delete(dataExports).where(eq(dataExports.id, exportId));
}

/**
 * Deletes the user: every table that names the user cascades from this row (foreign keys with ON DELETE
 * CASCADE); payments keep their row with the user set to null (ON DELETE SET NULL).
 */
export async function deleteUserRow(db: AppDb, userId: string): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as AppDb;
    // Better Auth's one-time values name the user only in `value` (reset links, pending second
    // factors, trusted devices): no foreign key, so they go here.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return rows.length > 0;
  });
}
