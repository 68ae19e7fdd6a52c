import { useEffect } from 'react';
import { site } from '../content/site';
import type { PageAlternate } from '../content/site-types';
import { basePath } from '../lib/asset';

/** The site's public address: VITE_SITE_URL when set, else the current origin and base path. */
export function siteOrigin(): string {
  const configured: string = import.meta.env.VITE_SITE_URL ?? '';
  if (configured) return configured.replace(/\/$/, '');
  return typeof window === 'undefined' ? site.siteUrl : window.location.origin + basePath;
}

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

function meta(key: 'name' | 'property', name: string, content: string) {
  upsert(
    'meta[' + key + '="' + name + '"]',
    () => {
      const element = document.createElement('meta');
      element.setAttribute(key, name);
      return element;
    },
    'content',
    content,
  );
}

/**
 * The page's `hreflang` links (issue 23): one per language version, and `x-default` for the start
 * page's language; a page without versions has none (a previous page's are removed).
 */
export function toAlternateLinks(
  alternates: PageAlternate[] | undefined,
): { hreflang: string; route: string }[] {
  if (!alternates || alternates.length < 2) return [];
  const entry = alternates.find((alternate) => alternate.code === site.language.split('-')[0]);
  return [
    ...alternates.map((alternate) => ({ hreflang: alternate.code, route: alternate.route })),
    ...(entry ? [{ hreflang: 'x-default', route: entry.route }] : []),
  ];
}

/** Keeps the document head in step with the route. */
export function Seo({
  title,
  description,
  route,
  language,
}: {
  title: string;
  description: string;
  route: string;
  language: string;
}) {
  useEffect(() => {
    const url = siteOrigin() + route;
    document.title = title;
    document.documentElement.lang = language;
    meta('name', 'description', description);
    meta('property', 'og:title', title);
    meta('property', 'og:description', description);
    meta('property', 'og:type', 'website');
    meta('property', 'og:url', url);
    // A site that names itself nowhere gets no name from its host.
    if (!site.nameIsHost || site.siteName)
      meta('property', 'og:site_name', site.siteName ?? site.name);
    upsert(
      'link[rel="canonical"]',
      () => {
        const element = document.createElement('link');
        element.setAttribute('rel', 'canonical');
        return element;
      },
      'href',
      url,
    );
    for (const stale of document.head.querySelectorAll('link[rel="alternate"][hreflang]'))
      stale.remove();
    for (const link of toAlternateLinks(site.alternates?.[route])) {
      const element = document.createElement('link');
      element.setAttribute('rel', 'alternate');
      element.setAttribute('hreflang', link.hreflang);
      element.setAttribute('href', siteOrigin() + link.route);
      document.head.appendChild(element);
    }
  }, [title, description, route, language]);
  return null;
}
