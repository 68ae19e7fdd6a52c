// First: schemas built by the imports below must not compile with eval (CSP).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BaseProvider } from './app/base-provider';
import { LeavePublicPages, PublicRoutes } from './app/public-app';

/**
 * Hydrates a prerendered public page (`/`, `/terms`, `/privacy`; issue 13 item 6), the static HTML
 * written at build time (`scripts/prerender.mjs`); `entry-public.tsx` loads this module once the page
 * has painted. Navigating to any other screen loads that URL from the server (the full app).
 */
function PublicRoot() {
  return (
    <BaseProvider>
      <BrowserRouter>
        <PublicRoutes otherwise={<LeavePublicPages />} />
      </BrowserRouter>
    </BaseProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// In a transition, hydration yields to the browser every few milliseconds instead of holding the main
// thread for the whole page (the page is already visible; clicks meanwhile replay after hydration).
startTransition(() => {
  hydrateRoot(
    container,
    <StrictMode>
      <PublicRoot />
    </StrictMode>,
  );
});
