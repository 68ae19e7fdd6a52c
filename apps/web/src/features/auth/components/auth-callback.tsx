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
        if (session?.user) navigate(paths.dashboard.getHref(), { replace: true });
        else navigate(paths.login.getHref(), { replace: true });
      })
      .catch((cause: unknown) => {
        reportError('Auth callback: session check failed', cause);
        toLogin();
      });
  }, [error, navigate, queryClient]);

  return <LoadingScreen label={AUTH_MESSAGES.authenticating} />;
}
