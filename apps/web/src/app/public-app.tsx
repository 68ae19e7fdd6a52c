import { lazy, Suspense, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLayout } from '../components/layout/page-layout';
import { LoadingScreen } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { LandingRoute } from './routes/landing';

/**
 * The public pages (issue 13 item 6): prerendered to static HTML at build time and hydrated by
 * `entry-public.tsx` (a build of its own) with the declarative router only, so `/` does not load
 * the data router, the guards or any signed-in screen. Any other path loads the full app.
 */
export const PUBLIC_PAGE_PATHS = [paths.home.path, paths.terms.path, paths.privacy.path] as const;

/** Whether `pathname` is one of the prerendered public pages. */
export function isPublicPagePath(pathname: string): boolean {
  return (PUBLIC_PAGE_PATHS as readonly string[]).includes(pathname.replace(/(.)\/+$/, '$1'));
}

const TermsRoute = lazy(async () => ({ default: (await import('./routes/legal')).TermsRoute }));
const PrivacyRoute = lazy(async () => ({ default: (await import('./routes/legal')).PrivacyRoute }));

// The credit balance shows for signed-in users only, after their balance is read: its code (and the
// full zod of its schema) loads with it rather than with the page.
const CreditBalanceBadge = lazy(async () => ({
  default: (await import('../features/billing/components/credit-balance-badge')).CreditBalanceBadge,
}));

/**
 * The full app's RootLayout + AppLayout without the data router: scroll to the top on a new page,
 * the per-page error boundary, the full top bar (its credit balance loaded lazily) and the footer.
 */
function PublicLayout() {
  const location = useLocation();
  const firstPageKey = useRef(location.key);
  useEffect(() => {
    // The page the browser loaded keeps its scroll position (the visitor may have scrolled before
    // hydration); a page opened by a link starts at the top or at its anchor, which may belong to a
    // lazily loaded section (pricing, FAQ): it is looked for during the next second.
    if (location.key === firstPageKey.current) return undefined;
    if (!location.hash) {
      window.scrollTo(0, 0);
      return undefined;
    }
    const id = decodeURIComponent(location.hash.slice(1));
    const deadline = Date.now() + 1000;
    let frame = 0;
    const scrollToAnchor = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      else if (Date.now() < deadline) frame = requestAnimationFrame(scrollToAnchor);
    };
    scrollToAnchor();
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash]);
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <PageLayout
        topBar="full"
        accountExtras={
          <Suspense fallback={null}>
            <CreditBalanceBadge />
          </Suspense>
        }
      >
        <Outlet />
      </PageLayout>
    </ErrorBoundary>
  );
}

/**
 * The public pages' routes; `otherwise` renders for every other path (the server renders nothing
 * there, the browser switches to the full app).
 */
export function PublicRoutes({ otherwise }: { otherwise: ReactNode }) {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.home.path} element={<LandingRoute />} />
        <Route
          path={paths.terms.path}
          element={
            <Suspense fallback={<LoadingScreen />}>
              <TermsRoute />
            </Suspense>
          }
        />
        <Route
          path={paths.privacy.path}
          element={
            <Suspense fallback={<LoadingScreen />}>
              <PrivacyRoute />
            </Suspense>
          }
        />
      </Route>
      <Route path="*" element={otherwise} />
    </Routes>
  );
}

/**
 * Rendered when a public page navigates to another screen (e.g. 'Sign In'): the public pages' bundle
 * holds none of the other screens, so the browser loads the URL the router has just pushed, and
 * the server answers it with the full app. The router's state (`history.state`) survives the reload.
 */
export function LeavePublicPages() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return <LoadingScreen />;
}
