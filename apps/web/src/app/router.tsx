import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouteErrorFallback } from '../components/error-boundary';
import { paths } from '../config/paths';
import { GuestRoute, ProtectedRoute } from '../features/auth/components/route-guards';
import { AuthCallbackRoute } from './routes/auth/callback';
import { LoginRoute } from './routes/auth/login';
import { RegisterRoute } from './routes/auth/register';
import { ResetPasswordRoute } from './routes/auth/reset-password';
import { DashboardRoute } from './routes/dashboard';
import { LandingRoute } from './routes/landing';
import { AccountLayout, AppLayout, RootLayout } from './routes/layouts';
import { PrivacyRoute, TermsRoute } from './routes/legal';
import {
  CreateProjectRoute,
  EditProjectRoute,
  GithubIntegrationRoute,
} from './routes/pending-features';
import { ProfileEditRoute } from './routes/profile-edit';

/** The route table of spec §2 with its guards. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: paths.home.path, element: <LandingRoute /> },
          { path: paths.terms.path, element: <TermsRoute /> },
          { path: paths.privacy.path, element: <PrivacyRoute /> },
          {
            element: <ProtectedRoute />,
            children: [
              { path: paths.dashboard.path, element: <DashboardRoute /> },
              { path: paths.createProject.path, element: <CreateProjectRoute /> },
              { path: paths.editProject.path, element: <EditProjectRoute /> },
              { path: paths.editProfile.path, element: <ProfileEditRoute /> },
              { path: paths.githubRedirectHandler.path, element: <GithubIntegrationRoute /> },
              { path: paths.githubAuthCallback.path, element: <GithubIntegrationRoute /> },
              { path: paths.githubCallback.path, element: <GithubIntegrationRoute /> },
            ],
          },
        ],
      },
      {
        element: <AccountLayout />,
        children: [
          {
            element: <GuestRoute />,
            children: [
              { path: paths.login.path, element: <LoginRoute /> },
              { path: paths.register.path, element: <RegisterRoute /> },
            ],
          },
          { path: paths.authCallback.path, element: <AuthCallbackRoute /> },
          { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
    ],
  },
];

/** The browser router of the app. */
export function buildRouter() {
  return createBrowserRouter(routes);
}
