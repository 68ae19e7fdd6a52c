import { AppError } from '@sitelift/shared/error-codes';
import type { ProfileResponse as Profile } from '@sitelift/shared/schemas/profile';
import type { AppDb } from '../db/database';
import { getProfileById } from '../db/users.repository';

/** The signed-in user's profile (spec §3 `users`); API_USER_NOT_FOUND if the account is gone. */
export async function getProfile(db: AppDb, userId: string): Promise<Profile> {
  const profile = await getProfileById(db, userId);
  if (!profile) throw new AppError('API_USER_NOT_FOUND');
  return profile;
}
