import type { SignInInput } from '@sitelift/shared/validation/sign-in';
import { apiRequest } from '../../../lib/api-client';

/** Signs in with e-mail and password; the session arrives as an httpOnly cookie. */
export async function signIn(input: SignInInput): Promise<void> {
  await apiRequest('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: input.email, password: input.password },
  });
}
