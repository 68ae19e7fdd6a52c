import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

/** Asks for a reset e-mail; the server answers the same for known and unknown addresses. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: paths.resetPassword.getHref() },
  });
}
