import './index.css';

/**
 * Entry of the prerendered public pages (issue 13 item 6). The page is complete HTML and CSS, so its
 * first paint waits for nothing else: the code that hydrates it (React, the router, the data cache
 * and the page's components, `hydrate-public.tsx`) starts loading after that paint instead of
 * sharing the network with the stylesheet. Links work as plain links until then.
 */
function hydrate(): void {
  import('./hydrate-public').catch((error: unknown) => {
    // The page stays usable as static HTML; the next navigation loads the scripts again.
    console.error('Loading the page scripts failed', error);
  });
}

if (document.visibilityState === 'visible') {
  // The callback runs before the next frame; the timeout moves the work after that frame's paint.
  requestAnimationFrame(() => setTimeout(hydrate, 0));
} else {
  hydrate();
}
