import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouteErrorFallback } from '../components/error-boundary';
import { LoadingScreen } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { GuestRoute, ProtectedRoute } from '../features/auth/components/route-guards';
import { LandingRoute } from './routes/landing';
import { AccountLayout, AppLayout, RootLayout } from './routes/layouts';

// Screens other than the landing page load on demand, so the first visit downloads less.
const lazyRoutes = {
  login: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }),
  register: async () => ({ Component: (await import('./routes/auth/register')).RegisterRoute }),
  authCallback: async () => ({
    Component: (await import('./routes/auth/callback')).AuthCallbackRoute,
  }),
  resetPassword: async () => ({
    Component: (await import('./routes/auth/reset-password')).ResetPasswordRoute,
  }),
  dashboard: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
  profileEdit: async () => ({
    Component: (await import('./routes/profile-edit')).ProfileEditRoute,
  }),
  terms: async () => ({ Component: (await import('./routes/legal')).TermsRoute }),
  privacy: async () => ({ Component: (await import('./routes/legal')).PrivacyRoute }),
  createProject: async () => ({
    Component: (await import('./routes/create-project')).CreateProjectRoute,
  }),
  editProject: async () => ({
    Component: (await import('./routes/edit-project')).EditProjectRoute,
  }),
  projectReport: async () => ({
    Component: (await import('./routes/project-report')).ProjectReportRoute,
  }),
  billing: async () => ({ Component: (await import('./routes/billing')).BillingRoute }),
  webhooks: async () => ({ Component: (await import('./routes/webhooks')).WebhooksRoute }),
  batches: async () => ({ Component: (await import('./routes/batches')).BatchesRoute }),
  batch: async () => ({ Component: (await import('./routes/batches')).BatchRoute }),
  testCheckout: async () => ({
    Component: (await import('./routes/test-checkout')).TestCheckoutRoute,
  }),
  githubRedirectHandler: async () => ({
    Component: (await import('./routes/github/redirect-handler')).GithubRedirectHandlerRoute,
  }),
  githubCallback: async () => ({
    Component: (await import('./routes/github/callback')).GithubCallbackRoute,
  }),
};

/** The route table of spec §2 with its guards. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    // Shown while the first screen's code loads on a direct visit to a lazy route.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: paths.home.path, element: <LandingRoute /> },
          { path: paths.terms.path, lazy: lazyRoutes.terms },
          { path: paths.privacy.path, lazy: lazyRoutes.privacy },
          {
            element: <ProtectedRoute />,
            children: [
              { path: paths.dashboard.path, lazy: lazyRoutes.dashboard },
              { path: paths.createProject.path, lazy: lazyRoutes.createProject },
              { path: paths.editProject.path, lazy: lazyRoutes.editProject },
              { path: paths.projectReport.path, lazy: lazyRoutes.projectReport },
              { path: paths.editProfile.path, lazy: lazyRoutes.profileEdit },
              { path: paths.billing.path, lazy: lazyRoutes.billing },
              { path: paths.webhooks.path, lazy: lazyRoutes.webhooks },
              { path: paths.batches.path, lazy: lazyRoutes.batches },
              { path: paths.batch.path, lazy: lazyRoutes.batch },
              { path: paths.testCheckout.path, lazy: lazyRoutes.testCheckout },
              { path: paths.githubRedirectHandler.path, lazy: lazyRoutes.githubRedirectHandler },
              { path: paths.githubAuthCallback.path, lazy: lazyRoutes.githubRedirectHandler },
              { path: paths.githubCallback.path, lazy: lazyRoutes.githubCallback },
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
              { path: paths.login.path, lazy: lazyRoutes.login },
              { path: paths.register.path, lazy: lazyRoutes.register },
            ],
          },
          { path: paths.authCallback.path, lazy: lazyRoutes.authCallback },
          { path: paths.resetPassword.path, lazy: lazyRoutes.resetPassword },
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
