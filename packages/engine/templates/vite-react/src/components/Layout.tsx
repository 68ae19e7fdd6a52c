import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { site } from '../content/site';
import { Footer } from './Footer';
import { Header } from './Header';
import { useAnalytics } from '../lib/analytics';
import { useScrollOnNavigate } from '../lib/scroll-on-navigate';

/** Skip link, header, main landmark and footer around every route. */
export function Layout() {
  useAnalytics(site.features.analytics);
  useScrollOnNavigate();
  return (
    <>
      <a href="#main" className="skip-link">
        {site.labels.skip}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {/* A page whose content is still loading keeps the footer below the fold (no layout shift). */}
        <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
