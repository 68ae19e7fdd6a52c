import { PROFILE_MESSAGES } from '@sitelift/shared/messages';
import type { ProfileUpdate } from '@sitelift/shared/validation/profile';
import { ApiError, apiRequest, isApiError } from '../../../lib/api-client';

/** How much of a profile update was saved (spec §8 Profile). */
export type ProfileUpdateOutcome = 'full' | 'basic-only';

/**
 * Saves the profile. If the profile store fails, the basic account data (name, picture) is still
 * saved through the auth service — 'basic-only'; if both fail it throws with the spec's message.
 * A refusal of the values themselves (4xx) is rethrown as is so its message can be shown.
 */
export async function updateProfile(values: ProfileUpdate): Promise<ProfileUpdateOutcome> {
  try {
    await apiRequest('/api/me/profile', { method: 'PATCH', body: values });
    return 'full';
  } catch (error) {
    if (isApiError(error) && [400, 401, 403, 413, 422, 429].includes(error.status)) throw error;
    try {
      await apiRequest('/api/auth/update-user', {
        method: 'POST',
        body: { name: values.full_name ?? '', image: values.avatar_url },
      });
      return 'basic-only';
    } catch (authError) {
      throw new ApiError(
        isApiError(authError) ? authError.status : 0,
        'PROFILE_UPDATE_FAILED',
        PROFILE_MESSAGES.updateFailed,
        { cause: authError },
      );
    }
  }
}
