import type { SignInInput } from '@sitelift/shared/validation/sign-in';
import { apiRequest } from '../../../lib/api-client';

/** How a password sign-in ended: signed in, or a second factor is needed first. */
export type SignInOutcome = 'signed-in' | 'two-factor';

/**
 * Signs in with e-mail and password; the session arrives as an httpOnly cookie. For an account with
 * two-factor authentication the answer asks for the code instead (no session yet).
 */
export async function signIn(input: SignInInput): Promise<SignInOutcome> {
  const answer = await apiRequest<{ twoFactorRedirect?: boolean } | null>(
    '/api/auth/sign-in/email',
    { method: 'POST', body: { email: input.email, password: input.password } },
  );
  return answer?.twoFactorRedirect === true ? 'two-factor' : 'signed-in';
}
