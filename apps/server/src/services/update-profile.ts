import { AppError } from '@sitelift/shared/error-codes';
import type { ProfileUpdateBody } from '@sitelift/shared/schemas/auth';
import type { ProfileResponse as Profile } from '@sitelift/shared/schemas/profile';
import type { AppDb } from '../db/database';
import { updateProfileById } from '../db/users.repository';

/** Applies already-normalised profile changes (trimmed, empty → null) and returns the new profile. */
export async function updateProfile(
  db: AppDb,
  userId: string,
  update: ProfileUpdateBody,
): Promise<Profile> {
  const profile = await updateProfileById(db, userId, update);
  if (!profile) throw new AppError('API_USER_NOT_FOUND');
  return profile;
}
