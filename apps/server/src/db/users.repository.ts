import { eq } from 'drizzle-orm';
import type { ProfileUpdateBody } from '@sitelift/shared/schemas/auth';
import type { ProfileResponse as Profile } from '@sitelift/shared/schemas/profile';
import type { AppDb } from './database';
import { users } from './schema';

const profileColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  avatarUrl: users.avatarUrl,
  companyName: users.companyName,
  createdAt: users.createdAt,
  emailVerified: users.emailVerified,
  notifyJobOutcome: users.notifyJobOutcome,
};

type ProfileRow = {
  id: string;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
  companyName: string | null;
  createdAt: Date;
  emailVerified: boolean;
  notifyJobOutcome: boolean;
};

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    avatar_url: row.avatarUrl,
    company_name: row.companyName,
    created_at: row.createdAt.toISOString(),
    email_verified: row.emailVerified,
    notify_job_outcome: row.notifyJobOutcome,
  };
}

/** The profile of one user, or null when no such user exists. */
export async function getProfileById(db: AppDb, userId: string): Promise<Profile | null> {
  const rows = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  const row = rows[0];
  return row ? toProfile(row) : null;
}

/**
 * Stores the given profile fields (only those present) and returns the profile, or null when the user is
 * gone. The full name is mirrored into Better Auth's `name` so the session's user agrees with the profile.
 */
export async function updateProfileById(
  db: AppDb,
  userId: string,
  update: ProfileUpdateBody,
): Promise<Profile | null> {
  const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (update.full_name !== undefined) {
    values.fullName = update.full_name;
    values.name = update.full_name ?? '';
  }
  if (update.company_name !== undefined) values.companyName = update.company_name;
  if (update.avatar_url !== undefined) values.avatarUrl = update.avatar_url;
  if (update.notify_job_outcome !== undefined) values.notifyJobOutcome = update.notify_job_outcome;
  const rows = await db
    .update(users)
    .set(values)
    .where(eq(users.id, userId))
    .returning(profileColumns);
  const row = rows[0];
  return row ? toProfile(row) : null;
}
