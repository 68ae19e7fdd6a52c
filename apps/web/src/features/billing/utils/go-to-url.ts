import type { NavigateFunction } from 'react-router';

/**
 * Sends the browser to `url` (spec §4: a checkout_url redirects the browser): a same-origin path
 * (the test-mode checkout) through the router, any other address (Stripe Checkout) by a full load.
 */
export function goToUrl(url: string, navigate: NavigateFunction): void {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin) {
    void navigate(`${target.pathname}${target.search}${target.hash}`);
  } else {
    window.location.assign(target.toString());
  }
}
