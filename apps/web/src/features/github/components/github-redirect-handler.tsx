import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import type { NavigationState } from '../../../utils/navigation-state';
import { GITHUB_MESSAGES } from '../utils/github-messages';
import { storeCallback } from '../utils/oauth-state';

/**
 * /integrations/github/redirect-handler and /auth/github/callback (spec §2): keeps the `code` and
 * `state` GitHub sent, then goes on to the callback screen; without either it returns to the
 * dashboard with the failure message and an error flag.
 */
export function GithubRedirectHandler() {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hasHandled = useRef(false);

  useEffect(() => {
    if (hasHandled.current) return;
    hasHandled.current = true;
    const code = searchParams.get('code');
    const state = searchParams.get('state');
    if (!code || !state) {
      const navigationState: NavigationState = { error: GITHUB_MESSAGES.connectFailed };
      void navigate(paths.dashboard.getHref(), { replace: true, state: navigationState });
      return;
    }
    storeCallback({ code, state, redirectPath: pathname });
    // Replace: the code in the address is good for one exchange and must not be reached by Back.
    void navigate(paths.githubCallback.getHref(), { replace: true });
  }, [searchParams, pathname, navigate]);

  return <LoadingScreen label="Connecting to GitHub..." />;
}
