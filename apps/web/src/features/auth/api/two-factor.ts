import { apiRequest } from '../../../lib/api-client';

/** The second step of signing in: a code from the authenticator app. */
export async function verifySignInCode(code: string, trustDevice: boolean): Promise<void> {
  await apiRequest('/api/auth/two-factor/verify-totp', {
    method: 'POST',
    body: { code, trustDevice },
  });
}

/** The second step of signing in with one of the backup codes (each works once). */
export async function verifySignInBackupCode(code: string, trustDevice: boolean): Promise<void> {
  await apiRequest('/api/auth/two-factor/verify-backup-code', {
    method: 'POST',
    body: { code, trustDevice },
  });
}
