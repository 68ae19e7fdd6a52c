import { prerender } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { BaseProvider } from './app/base-provider';
import { PUBLIC_PAGE_PATHS, PublicRoutes } from './app/public-app';
import { AiDesignerContext } from './lib/ai-designer';
import { GithubExportContext } from './lib/github-export';
import { HostingOfferContext } from './lib/hosting-offer';
import { buildQueryClient } from './lib/query-client';

export { PUBLIC_PAGE_PATHS };

/**
 * The variants each public page is rendered in: GitHub configured on the server or not (issue 14),
 * and a default model configured or not (issue 25; absent: not).
 */
export interface PublicPageOptions {
  githubExport: boolean;
  aiDesigner?: boolean;
  /** Issue 27: one-click deploy offered (absent: not). */
  hostingOffer?: boolean;
}

function PublicPage({
  pathname,
  githubExport,
  aiDesigner = false,
  hostingOffer = false,
}: { pathname: string } & PublicPageOptions) {
  return (
    <BaseProvider queryClient={buildQueryClient()}>
      <GithubExportContext value={githubExport}>
        <AiDesignerContext value={aiDesigner}>
          <HostingOfferContext value={hostingOffer}>
            <StaticRouter location={pathname}>
              <PublicRoutes otherwise={null} />
            </StaticRouter>
          </HostingOfferContext>
        </AiDesignerContext>
      </GithubExportContext>
    </BaseProvider>
  );
}

/**
 * Renders a public page to HTML at build time (issue 13 item 6), as a signed-out visitor whose
 * session is still loading sees it: the same tree `hydrate-public.tsx` hydrates (providers add no
 * markup). A first `prerender` waits for the lazy parts (the legal pages, the landing page's lower
 * sections); the final pass renders them inline, because a suspended boundary would be sent as a
 * hidden segment revealed by an inline script, which the server's Content-Security-Policy refuses.
 */
export async function renderPublicPage(
  pathname: string,
  options: PublicPageOptions = { githubExport: true },
): Promise<string> {
  const page = <PublicPage pathname={pathname} {...options} />;
  const { prelude } = await prerender(page);
  await new Response(prelude).text();
  const html = renderToString(page);
  if (/<script|<template|<!--\$[?!]-->/.test(html)) {
    throw new Error(`Prerendering ${pathname} left a suspended part: ${html.slice(0, 200)}`);
  }
  return html;
}
