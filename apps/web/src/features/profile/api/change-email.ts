import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

/** Asks to change the e-mail; the confirmation link goes to the new address and ends at /profile/edit. */
export async function changeEmail(newEmail: string): Promise<void> {
  await apiRequest('/api/auth/change-email', {
    method: 'POST',
    body: { newEmail, callbackURL: paths.editProfile.getHref() },
  });
}
