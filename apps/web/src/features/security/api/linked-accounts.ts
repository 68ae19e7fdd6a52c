import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';

export const LINKED_ACCOUNTS_QUERY_KEY = ['account', 'linked-accounts'] as const;

/** One way to sign in as Better Auth's `list-accounts` answers it (the password is `credential`). */
const linkedAccountSchema = z.looseObject({
  id: z.string(),
  providerId: z.string(),
  createdAt: z.coerce.date(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

/** The sign-in methods of the signed-in account (GitHub, the password). */
export function useLinkedAccounts() {
  return useQuery({
    queryKey: LINKED_ACCOUNTS_QUERY_KEY,
    queryFn: () =>
      apiRequest<LinkedAccount[]>('/api/auth/list-accounts', {
        schema: z.array(linkedAccountSchema),
      }),
  });
}

/** Disconnects a linked account (the server refuses the last way to sign in). */
export async function unlinkAccount(id: string): Promise<void> {
  await apiRequest('/api/auth/unlink-account', { method: 'POST', body: { accountId: id } });
}
