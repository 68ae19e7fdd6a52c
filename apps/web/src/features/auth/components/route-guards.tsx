import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { hasSignedOut, useSession } from '../../../lib/auth';
import { useQueryClient } from '../../../lib/query-client';
import { getFromPath } from '../../../utils/navigation-state';
import type { NavigationState } from '../../../utils/navigation-state';

/**
 * Protected screens (spec §2 Access guards): 'Loading...' while the session resolves, then /login
 * remembering where the user came from.
 */
export function ProtectedRoute() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  if (isLoading) return <LoadingScreen />;
  if (!user && hasSignedOut(queryClient)) return <Navigate to={paths.home.getHref()} replace />;
  if (!user) {
    const state: NavigationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login.getHref()} replace state={state} />;
  }
  return <Outlet />;
}

/** Guest-only screens: a signed-in user goes to the remembered origin or /dashboard. */
export function GuestRoute() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <LoadingScreen />;
  if (user) {
    return <Navigate to={getFromPath(location.state, paths.dashboard.getHref())} replace />;
  }
  return <Outlet />;
}
