import { useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import { clearSession, signOut } from '../../lib/auth';
import { reportError } from '../../lib/report-error';
import { useMutation, useQueryClient } from '../../lib/query-client';

/** Signs out and returns to / (spec §2 Top bar). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      await signOut();
      // Guards see the deliberate sign-out and send protected pages to / rather than /login.
      clearSession(queryClient);
      await navigate('/', { replace: true });
    },
    onError: (error) => {
      reportError('Sign out failed', error);
      // The toast library loads when first needed (not on the public pages' first load).
      void import('sonner').then(({ toast }) => toast.error(AUTH_MESSAGES.signOutFailed));
    },
  });
  return { signOut: () => mutation.mutate(), isSigningOut: mutation.isPending };
}
