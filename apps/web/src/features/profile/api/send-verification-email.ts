import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

/** Sends the verification e-mail again; its link ends at /auth/callback. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await apiRequest('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: paths.authCallback.getHref() },
  });
}
