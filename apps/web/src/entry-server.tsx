import { prerender } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { BaseProvider } from './app/base-provider';
import { PUBLIC_PAGE_PATHS, PublicRoutes } from './app/public-app';
import { buildQueryClient } from './lib/query-client';

export { PUBLIC_PAGE_PATHS };

function PublicPage({ pathname }: { pathname: string }) {
  return (
    <BaseProvider queryClient={buildQueryClient()}>
      <StaticRouter location={pathname}>
        <PublicRoutes otherwise={null} />
      </StaticRouter>
    </BaseProvider>
  );
}

/**
 * Renders a public page to HTML at build time (issue 13 item 6), as a signed-out visitor whose
 * session is still loading sees it: the same tree `entry-public.tsx` hydrates. A first `prerender`
 * waits for the lazy parts (the legal pages, the landing page's lower sections); the final pass
 * renders them inline, because a suspended boundary would be sent as a hidden segment revealed by an
 * inline script, which the server's Content-Security-Policy refuses.
 */
export async function renderPublicPage(pathname: string): Promise<string> {
  const { prelude } = await prerender(<PublicPage pathname={pathname} />);
  await new Response(prelude).text();
  const html = renderToString(<PublicPage pathname={pathname} />);
  if (/<script|<template|<!--\$[?!]-->/.test(html)) {
    throw new Error(`Prerendering ${pathname} left a suspended part: ${html.slice(0, 200)}`);
  }
  return html;
}
