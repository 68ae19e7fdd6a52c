import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppDb } from './database';
import { jobs, userAiSettings } from './schema';

/** A user's own model; `apiKey` is ciphertext (github/token-crypto.ts). */
export type UserAiSettingsRow = typeof userAiSettings.$inferSelect;

/** The user's own model, if they saved one. */
export async function findUserAiSettings(
  db: AppDb,
  userId: string,
): Promise<UserAiSettingsRow | undefined> {
  const rows = await db.select().from(userAiSettings).where(eq(userAiSettings.userId, userId));
  return rows[0];
}

/** Saves the user's own model (one row per user, replaced on every save). */
export async function upsertUserAiSettings(
  db: AppDb,
  values: Omit<typeof userAiSettings.$inferInsert, 'createdAt' | 'updatedAt'>,
): Promise<UserAiSettingsRow> {
  const { userId: _userId, ...rest } = values;
  const rows = await db
    .insert(userAiSettings)
    .values(values)
    .onConflictDoUpdate({ target: userAiSettings.userId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  return rows[0] as UserAiSettingsRow;
}

/** Forgets the user's own model; true when there was one. */
export async function deleteUserAiSettings(db: AppDb, userId: string): Promise<boolean> {
  const rows = await db
    .delete(userAiSettings)
    .where(eq(userAiSettings.userId, userId))
    .returning({ userId: userAiSettings.userId });
  return rows.length > 0;
}

/** The first instant of `now`'s calendar month in UTC (the budget's period). */
export function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Tokens (in + out) and the known cost the user's jobs spent on models since `since`. */
export async function sumAiUsageSince(
  db: AppDb,
  userId: string,
  since: Date,
): Promise<{ tokens: number; costUsd: number | null }> {
  const rows = await db
    .select({
      tokens: sql<string>`coalesce(sum(${jobs.aiTokensIn} + ${jobs.aiTokensOut}), 0)`,
      cost: sql<string | null>`sum(${jobs.aiCostUsd})`,
    })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), gte(jobs.finishedAt, since)));
  const row = rows[0];
  return {
    tokens: Number(row?.tokens ?? 0),
    costUsd: row?.cost === null || row?.cost === undefined ? null : Number(row.cost),
  };
}
