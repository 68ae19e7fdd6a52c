import { createContext, useContext } from 'react';

/**
 * Whether this server can push a rebuilt site to GitHub (issue 14: the landing page's claims match
 * what is configured). The public pages are prerendered in both variants; the server sends the one
 * that matches its configuration, marked `<html data-github="on">` or `"off"`, and hydration renders
 * the same variant. The default is read from that mark too; a page without it (the app's shell)
 * claims no more than the zip download, which every server offers.
 */
export const GithubExportContext = createContext<boolean>(
  typeof document !== 'undefined' && document.documentElement.dataset.github === 'on',
);

/** True when rebuilt sites can be published to GitHub on this server. */
export function useGithubExport(): boolean {
  return useContext(GithubExportContext);
}
