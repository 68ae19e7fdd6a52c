import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './components/error-boundary';
import { AiDesignerContext } from './lib/ai-designer';
import { GithubExportContext } from './lib/github-export';
import { HostingOfferContext } from './lib/hosting-offer';
import { DeferredToaster } from './app/deferred-toaster';
import { LeavePublicPages, PublicRoutes } from './app/public-app';

/**
 * Hydrates a prerendered public page (`/`, `/terms`, `/privacy`; issue 13 item 6), the static HTML
 * written at build time (`scripts/prerender.mjs`); `entry-public.tsx` loads this module once the page
 * has painted. The tree is `entry-server.tsx`'s without the data cache's provider (the public
 * build's `lib/query-client.ts` needs none), in the GitHub variant the page was rendered in
 * (`<html data-github>`, issue 14) the AI variant (`<html data-ai>`, issue 25) and the hosting variant (`<html data-hosting>`, issue 27). Navigating to any other screen loads that URL from the server.
 */
function PublicRoot() {
  return (
    <ErrorBoundary>
      <GithubExportContext value={document.documentElement.dataset.github === 'on'}>
        <AiDesignerContext value={document.documentElement.dataset.ai === 'on'}>
          <HostingOfferContext value={document.documentElement.dataset.hosting === 'on'}>
            <BrowserRouter>
              <PublicRoutes otherwise={<LeavePublicPages />} />
            </BrowserRouter>
          </HostingOfferContext>
        </AiDesignerContext>
      </GithubExportContext>
      <DeferredToaster />
    </ErrorBoundary>
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
