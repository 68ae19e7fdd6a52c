import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import { LoadingScreen } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { refreshSession } from '../../../lib/auth';
import { useQueryClient } from '../../../lib/query-client';
import type { NavigationState } from '../../../utils/navigation-state';
import { reportError } from '../../../lib/report-error';

/**
 * /auth/callback: where the verification link lands. Shows 'Authenticating...', then the dashboard
 * when the session exists; an `error` parameter or no session goes to /login.
 */
export function AuthCallback() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasStarted = useRef(false);
  const error = searchParams.get('error');
  // The server's answer to a verification link of an address that is verified already.
  const alreadyVerified = searchParams.get('verified') === 'already';

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const toLogin = () => {
      const state: NavigationState = { error: AUTH_MESSAGES.callbackFailed };
      navigate(paths.login.getHref(), { replace: true, state });
    };
    if (error) {
      toLogin();
      return;
    }
    refreshSession(queryClient)
      .then((session) => {
        if (session?.user) {
          const state: NavigationState | undefined = alreadyVerified
            ? { message: AUTH_MESSAGES.emailAlreadyVerified }
            : undefined;
          navigate(paths.dashboard.getHref(), { replace: true, state });
        } else {
          const state: NavigationState | undefined = alreadyVerified
            ? { message: AUTH_MESSAGES.emailAlreadyVerifiedSignIn }
            : undefined;
          navigate(paths.login.getHref(), { replace: true, state });
        }
      })
      .catch((cause: unknown) => {
        reportError('Auth callback: session check failed', cause);
        toLogin();
      });
  }, [alreadyVerified, error, navigate, queryClient]);

  return <LoadingScreen label={AUTH_MESSAGES.authenticating} />;
}
