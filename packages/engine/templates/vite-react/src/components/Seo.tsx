import { useEffect } from 'react';
import { site } from '../content/site';
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
  }, [title, description, route, language]);
  return null;
}
