import {
  accountSecuritySchema,
  accountSessionListSchema,
  dataExportStateSchema,
  type AccountSecurity,
  type AccountSession,
  type DataExport,
} from '@sitelift/shared/schemas/account';
import { apiRequest, toApiUrl } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';

export const SECURITY_QUERY_KEY = ['account', 'security'] as const;
export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;
export const EXPORT_QUERY_KEY = ['account', 'export'] as const;

/** Two-factor state of the signed-in account. */
export function useAccountSecurity() {
  return useQuery({
    queryKey: SECURITY_QUERY_KEY,
    queryFn: () =>
      apiRequest<AccountSecurity>('/api/account/security', { schema: accountSecuritySchema }),
  });
}

/** The devices signed in to the account (refreshed every half minute while shown). */
export function useAccountSessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: async (): Promise<AccountSession[]> =>
      (await apiRequest('/api/account/sessions', { schema: accountSessionListSchema })).items,
    refetchInterval: 30_000,
  });
}

/** The newest data export; polled while it is being prepared. */
export function useDataExport() {
  return useQuery({
    queryKey: EXPORT_QUERY_KEY,
    queryFn: async (): Promise<DataExport | null> =>
      (await apiRequest('/api/account/export', { schema: dataExportStateSchema })).export,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
  });
}

/** What `two-factor/enable` answers: the authenticator URI and the backup codes. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export function startTwoFactorSetup(password: string): Promise<TwoFactorSetup> {
  return apiRequest('/api/auth/two-factor/enable', { method: 'POST', body: { password } });
}

/** Confirms the setup with the first code from the authenticator app (turns 2FA on). */
export async function confirmTwoFactorSetup(code: string): Promise<void> {
  await apiRequest('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } });
}

export async function regenerateBackupCodes(password: string): Promise<string[]> {
  const answer = await apiRequest<{ backupCodes: string[] }>(
    '/api/auth/two-factor/generate-backup-codes',
    { method: 'POST', body: { password } },
  );
  return answer.backupCodes;
}

export async function disableTwoFactor(password: string): Promise<void> {
  await apiRequest('/api/auth/two-factor/disable', { method: 'POST', body: { password } });
}

export async function signOutSession(id: string): Promise<void> {
  await apiRequest(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function signOutOtherSessions(): Promise<number> {
  return (
    await apiRequest<{ revoked: number }>('/api/account/sessions/revoke-others', {
      method: 'POST',
      body: {},
    })
  ).revoked;
}

export async function requestDataExport(): Promise<void> {
  await apiRequest('/api/account/export', { method: 'POST', body: {} });
}

/** Where the browser downloads a prepared export (a plain link: the cookie authenticates it). */
export function dataExportDownloadUrl(id: string): string {
  return toApiUrl(`/api/account/export/${encodeURIComponent(id)}/download`);
}

export async function deleteAccount(input: { password: string; code?: string }): Promise<void> {
  await apiRequest('/api/account/delete', {
    method: 'POST',
    body: input.code
      ? { password: input.password, code: input.code }
      : { password: input.password },
  });
}
