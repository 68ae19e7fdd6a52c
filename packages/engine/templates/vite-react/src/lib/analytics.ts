import { useEffect } from 'react';
import { useLocation } from 'react-router';

const ENDPOINT: string = import.meta.env.VITE_ANALYTICS_ENDPOINT ?? '';

/**
 * Sends a page view per route change to VITE_ANALYTICS_ENDPOINT when the site has the analytics
 * feature (`site.features.analytics`); does nothing when it is off or the endpoint is not set.
 */
export function useAnalytics(enabled: boolean) {
  const location = useLocation();
  useEffect(() => {
    if (!enabled || !ENDPOINT || typeof navigator === 'undefined' || !navigator.sendBeacon) return;
    const body = JSON.stringify({ path: location.pathname, referrer: document.referrer || null });
    navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }));
  }, [enabled, location.pathname]);
}
