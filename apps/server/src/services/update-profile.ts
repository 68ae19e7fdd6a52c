import { AppError } from '@sitelift/shared/error-codes';
import type { Profile, ProfileUpdate } from '@sitelift/shared/schemas/profile';
import type { AppDb } from '../db/database';
import { updateProfileById } from '../db/users.repository';

/** Applies already-normalised profile changes (trimmed, empty → null) and returns the new profile. */
export async function updateProfile(
  db: AppDb,
  userId: string,
  update: ProfileUpdate,
): Promise<Profile> {
  const profile = await updateProfileById(db, userId, update);
  if (!profile) throw new AppError('API_USER_NOT_FOUND');
  return profile;
}
