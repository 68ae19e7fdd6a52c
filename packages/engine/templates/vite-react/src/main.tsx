import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { site } from './content/site';
import { asset, basePath } from './lib/asset';
import { preloadPage } from './lib/page-content';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
// The router's basename keeps the base path's trailing slash, so the start page's links read "/docs/".
const app = (
  <StrictMode>
    <BrowserRouter basename={import.meta.env.BASE_URL}>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// A prerendered page (FULL_REBUILD) already holds this route's markup: hydrate it. Any other path
// served with a prerendered page (a host's SPA fallback) is rendered from scratch.
// An old bookmark of the original's client-side routes (`/#/guide`) opens that page's route.
const hashRoute = site.hashRoutes?.[window.location.hash];
if (hashRoute) window.history.replaceState(null, '', `${basePath}${hashRoute}`);
const path = window.location.pathname.slice(basePath.length).replace(/\/+$/, '') || '/';
// The first page's content loads before React starts, so it shows at once, without a placeholder.
void preloadPage(path).then(() => {
  if (root.firstElementChild && root.dataset.route === path) hydrateRoot(root, app);
  else createRoot(root).render(app);
});

// The site's offline support (`site.features.pwa`, FULL_REBUILD): its service worker, public/sw.js.
if (site.features.pwa && import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    // A sandboxed document (an opaque origin, e.g. a preview) may not use service workers at all.
    try {
      navigator.serviceWorker.register(asset('sw.js')).catch(() => undefined);
    } catch {
      // No offline support there; the site works the same.
    }
  });
}
