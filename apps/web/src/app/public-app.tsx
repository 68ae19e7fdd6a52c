import { lazy, Suspense, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLayout } from '../components/layout/page-layout';
import { paths } from '../config/paths';
import { LandingRoute } from './routes/landing';

/**
 * The public pages (issue 13 item 6): prerendered to static HTML at build time and hydrated by
 * `entry-public.tsx` (a build of its own). Their bundle holds React and the pages only: its builds
 * resolve `react-router`, `lib/auth.ts` and `lib/query-client.ts` to small stand-ins
 * (`public-router.tsx`, `public-session.ts`, `public-query-client.tsx`; see `scripts/prerender.mjs`),
 * so `/` loads neither the router, nor the data cache, nor a schema library before it is
 * interactive; the parts that fetch load them later. Any other path loads the full app.
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

/** What a legal page shows while its code loads after a navigation from another public page. */
const PAGE_PLACEHOLDER = <div className="min-h-[60vh]" aria-busy="true" />;

/**
 * The full app's RootLayout + AppLayout without the data router: scroll to the top on a new page,
 * the per-page error boundary, the full top bar (its credit balance loaded lazily) and the footer.
 */
function PublicLayout({ children }: { children: ReactNode }) {
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
        {children}
      </PageLayout>
    </ErrorBoundary>
  );
}

/**
 * The public pages' routes; `otherwise` renders for every other path (the server renders nothing
 * there, the browser switches to the full app).
 */
export function PublicRoutes({ otherwise }: { otherwise: ReactNode }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/(.)\/+$/, '$1');
  let page: ReactNode;
  if (path === paths.home.path) page = <LandingRoute />;
  else if (path === paths.terms.path) page = <TermsRoute />;
  else if (path === paths.privacy.path) page = <PrivacyRoute />;
  else return otherwise;
  return (
    <PublicLayout>
      <Suspense fallback={PAGE_PLACEHOLDER}>{page}</Suspense>
    </PublicLayout>
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
  return PAGE_PLACEHOLDER;
}
