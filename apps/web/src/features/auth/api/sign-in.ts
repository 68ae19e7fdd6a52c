import type { SignInInput } from '@sitelift/shared/validation/sign-in';
import { apiRequest } from '../../../lib/api-client';

/**
 * How a password sign-in ended: signed in, or a second factor is needed first (`two-factor-passkey`
 * when a passkey of the account may be that factor too).
 */
export type SignInOutcome = 'signed-in' | 'two-factor' | 'two-factor-passkey';

/**
 * Signs in with e-mail and password; the session arrives as an httpOnly cookie. For an account with
 * two-factor authentication the answer asks for the code instead (no session yet).
 */
export async function signIn(input: SignInInput): Promise<SignInOutcome> {
  const answer = await apiRequest<{
    twoFactorRedirect?: boolean;
    twoFactorMethods?: string[];
  } | null>('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: input.email, password: input.password },
  });
  if (answer?.twoFactorRedirect !== true) return 'signed-in';
  return answer.twoFactorMethods?.includes('passkey') ? 'two-factor-passkey' : 'two-factor';
}
