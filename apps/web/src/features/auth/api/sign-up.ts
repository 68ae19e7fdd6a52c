import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

/** Creates an account; the verification e-mail's link ends at /auth/callback. */
export async function signUp(input: { email: string; password: string }): Promise<void> {
  await apiRequest('/api/auth/sign-up/email', {
    method: 'POST',
    body: {
      email: input.email,
      password: input.password,
      name: '',
      callbackURL: paths.authCallback.getHref(),
    },
  });
}
