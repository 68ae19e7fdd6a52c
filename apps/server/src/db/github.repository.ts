import { and, eq, gt, lt } from 'drizzle-orm';
import type { AppDb } from './database';
import { notifyChange } from './notify';
import { githubOauthStates, githubTokens, projects } from './schema';

/** A stored GitHub connection; `accessToken`/`refreshToken` are ciphertext (github/token-crypto.ts). */
export type GithubTokenRow = typeof githubTokens.$inferSelect;

/** Stores an anti-forgery state for `userId` (expired ones of anyone are removed on the way). */
export async function insertOauthState(
  db: AppDb,
  values: { stateHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.delete(githubOauthStates).where(lt(githubOauthStates.expiresAt, new Date()));
  await db
    .insert(githubOauthStates)
    .values(values)
    .onConflictDoUpdate({
      target: githubOauthStates.stateHash,
      set: { userId: values.userId, expiresAt: values.expiresAt },
    });
}

/**
 * Uses up the state: true when it was issued to `userId` and has not expired; it is deleted either way
 * for that user (single use). A state of another user is left alone and refused.
 */
export async function consumeOauthState(
  db: AppDb,
  userId: string,
  stateHash: string,
): Promise<boolean> {
  const rows = await db
    .delete(githubOauthStates)
    .where(and(eq(githubOauthStates.stateHash, stateHash), eq(githubOauthStates.userId, userId)))
    .returning({ expiresAt: githubOauthStates.expiresAt });
  const row = rows[0];
  return row !== undefined && row.expiresAt.getTime() > Date.now();
}

/** The user's connection row (active or not). */
export async function findGithubToken(
  db: AppDb,
  userId: string,
): Promise<GithubTokenRow | undefined> {
  const rows = await db.select().from(githubTokens).where(eq(githubTokens.userId, userId));
  return rows[0];
}

/** The user's connection row, locked until the transaction ends (one refresh at a time per user). */
export async function lockGithubToken(
  tx: AppDb,
  userId: string,
): Promise<GithubTokenRow | undefined> {
  const rows = await tx
    .select()
    .from(githubTokens)
    .where(eq(githubTokens.userId, userId))
    .for('update');
  return rows[0];
}

/** The token record after a code exchange: one row per user, replaced on every connect. */
export type NewGithubToken = Omit<typeof githubTokens.$inferInsert, 'createdAt' | 'updatedAt'>;

/** Inserts or replaces the user's connection. */
export async function upsertGithubToken(db: AppDb, values: NewGithubToken): Promise<void> {
  const { userId: _userId, ...rest } = values;
  await db
    .insert(githubTokens)
    .values(values)
    .onConflictDoUpdate({ target: githubTokens.userId, set: { ...rest, updatedAt: new Date() } });
}

/** Changes the user's connection row. */
export async function updateGithubToken(
  db: AppDb,
  userId: string,
  values: Partial<Omit<NewGithubToken, 'userId'>>,
): Promise<void> {
  await db
    .update(githubTokens)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(githubTokens.userId, userId));
}

/** Marks the connection inactive and wipes its tokens. */
export async function deactivateGithubToken(db: AppDb, userId: string): Promise<void> {
  await updateGithubToken(db, userId, {
    isActive: false,
    accessToken: null,
    refreshToken: null,
    expiresAt: null,
    refreshTokenExpiresAt: null,
  });
}

/** The repository a deploy of the project created before (`owner/name`), if any. */
export async function findProjectRepoFullName(
  db: AppDb,
  userId: string,
  projectId: string,
): Promise<string | null> {
  const rows = await db
    .select({ fullName: projects.githubRepoFullName })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
  return rows[0]?.fullName ?? null;
}

/** Saves the deploy's repository on the project (and notifies UPDATE when the link changes). */
export async function setProjectGithubRepo(
  db: AppDb,
  userId: string,
  projectId: string,
  values: { githubRepoFullName?: string | null; githubRepoUrl?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  if (rows.length === 0) return false;
  if (values.githubRepoUrl !== undefined) {
    await notifyChange(db, { kind: 'project', op: 'UPDATE', userId, projectId });
  }
  return true;
}

/** True when the state exists for the user and is still valid (tests). */
export async function hasLiveOauthState(
  db: AppDb,
  userId: string,
  stateHash: string,
): Promise<boolean> {
  const rows = await db
    .select({ userId: githubOauthStates.userId })
    .from(githubOauthStates)
    .where(
      and(
        eq(githubOauthStates.stateHash, stateHash),
        eq(githubOauthStates.userId, userId),
        gt(githubOauthStates.expiresAt, new Date()),
      ),
    );
  return rows.length > 0;
}
