import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { site } from '../content/site';
import { Footer } from './Footer';
import { Header } from './Header';
import { useAnalytics } from '../lib/analytics';
import { useScrollOnNavigate } from '../lib/scroll-on-navigate';

/** Skip link, header, main landmark and footer around every route. */
export function Layout() {
  useAnalytics(site.features.analytics);
  useScrollOnNavigate();
  // The route shown, for a page drawn on a picture of its own (the stylesheet's body:has rules).
  const route = useLocation().pathname.replace(/(.)\/+$/, '$1');
  return (
    <>
      <a href="#main" className="skip-link">
        {site.labels.skip}
      </a>
      <Header />
      <main id="main" tabIndex={-1} data-route={route}>
        {/* A page whose content is still loading keeps the footer below the fold (no layout shift). */}
        <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
