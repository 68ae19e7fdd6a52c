import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import { ApiError, apiRequest, isApiError } from '../../../lib/api-client';

/** Codes of a refused new password; any other 400 means the current password was wrong. */
const NEW_PASSWORD_CODES = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG']);

/**
 * Changes the password; other sessions are revoked. A wrong current password (400) becomes
 * 'Current password is incorrect'.
 */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  try {
    await apiRequest('/api/auth/change-password', {
      method: 'POST',
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 400 && !NEW_PASSWORD_CODES.has(error.code)) {
      throw new ApiError(400, error.code, AUTH_MESSAGES.currentPasswordIncorrect, { cause: error });
    }
    throw error;
  }
}
