import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api-client';

/** Signs in with a passkey the browser offers (any account's): the session arrives as a cookie. */
export async function signInWithPasskey(): Promise<void> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/passkey/generate-authenticate-options',
  );
  const response = await startAuthentication({ optionsJSON });
  await apiRequest('/api/auth/passkey/verify-authentication', {
    method: 'POST',
    body: { response },
  });
}

/** The second step of a password sign-in with a passkey of that account. */
export async function verifySignInPasskey(trustDevice: boolean): Promise<void> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/two-factor/generate-passkey-options',
    { method: 'POST', body: {} },
  );
  const response = await startAuthentication({ optionsJSON });
  await apiRequest('/api/auth/two-factor/verify-passkey', {
    method: 'POST',
    body: { response, trustDevice },
  });
}

/** Whether an error is the browser's own refusal (cancelled, timed out, not allowed). */
export function isCeremonyCancelled(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')
  );
}
