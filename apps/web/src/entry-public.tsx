import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BaseProvider } from './app/provider';
import { LeavePublicPages, PublicRoutes } from './app/public-app';
import './index.css';

/**
 * Entry of the prerendered public pages (`/`, `/terms`, `/privacy`; issue 13 item 6): hydrates the
 * static HTML written at build time (`scripts/prerender.mjs`). Navigating to any other screen loads
 * that URL from the server, which answers with the full app.
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

hydrateRoot(
  container,
  <StrictMode>
    <PublicRoot />
  </StrictMode>,
);
