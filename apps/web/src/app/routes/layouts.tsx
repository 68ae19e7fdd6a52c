import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { PageLayout } from '../../components/layout/page-layout';
import { CreditBalanceBadge } from '../../features/billing/components/credit-balance-badge';

/** Root: scroll restoration and a per-page error boundary that resets on navigation. */
export function RootLayout() {
  const location = useLocation();
  return (
    <>
      <ScrollRestoration />
      <ErrorBoundary resetKey={location.pathname}>
        <Outlet />
      </ErrorBoundary>
    </>
  );
}

/** Pages with the full top bar and the footer. */
export function AppLayout() {
  return (
    <PageLayout topBar="full" accountExtras={<CreditBalanceBadge />}>
      <Outlet />
    </PageLayout>
  );
}

/** The account screens: the minimal top bar, no footer. */
export function AccountLayout() {
  return (
    <PageLayout topBar="minimal" footer={false}>
      <Outlet />
    </PageLayout>
  );
}
