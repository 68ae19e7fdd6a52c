import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './App';
import { pages } from './content/pages';
import { site } from './content/site';
import { toAlternateLinks, toDirection } from './components/Seo';
import { basePath } from './lib/asset';

/** Every route to prerender. */
export const routes: string[] = pages.map((page) => page.route);

/** The base path the site was built for ('/' or e.g. '/docs/'): where dist/ is served. */
export const base: string = import.meta.env.BASE_URL;

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

async function readStream(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream)
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * The HTML of a route and the head tags it needs (title, description, canonical, Open Graph). Waits
 * for pages whose content loads on first view, so every route's markup is complete.
 */
export async function render(
  route: string,
): Promise<{ html: string; head: string; language: string; direction: 'rtl' | 'ltr' }> {
  const page = pages.find((candidate) => candidate.route === route);
  const title = page?.title ?? site.name;
  const description = page?.description ?? site.description;
  const origin = (import.meta.env.VITE_SITE_URL ?? '').replace(/\/$/, '');
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter basename={base} location={basePath + route}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const html = await readStream(prelude);
  const head = [
    '<title>' + escape(title) + '</title>',
    '<meta name="description" content="' + escape(description) + '" />',
    '<meta property="og:title" content="' + escape(title) + '" />',
    '<meta property="og:description" content="' + escape(description) + '" />',
    '<meta property="og:type" content="website" />',
    !site.nameIsHost || site.siteName
      ? '<meta property="og:site_name" content="' + escape(site.siteName ?? site.name) + '" />'
      : '',
    origin ? '<link rel="canonical" href="' + escape(origin + route) + '" />' : '',
    origin ? '<meta property="og:url" content="' + escape(origin + route) + '" />' : '',
    ...toAlternateLinks(site.alternates?.[route]).map(
      (link) =>
        '<link rel="alternate" hreflang="' +
        escape(link.hreflang) +
        '" href="' +
        escape((origin || basePath) + link.route) +
        '" />',
    ),
  ]
    .filter(Boolean)
    .join('\n    ');
  const language = page?.language ?? site.language;
  return { html, head, language, direction: toDirection(language) };
}
