import { createContext, useContext } from 'react';

/**
 * Whether this server offers one-click deploy to static hosts (issue 27: the landing page's claims
 * follow configuration, as the GitHub ones do — lib/github-export.ts). The server sends the public
 * pages' hosting variant and the app's shell marked `<html data-hosting="on">` when HOSTING_PROVIDERS
 * names at least one host; the roadmap then lists "One-click deployment" as live.
 */
export const HostingOfferContext = createContext<boolean>(
  typeof document !== 'undefined' && document.documentElement.dataset.hosting === 'on',
);

/** True when rebuilt sites can be deployed to a static host from this server. */
export function useHostingOffer(): boolean {
  return useContext(HostingOfferContext);
}
