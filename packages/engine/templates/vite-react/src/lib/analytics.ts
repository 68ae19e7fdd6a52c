import { useEffect } from 'react';
import { useLocation } from 'react-router';

const ENDPOINT: string = import.meta.env.VITE_ANALYTICS_ENDPOINT ?? '';

/** Sends a page view per route change to VITE_ANALYTICS_ENDPOINT; does nothing when it is not set. */
export function useAnalytics() {
  const location = useLocation();
  useEffect(() => {
    if (!ENDPOINT || typeof navigator === 'undefined' || !navigator.sendBeacon) return;
    const body = JSON.stringify({ path: location.pathname, referrer: document.referrer || null });
    navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }));
  }, [location.pathname]);
}
