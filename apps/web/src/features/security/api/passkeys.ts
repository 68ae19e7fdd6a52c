import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';

export const PASSKEYS_QUERY_KEY = ['account', 'passkeys'] as const;

/** A passkey of the signed-in account, as Better Auth's passkey plugin lists it. */
export interface Passkey {
  id: string;
  name?: string | null;
  createdAt?: string | null;
  lastUsedAt?: string | null;
  deviceType?: string;
  backedUp?: boolean;
}

/** The account's passkeys, oldest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: PASSKEYS_QUERY_KEY,
    queryFn: async (): Promise<Passkey[]> => {
      const list = await apiRequest<Passkey[]>('/api/auth/passkey/list-user-passkeys');
      return [...list].sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
    },
  });
}

/**
 * Adds a passkey: the server's options, the browser's ceremony (it asks the user to confirm), then the
 * server checks and stores it under `name`.
 */
export async function addPasskey(name: string): Promise<void> {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
    '/api/auth/passkey/generate-register-options',
  );
  const response = await startRegistration({ optionsJSON });
  await apiRequest('/api/auth/passkey/verify-registration', {
    method: 'POST',
    body: { response, name },
  });
}

export async function renamePasskey(id: string, name: string): Promise<void> {
  await apiRequest('/api/auth/passkey/update-passkey', { method: 'POST', body: { id, name } });
}

export async function removePasskey(id: string, password: string): Promise<void> {
  await apiRequest('/api/auth/passkey/remove', {
    method: 'POST',
    body: { id, password },
  });
}
